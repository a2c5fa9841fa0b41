// Lighthouse 12 (mobile) on the built login page, in Debian's Chromium.
// Fails below: performance 90, accessibility 100, best practices 100. Report in test-results/.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { ensureBuilt, root } from "./lib.mjs";

const PORT = process.env.LIGHTHOUSE_PORT ?? "3200";
const THRESHOLDS = { performance: 0.9, accessibility: 1, "best-practices": 1 };
const dataDir = path.join(root, "data-lighthouse");

ensureBuilt();
rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, ["dist/server/main.js"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT,
    PG_PORT: "54410",
    DATA_DIR: dataDir,
    SEED_DEMO: "never",
    LOG_LEVEL: "warn",
  },
});

async function waitForHealth() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://localhost:${PORT}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("le serveur n'a pas démarré");
}

let chrome;
let failed = false;
try {
  await waitForHealth();
  chrome = await chromeLauncher.launch({
    chromePath: "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const result = await lighthouse(`http://localhost:${PORT}/login`, {
    port: chrome.port,
    output: "html",
    logLevel: "error",
    onlyCategories: Object.keys(THRESHOLDS),
  });
  mkdirSync(path.join(root, "test-results"), { recursive: true });
  writeFileSync(path.join(root, "test-results", "lighthouse-login.html"), result.report);
  for (const [id, min] of Object.entries(THRESHOLDS)) {
    const category = result.lhr.categories[id];
    const score = category?.score ?? 0;
    const ok = score >= min;
    failed ||= !ok;
    console.info(`${ok ? "✓" : "✗"} ${category?.title ?? id}: ${Math.round(score * 100)} (minimum ${min * 100})`);
    if (!ok) {
      for (const ref of category?.auditRefs ?? []) {
        const audit = result.lhr.audits[ref.id];
        if (audit && audit.score !== null && audit.score < 1 && ref.weight > 0) {
          console.info(`   - ${audit.title}: ${audit.displayValue ?? audit.score}`);
        }
      }
    }
  }
} finally {
  await chrome?.kill();
  server.kill("SIGTERM");
  await new Promise((r) => server.on("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
