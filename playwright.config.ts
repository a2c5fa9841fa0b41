import { defineConfig } from "@playwright/test";
import { E2E_WORKERS, serverPort, serverURL } from "./e2e/support/servers";

/** Debian's Chromium: Playwright never downloads a browser here. */
const launchOptions = {
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

/**
 * The journeys run on desktop, and those whose phone layout differs (bottom bar, « Plus » drawer, bottom
 * sheets, cards instead of tables, the planning's day list, the offline banner over the bottom bar, a
 * signature drawn with a finger…), tagged `@phone` in their title or their `describe`'s, on the phone
 * too (docs/conventions.md, Tests). The screen review (issue 9) runs on these viewports.
 */
const REVIEW_SPEC = "**/review.spec.ts";
const REVIEW_DEVICES = [
  { name: "review-phone", width: 390, height: 844, touch: true },
  { name: "review-small-phone", width: 360, height: 740, touch: true },
  { name: "review-tablet", width: 768, height: 1024, touch: true },
  { name: "review-laptop", width: 1280, height: 800, touch: false },
];

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  // Each worker has its own server and demo database (e2e/support/test.ts): journeys never share data.
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  use: {
    // The first worker's server; e2e/support/test.ts gives each worker its own.
    baseURL: serverURL(0),
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    // Recording a trace costs every action a DOM snapshot: on CI only the retry of a failed journey records
    // one (kept, passed or not); locally, every journey, kept when it fails.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions,
  },
  projects: [
    {
      name: "desktop",
      testIgnore: REVIEW_SPEC,
      use: { browserName: "chromium", viewport: { width: 1280, height: 800 } },
    },
    {
      name: "mobile",
      testIgnore: REVIEW_SPEC,
      grep: /@phone/,
      use: {
        browserName: "chromium",
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
    // The review's devices (e2e/review.spec.ts only, one test each): layout, overflow, touch targets, focus.
    ...REVIEW_DEVICES.map(({ name, width, height, touch }) => ({
      name,
      testMatch: REVIEW_SPEC,
      use: { browserName: "chromium" as const, viewport: { width, height }, isMobile: touch, hasTouch: touch },
    })),
  ],
  // The workers' servers, started at once by one script (scripts/e2e-servers.mjs: Playwright starts its
  // `webServer` entries one after the other), ready when it prints its line; outside CI it keeps a server
  // already answering on its port.
  webServer: {
    command: "node scripts/e2e-servers.mjs",
    env: { E2E_PORT: String(serverPort(0)), E2E_WORKERS: String(E2E_WORKERS) },
    wait: { stdout: /Serveurs de test prêts/ },
    timeout: 180_000,
    // Let the servers stop their embedded PostgreSQL (the default SIGKILL would orphan them).
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 20_000 },
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  },
});
