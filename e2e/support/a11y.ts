import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Waits until no finite animation or transition runs (endless ones, spinners and skeletons, do not count). */
async function waitForRest(page: Page) {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
    undefined,
    { timeout: 5_000 },
  );
}

/**
 * axe (WCAG 2.1 A and AA) on the whole page, toasts included: no serious or critical violation. The
 * page is measured at rest: a toast sliding in or out is half transparent for a moment, and axe would
 * judge the contrast of that frame. A measure during which a transition or an animation started (a toast
 * leaving on its own while axe reads the page, on a busy machine) is taken again once the page is still.
 */
export async function expectNoSeriousA11yViolations(page: Page, label = "page") {
  let violations: string[] = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await waitForRest(page);
    await page.evaluate(() => {
      const w = window as unknown as { __a11yMoved?: boolean; __a11yListening?: boolean };
      w.__a11yMoved = false;
      if (w.__a11yListening) return;
      w.__a11yListening = true;
      for (const type of ["transitionstart", "animationstart"]) {
        document.addEventListener(type, () => (w.__a11yMoved = true), { capture: true });
      }
    });
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    violations = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    const moved = await page.evaluate(() => (window as unknown as { __a11yMoved?: boolean }).__a11yMoved === true);
    if (violations.length === 0 || !moved) break;
  }
  expect(violations, `violations axe graves ou critiques (${label})`).toEqual([]);
}
