import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe (WCAG 2.1 A and AA) on the whole page, toasts included: no serious or critical violation. The
 * page is measured at rest: a toast sliding in or out is half transparent for a moment, and axe would
 * judge the contrast of that frame (endless animations, spinners and skeletons, do not count).
 */
export async function expectNoSeriousA11yViolations(page: Page, label = "page") {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `violations axe graves ou critiques (${label})`,
  ).toEqual([]);
}
