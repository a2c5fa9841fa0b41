import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

/**
 * axe-core's script, the very file `@axe-core/playwright` injects (resolved from that package). The
 * check runs it itself: `AxeBuilder.analyze()` injected the 500 kB script into the page, ran axe frame
 * by frame (`runPartial`), then opened a blank tab, injected the script there again and merged the
 * results in it — about a second and a half of every check on the 2-core machine, for frames this app
 * has none of (issue 33). Here the script goes in once per document and `axe.run` answers in the page.
 */
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(
  createRequire(require.resolve("@axe-core/playwright")).resolve("axe-core/axe.min.js"),
  "utf8",
);
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** The serious and critical violations of WCAG 2.1 A and AA on the page, as `rule: targets`. */
async function seriousViolations(page: Page): Promise<string[]> {
  const injected = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === "function");
  if (!injected) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    type Axe = {
      run: (
        context: Document,
        options: object,
      ) => Promise<{ violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[] }>;
    };
    const { axe } = window as unknown as { axe: Axe };
    // Only the violations are wanted: `resultTypes` spares axe listing every node that passes.
    const results = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }, WCAG_TAGS);
}

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
    violations = await seriousViolations(page);
    const moved = await page.evaluate(() => (window as unknown as { __a11yMoved?: boolean }).__a11yMoved === true);
    if (violations.length === 0 || !moved) break;
  }
  expect(violations, `violations axe graves ou critiques (${label})`).toEqual([]);
}
