import type { Page, TestInfo } from "@playwright/test";

/** Saves a full-page screenshot under test-results/screenshots/<project>-<name>.png for review. */
export async function snapshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: `test-results/screenshots/${testInfo.project.name}-${name}.png`, fullPage: true });
}

/**
 * Saves what the viewport shows (test-results/screenshots/<project>-<name>.png), scrolled to `scrollY`.
 * The review uses it rather than a full-page shot: Chromium resizes the emulated device to take a full
 * page, which drops the touch emulation (`pointer: coarse`) and draws mouse-sized controls.
 */
export async function viewportSnapshot(page: Page, testInfo: TestInfo, name: string, scrollY = 0) {
  await page.evaluate((y) => window.scrollTo(0, y), scrollY);
  await page.screenshot({ path: `test-results/screenshots/${testInfo.project.name}-${name}.png` });
}
