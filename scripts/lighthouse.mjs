// Lighthouse 12 (mobile) on the built app, in Debian's Chromium: the login page, then the signed-in
// routes (/, /clients, /quotes, /settings, /projects, /calendar, /invoices, /library) as the demo
// administrator, on a server seeded with the demo book, one after the other in one Chromium.
// Fails, for each route, below its minimum performance (median of RUNS runs after a warm-up: one
// discarded run for the first route, two plain loads of the page for each), accessibility 100 and best
// practices 100 (checked on each route's first run: the same page each time), or above its maximum
// largest contentful paint (median of the same runs' LCPs). Every route is held to the login's target
// (issue 9): performance 90 and LCP under 2.5 s (ADR 0005 §10). Each route prints how long it took.
// A run Chromium failed to record (Lighthouse runtime error) is run again, four times at most per route (nine routes make NO_NAVSTART more likely in one run).
// Report of each route's median run in test-results/lighthouse-<route>.html.
// LIGHTHOUSE_PORT (3200, or the next free one) and LIGHTHOUSE_PG_PORT (one the system finds free) pin the ports;
// LIGHTHOUSE_ROUTES=/quotes,/clients measures some routes only (while working on them).
// LIGHTHOUSE_SERVER: see below; LIGHTHOUSE_REPORTS: the reports' folder instead of test-results/.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { copyDemoDatabase, freePort, freePorts, root } from "./lib.mjs";

const PORT = process.env.LIGHTHOUSE_PORT ?? String(await freePorts(3200));
const PG_PORT = process.env.LIGHTHOUSE_PG_PORT ?? String(await freePort());
const ORIGIN = `http://localhost:${PORT}`;
const RUNS = 3;
const MAX_FAILED_RECORDINGS = 4;
/** Minimum scores, 0–1: performance on the median run (each route's own), the others on every run. */
const THRESHOLDS = { performance: 0.9, accessibility: 1, "best-practices": 1 };
/** The demo administrator (src/server/seed/seed.ts): every permission of a company. */
const ACCOUNT = { email: "admin@durand-renovation.fr", password: "demo1234" };
/**
 * The login page first (signed out), then the signed-in routes, each held to performance 90 (median)
 * and LCP 2.5 s (median). Medians after ADR 0005 §10 (j), with a helper's tests running beside:
 * /login 2.1 s, / 2.2, /clients 2.3, /quotes 2.3, /settings 2.3; performance 94–98. After (l), three
 * runs on the shared machine under heavy load (load average 10–20; performance 70–95, the login's own
 * 68–96): /login 2.3–2.4 s, / 2.2, /clients 2.3–2.6, /quotes 2.4–2.5, /settings 2.3–2.6, /projects
 * 2.3–2.4, /calendar 2.5–2.6, /invoices 2.4, /library 2.3–2.5 (before (l), same load: 2.2–2.3, 2.2,
 * 2.4–2.5, 2.5, 2.6, 2.5–2.6, 2.6–2.7, 2.4–2.5, 2.5). About 30–40 s a route.
 * Never raise a ceiling: find what made the page slower (ADR 0005 §10).
 */
const ROUTES = [
  { path: "/login", signedIn: false, performance: 0.9, maxLcpMs: 2500 },
  { path: "/", signedIn: true, performance: 0.9, maxLcpMs: 2500 },
  { path: "/clients", signedIn: true, performance: 0.9, maxLcpMs: 2500 },
  { path: "/quotes", signedIn: true, performance: 0.9, maxLcpMs: 2500 },
  { path: "/settings", signedIn: true, performance: 0.9, maxLcpMs: 2500 },
  { path: "/projects", signedIn: true, performance: 0.9, maxLcpMs: 2500 },
  { path: "/calendar", signedIn: true, performance: 0.9, maxLcpMs: 2500 },
  { path: "/invoices", signedIn: true, performance: 0.9, maxLcpMs: 2500 },
  { path: "/library", signedIn: true, performance: 0.9, maxLcpMs: 2500 },
].filter((route) => !process.env.LIGHTHOUSE_ROUTES || process.env.LIGHTHOUSE_ROUTES.split(",").includes(route.path));
const dataDir = path.join(root, "data-lighthouse", PORT);
// LIGHTHOUSE_SERVER=<copy>/dist/server/main.js measures a build kept aside (a shared machine where
// another build may replace dist/ during the run); by default dist/, built when out of date.
const reportDir = process.env.LIGHTHOUSE_REPORTS ?? path.join(root, "test-results");
const serverEntry = process.env.LIGHTHOUSE_SERVER ?? "dist/server/main.js";

