import { defineConfig } from "@playwright/test";

// E2E_PORT lets two engineers run the journeys at once, each against its own server and database.
const PORT = Number(process.env.E2E_PORT ?? 3100);

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

/** The screen review (issue 9) runs on these viewports; the journeys keep desktop and mobile. */
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
  workers: process.env.CI ? 1 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    trace: "retain-on-failure",
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
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    // Let the server stop its embedded PostgreSQL (the default SIGKILL would orphan it).
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    stdout: "ignore",
    stderr: "pipe",
  },
});
