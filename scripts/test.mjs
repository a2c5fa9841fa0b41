// `npm test`: installs what the tests need (npm packages; Debian's Chromium, PostgreSQL 15, xmllint and
// poppler-utils when missing), then runs every test: types, lint, unit + HTTP (embedded PostgreSQL), HTTP again on
// Debian's PostgreSQL 15, the production build, the Playwright journeys in Chromium, Lighthouse.

import { existsSync } from "node:fs";
import { ensureInstalled, run } from "./lib.mjs";

const PG15_BIN = "/usr/lib/postgresql/15/bin";

function aptInstall(packages) {
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const apt = (...args) =>
    run(sudo[0] ?? "apt-get", sudo.length ? ["apt-get", ...args] : args, {
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  console.info(`Installation de ${packages.join(", ")} (paquets Debian)…`);
  apt("update", "-qq");
  apt("install", "-y", "-qq", "--no-install-recommends", ...packages);
}

ensureInstalled();
const missing = [];
if (!existsSync("/usr/bin/chromium")) missing.push("chromium", "fonts-dejavu-core");
if (!existsSync(`${PG15_BIN}/postgres`)) missing.push("postgresql-15");
// xmllint: the Factur-X XML checked against the CII D16B XML Schema (facturx/cii.test.ts).
if (!existsSync("/usr/bin/xmllint")) missing.push("libxml2-utils");
// pdfinfo, pdfdetach, pdffonts: the Factur-X PDF checked (PDF/A XMP, factur-x.xml, embedded fonts; facturx-pdf.test.ts).
if (!existsSync("/usr/bin/pdfdetach")) missing.push("poppler-utils");
if (missing.length) aptInstall(missing);

const step = (title) => console.info(`\n▶ ${title}`);
step("Types (tsc -b)");
run("npx", ["tsc", "-b"]);
step("Lint (biome)");
run("npx", ["biome", "ci", "."]);
step("Unit, web and HTTP tests (vitest, embedded PostgreSQL)");
run("npx", ["vitest", "run"]);
step("HTTP tests on Debian's PostgreSQL 15 (DATABASE_URL path, non-superuser owner)");
run(process.execPath, ["scripts/test-pg15.mjs"]);
step("Build");
run("npm", ["run", "build"]);
step("Browser journeys (Playwright, /usr/bin/chromium)");
run("npx", ["playwright", "test"], { env: { ...process.env, CI: process.env.CI ?? "1" } });
step(
  "Lighthouse 12 (mobile) on /login and, signed in, /, /clients, /quotes, /settings, /projects, /calendar, /invoices, /library: thresholds in scripts/lighthouse.mjs",
);
run(process.execPath, ["scripts/lighthouse.mjs"]);
console.info("\n✓ Tous les tests sont passés.");
