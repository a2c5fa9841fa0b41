// `npm test`: installs what the tests need (npm packages; Debian's Chromium, PostgreSQL 15, xmllint and
// poppler-utils when missing), then runs every test: types and lint (together), unit + HTTP (embedded
// PostgreSQL), then the HTTP tests of what differs between servers on Debian's PostgreSQL 15 together with
// the production build and the demo database the test servers copy (scripts/lib.mjs), the Playwright
// journeys in Chromium, Lighthouse. Ends with each stage's duration.
//
// Two stages share the machine only where one leaves the cores idle (tsc is single-threaded; the
// PostgreSQL 15 pass waits on its server): the journeys and Lighthouse, which measure time, run alone.

import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { ensureInstalled, freePorts, root, run } from "./lib.mjs";

const PG15_BIN = "/usr/lib/postgresql/15/bin";
const startedAt = performance.now();
/** @type {{ label: string, ms: number, ok: boolean, with?: string }[]} */
const durations = [];

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

const seconds = (ms) => `${(ms / 1000).toFixed(1).replace(".", ",")}\u00a0s`;
const minutes = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}\u00a0min\u00a0${String(s % 60).padStart(2, "0")}\u00a0s`;
};

/** The durations so far, one line a stage, then the total since `npm test` started. */
function printDurations() {
  const width = Math.max(...durations.map((d) => d.label.length), "Total".length);
  console.info("\nDurée des étapes\u00a0:");
  for (const { label, ms, ok, with: alongside } of durations) {
    const mark = ok ? " " : "✗";
    const note = alongside ? `  (en même temps que ${alongside})` : "";
    console.info(`${mark} ${label.padEnd(width)}  ${seconds(ms).padStart(9)}${note}`);
  }
  console.info(`  ${"Total".padEnd(width)}  ${minutes(performance.now() - startedAt).padStart(9)}`);
}

function fail(label) {
  printDurations();
  console.error(`\n✗ Échec\u00a0: ${label}.`);
  process.exit(1);
}

/**
 * Runs one command; its output is streamed (`live`) or kept and printed once it ends, so that two
 * stages running at once never mix their lines. Resolves with its duration and status.
 */
function runStage({ label, title, command, args, env, live }) {
  return new Promise((resolve) => {
    const begin = performance.now();
    if (live) console.info(`\n▶ ${title}`);
    const child = spawn(command, args, {
      cwd: root,
      stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
      env: env ?? process.env,
    });
    const chunks = [];
    child.stdout?.on("data", (chunk) => chunks.push(chunk));
    child.stderr?.on("data", (chunk) => chunks.push(chunk));
    const finish = (code) => {
      const ms = performance.now() - begin;
      if (!live) {
        console.info(`\n▶ ${title}`);
        process.stdout.write(Buffer.concat(chunks));
      }
      if (code !== 0) console.error(`\n✗ ${command} ${args.join(" ")} (code ${code})`);
      resolve({ label, ms, ok: code === 0 });
    };
    child.on("error", (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.on("close", (code, signal) => finish(code ?? signal));
  });
}

/** Runs stages one after the other, stopping at the first that fails. */
async function inTurn(stages, live) {
  const results = [];
  for (const stage of stages) {
    const result = await runStage({ ...stage, live });
    results.push(result);
    if (!result.ok) break;
  }
  return results;
}

/**
 * Runs the stages at once (the first one's output streamed), records each duration, stops on a failure.
 * A stage given as a list is a sequence: its stages run one after the other beside the others.
 */
async function together(...stages) {
  const lanes = await Promise.all(
    stages.map((stage, index) => inTurn(Array.isArray(stage) ? stage : [stage], index === 0)),
  );
  for (const [index, lane] of lanes.entries()) {
    const others = lanes.filter((_, other) => other !== index).flatMap((results) => results.map((r) => r.label));
    for (const result of lane) durations.push({ ...result, with: others.length ? others.join(", ") : undefined });
  }
  const failed = lanes.flat().filter((result) => !result.ok);
  if (failed.length) fail(failed.map((result) => result.label).join(", "));
}

const installBegin = performance.now();
ensureInstalled();
const missing = [];
if (!existsSync("/usr/bin/chromium")) missing.push("chromium", "fonts-dejavu-core");
if (!existsSync(`${PG15_BIN}/postgres`)) missing.push("postgresql-15");
// xmllint: the Factur-X XML checked against the CII D16B XML Schema (facturx/cii.test.ts).
if (!existsSync("/usr/bin/xmllint")) missing.push("libxml2-utils");
// pdfinfo, pdfdetach, pdffonts: the Factur-X PDF checked (PDF/A XMP, factur-x.xml, embedded fonts; facturx-pdf.test.ts).
if (!existsSync("/usr/bin/pdfdetach")) missing.push("poppler-utils");
if (missing.length) aptInstall(missing);
durations.push({ label: "Installation", ms: performance.now() - installBegin, ok: true });

// tsc is single-threaded and Biome takes a few seconds: together they fill the two cores.
await together(
  { label: "Types (tsc -b)", title: "Types (tsc -b)", command: "npx", args: ["tsc", "-b"] },
  { label: "Lint (biome)", title: "Lint (biome)", command: "npx", args: ["biome", "ci", "."] },
);
await together({
  label: "Tests unitaires, web et HTTP (vitest)",
  title: "Unit, web and HTTP tests (vitest, embedded PostgreSQL)",
  command: "npx",
  args: ["vitest", "run"],
});
// The PostgreSQL 15 pass spends much of its time waiting on its server: the build, then the demo
// database the journeys' and Lighthouse's servers copy (scripts/lib.mjs), fill the gaps.
await together(
  {
    label: "HTTP sur PostgreSQL 15",
    title: "HTTP tests on Debian's PostgreSQL 15 (SQL, migrations, RLS; DATABASE_URL path, non-superuser owner)",
    command: process.execPath,
    args: ["scripts/test-pg15.mjs"],
  },
  [
    { label: "Build", title: "Build", command: "npm", args: ["run", "build"] },
    {
      label: "Base de démonstration",
      title: "Demo database for the journeys' and Lighthouse's servers (seeded once, copied by each)",
      command: process.execPath,
      args: ["scripts/demo-database.mjs"],
    },
  ],
);
await together({
  label: "Parcours (Playwright)",
  title: "Browser journeys (Playwright, /usr/bin/chromium)",
  command: "npx",
  args: ["playwright", "test"],
  env: {
    ...process.env,
    CI: process.env.CI ?? "1",
    // The journeys' servers on 3100, 3101, 3102 (one per worker, e2e/support/servers.ts) unless something
    // else holds those ports (another run on the machine, a server left over): then on the next free ones,
    // never failing for a busy port.
    E2E_PORT: process.env.E2E_PORT ?? String(await freePorts(3100, Number(process.env.E2E_WORKERS ?? 3))),
  },
});
await together({
  label: "Lighthouse",
  title:
    "Lighthouse 12 (mobile) on /login and, signed in, /, /clients, /quotes, /settings, /projects, /calendar, /invoices, /library: thresholds in scripts/lighthouse.mjs",
  command: process.execPath,
  args: ["scripts/lighthouse.mjs"],
});
printDurations();
console.info("\n✓ Tous les tests sont passés.");
