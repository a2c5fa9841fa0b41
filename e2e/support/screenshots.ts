import type { Page, PageScreenshotOptions, TestInfo } from "@playwright/test";

/**
 * Whether the journeys save their screenshots for review: always locally; under CI (`CI` set, as
 * `npm test` sets it) only with E2E_SCREENSHOTS=1. Nobody reads CI's, and a run took about 250 of them
 * (a quarter to a whole second each on the 2-core machine, a full page more). A failed journey still
 * keeps its own (playwright.config.ts, `screenshot: "only-on-failure"`). What a journey checks never
 * depends on them: the scrolling around a shot stays, only the picture is not taken.
 */
export const REVIEW_SCREENSHOTS = !process.env.CI || process.env.E2E_SCREENSHOTS === "1";

/** `page.screenshot(options)` for review (to `options.path`), when REVIEW_SCREENSHOTS. */
export async function reviewShot(page: Page, options: PageScreenshotOptions & { path: string }) {
  if (REVIEW_SCREENSHOTS) await page.screenshot(options);
}

/** Saves a full-page screenshot under test-results/screenshots/<project>-<name>.png for review. */
export async function snapshot(page: Page, testInfo: TestInfo, name: string) {
  await reviewShot(page, { path: `test-results/screenshots/${testInfo.project.name}-${name}.png`, fullPage: true });
}

/**
 * Saves what the viewport shows (test-results/screenshots/<project>-<name>.png), scrolled to `scrollY`.
 * The review uses it rather than a full-page shot: Chromium resizes the emulated device to take a full
 * page, which drops the touch emulation (`pointer: coarse`) and draws mouse-sized controls.
 */
export async function viewportSnapshot(page: Page, testInfo: TestInfo, name: string, scrollY = 0) {
  await page.evaluate((y) => window.scrollTo(0, y), scrollY);
  await reviewShot(page, { path: `test-results/screenshots/${testInfo.project.name}-${name}.png` });
}