// The demo book seeded once for the test servers (scripts/lib.mjs), copied; a build kept aside seeds
// its own (its migrations may not be dist/'s).
if (process.env.LIGHTHOUSE_SERVER) rmSync(dataDir, { recursive: true, force: true });
else await copyDemoDatabase(dataDir);
const server = spawn(process.execPath, [serverEntry], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT,
    PG_PORT,
    DATA_DIR: dataDir,
    // The signed-in pages are measured with the demo book: lists as a company really has them (the copy
    // holds it; seeded here if not).
    SEED_DEMO: "always",
    LOG_LEVEL: "warn",
  },
});

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${ORIGIN}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("le serveur n'a pas démarré");
}

/**
 * Signs in through the API and stores the session where the app reads it (localStorage `token` and
 * `auth_user`, src/web/lib/session.ts), through a page of the origin that does not start the app.
 * Lighthouse clears the caches, service workers and Cache Storage before each run, not localStorage
 * (its default clearStorageTypes): the session stays, every run is a signed-in cold start.
 * Done again before each route: an access token lives 15 minutes.
 */
async function signIn(chrome) {
  const response = await fetch(`${ORIGIN}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ACCOUNT),
  });
  if (!response.ok) throw new Error(`connexion refusée (${response.status})`);
  const { token, user } = await response.json();
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${ORIGIN}/robots.txt`);
    await page.evaluate(
      (session) => {
        localStorage.setItem("token", session.token);
        localStorage.setItem("auth_user", JSON.stringify(session.user));
      },
      { token, user },
    );
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

const scoreOf = (run, id) => run.lhr.categories[id]?.score ?? 0;
const lcpOf = (run) => run.lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.POSITIVE_INFINITY;

/**
 * Opens the route twice in a plain tab of the measuring Chromium (no Lighthouse: a second each): the
 * server has then answered its requests once already — a cold endpoint's first answer would count in
 * the simulated timings — without a whole discarded Lighthouse run per route (a minute of CI in all).
 */
async function loadTwice(chrome, route) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    for (let i = 0; i < 2; i++) await page.goto(`${ORIGIN}${route.path}`, { waitUntil: "networkidle0" });
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/** Lighthouse's own advice for a noisy machine: several runs, the median performance score. */
async function measureRoute(chrome, route) {
  // A run whose trace Chromium failed to record (lhr.runtimeError, e.g. NO_NAVSTART: « Please run
  // Lighthouse again ») measured nothing: every category scores 0. It is reported and run again, at
  // most MAX_FAILED_RECORDINGS times; a page that really scores low still fails.
  // The first measured run checks every category; the others performance alone (accessibility and
  // best practices read the same page each time, and their gathering — axe — took ~3 s a run).
  // Neither the full-page screenshot nor the back-forward cache test counts in a score (~1.5 s a run).
  const measure = (categories = ["performance"]) =>
    lighthouse(`${ORIGIN}${route.path}`, {
      port: chrome.port,
      output: "html",
      logLevel: "error",
      onlyCategories: categories,
      disableFullPageScreenshot: true,
      skipAudits: ["bf-cache"],
    });
  // A first, discarded run warms Chromium up (the first route only), then two plain loads of the
  // page warm the server's code for its requests (the page's caches are cleared before each run).
  if (route === ROUTES[0]) await measure();
  await loadTwice(chrome, route);
  const runs = [];
  let failedRecordings = 0;
  while (runs.length < RUNS) {
    const result = await measure(runs.length === 0 ? Object.keys(THRESHOLDS) : undefined);
    const error = result.lhr.runtimeError;
    if (error && failedRecordings < MAX_FAILED_RECORDINGS) {
      failedRecordings++;
      console.info(`Mesure non enregistrée par Chromium (${error.code}), relancée`);
      continue;
    }
    if (route.signedIn && new URL(result.lhr.finalDisplayedUrl).pathname !== route.path) {
      throw new Error(`${route.path} : la page mesurée est ${result.lhr.finalDisplayedUrl} (session refusée ?)`);
    }
    runs.push(result);
  }
  return runs.sort((a, b) => scoreOf(a, "performance") - scoreOf(b, "performance"));
}

/** Prints the route's figures and returns false when a threshold is missed. */
function report(route, runs) {
  const median = runs[Math.floor(runs.length / 2)];
  const name = route.path === "/" ? "home" : route.path.slice(1).replaceAll("/", "-");
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(path.join(reportDir, `lighthouse-${name}.html`), median.report);
  const scores = runs.map((r) => Math.round(scoreOf(r, "performance") * 100));
  const lcps = runs.map((r) => (lcpOf(r) / 1000).toFixed(1));
  console.info(`\n${route.path} — performance des ${RUNS} mesures : ${scores.join(", ")} ; LCP : ${lcps.join(", ")} s`);
  let ok = true;
  for (const [id, fixed] of Object.entries(THRESHOLDS)) {
    const min = id === "performance" ? route.performance : fixed;
    // The run that decides: the median for performance, the worst of those that checked it for the
    // others (the first run).
    const checked = runs.filter((run) => run.lhr.categories[id] || run.lhr.runtimeError);
    const decisive =
      id === "performance"
        ? median
        : (checked.length > 0 ? checked : runs).reduce((worst, run) =>
            scoreOf(run, id) < scoreOf(worst, id) ? run : worst,
          );
    const category = decisive.lhr.categories[id];
    const score = scoreOf(decisive, id);
    const passed = score >= min;
    ok &&= passed;
    console.info(
      `${passed ? "✓" : "✗"} ${category?.title ?? id}: ${Math.round(score * 100)} (minimum ${Math.round(min * 100)})`,
    );
    if (!passed) {
      const error = decisive.lhr.runtimeError;
      if (error) {
        console.info(`   ! ${error.code} : ${error.message}`);
        continue;
      }
      for (const warning of decisive.lhr.runWarnings ?? []) console.info(`   ! ${warning}`);
      for (const ref of category?.auditRefs ?? []) {
        const audit = decisive.lhr.audits[ref.id];
        if (audit && ref.weight > 0 && (audit.score === null || audit.score < 1)) {
          console.info(`   - ${audit.title}: ${audit.errorMessage ?? audit.displayValue ?? audit.score}`);
        }
      }
    }
  }
  if (route.maxLcpMs !== null) {
    // The median of the runs' LCPs (not the LCP of the median performance run: on a busy machine that
    // run may be the one whose CPU timings were inflated, as the LCP's own median would not be).
    const lcp = runs.map(lcpOf).sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? Number.POSITIVE_INFINITY;
    const lcpOk = lcp < route.maxLcpMs;
    ok &&= lcpOk;
    console.info(
      `${lcpOk ? "✓" : "✗"} Largest Contentful Paint: ${(lcp / 1000).toFixed(1)} s (maximum ${route.maxLcpMs / 1000} s)`,
    );
  }
  return ok;
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
  for (const route of ROUTES) {
    const startedAt = Date.now();
    if (route.signedIn) await signIn(chrome);
    const ok = report(route, await measureRoute(chrome, route));
    console.info(`(${route.path} mesurée en ${Math.round((Date.now() - startedAt) / 1000)} s)`);
    failed ||= !ok;
  }
} finally {
  await chrome?.kill();
  server.kill("SIGTERM");
  await new Promise((r) => server.on("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
