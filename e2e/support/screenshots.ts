import type { Page, TestInfo } from "@playwright/test";

/** Saves a full-page screenshot under test-results/screenshots/<project>-<name>.png for review. */
export async function snapshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: `test-results/screenshots/${testInfo.project.name}-${name}.png`, fullPage: true });
}
