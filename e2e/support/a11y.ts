import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** axe (WCAG 2.1 A and AA) on the whole page, toasts included: no serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, label = "page") {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `violations axe graves ou critiques (${label})`,
  ).toEqual([]);
}
