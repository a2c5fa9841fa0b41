// Lighthouse 12 (mobile) on the built login page, in Debian's Chromium.
// Fails below: performance 90 (median of 5 runs), accessibility 100, best practices 100 (every run).
// A run Chromium failed to record (Lighthouse runtime error) is run again, twice at most.
// Report of the median run in test-results/.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { ensureBuilt, root } from "./lib.mjs";

const PORT = process.env.LIGHTHOUSE_PORT ?? "3200";
const THRESHOLDS = { performance: 0.9, accessibility: 1, "best-practices": 1 };
const RUNS = 5;
const MAX_FAILED_RECORDINGS = 2;
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
  // Lighthouse's own advice for a noisy machine: several runs, the median performance score.
  // Accessibility and best practices are deterministic: every run must reach them.
  // A first, discarded run warms Chromium itself up (the page's caches are cleared before each run).
  // A run whose trace Chromium failed to record (lhr.runtimeError, e.g. NO_NAVSTART: « Please run
  // Lighthouse again ») measured nothing: every category scores 0. It is reported and run again, at
  // most MAX_FAILED_RECORDINGS times in all; a page that really scores low still fails.
  const measure = () =>
    lighthouse(`http://localhost:${PORT}/login`, {
      port: chrome.port,
      output: "html",
      logLevel: "error",
      onlyCategories: Object.keys(THRESHOLDS),
    });
  const runs = [];
  let failedRecordings = 0;
  await measure();
  while (runs.length < RUNS) {
    const result = await measure();
    const error = result.lhr.runtimeError;
    if (error && failedRecordings < MAX_FAILED_RECORDINGS) {
      failedRecordings++;
      console.info(`Mesure non enregistrée par Chromium (${error.code}), relancée`);
      continue;
    }
    runs.push(result);
  }
  runs.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
  const median = runs[Math.floor(runs.length / 2)];
  mkdirSync(path.join(root, "test-results"), { recursive: true });
  writeFileSync(path.join(root, "test-results", "lighthouse-login.html"), median.report);
  console.info(
    `Performance des ${RUNS} mesures : ${runs.map((r) => Math.round((r.lhr.categories.performance?.score ?? 0) * 100)).join(", ")}`,
  );
  const scoreOf = (run, id) => run.lhr.categories[id]?.score ?? 0;
  for (const [id, min] of Object.entries(THRESHOLDS)) {
    // The run that decides: the median for performance, the worst one for the others.
    const decisive =
      id === "performance"
        ? median
        : runs.reduce((worst, run) => (scoreOf(run, id) < scoreOf(worst, id) ? run : worst));
    const category = decisive.lhr.categories[id];
    const score = scoreOf(decisive, id);
    const ok = score >= min;
    failed ||= !ok;
    console.info(`${ok ? "✓" : "✗"} ${category?.title ?? id}: ${Math.round(score * 100)} (minimum ${min * 100})`);
    if (!ok) {
      const error = decisive.lhr.runtimeError;
      if (error) console.info(`   ! ${error.code} : ${error.message}`);
      for (const warning of decisive.lhr.runWarnings ?? []) console.info(`   ! ${warning}`);
      for (const ref of category?.auditRefs ?? []) {
        const audit = decisive.lhr.audits[ref.id];
        if (audit && ref.weight > 0 && (audit.score === null || audit.score < 1)) {
          console.info(`   - ${audit.title}: ${audit.errorMessage ?? audit.displayValue ?? audit.score}`);
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
