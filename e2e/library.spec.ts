import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { isMobileProject, signIn } from "./support/auth";

/** Screenshots for review: test-results/screenshots/library-<project>-<name>.png */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: `test-results/screenshots/library-${testInfo.project.name}-${name}.png` });
}

/** A suffix unique to this run and project: desktop and mobile share one database. */
function runId(testInfo: TestInfo): string {
  return `${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

test.describe("Bibliothèque", () => {
  test("composer un ouvrage de la bibliothèque de démo, voir son prix et sa marge, l'archiver", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const mobile = isMobileProject(testInfo.project.name);
    const run = runId(testInfo);
    const article = `Carreau test ${run}`;
    const ouvrage = `Pose carreau test ${run}`;

    await signIn(page, "admin", "/library");
    await expect(page.getByRole("heading", { level: 1, name: "Bibliothèque" })).toBeVisible();
    await expect(page).toHaveTitle("Bibliothèque · Propulse");
    // The demo library: ouvrages with their price HT per unit, cost and margin.
    const demo = page.getByRole("article", { name: "Pose carrelage sol 45×45" });
    await expect(demo).toBeVisible();
    await expect(demo).toContainText("83,14\u00a0€ HT / m²");
    await expect(demo).toContainText("0,8\u00a0h de main-d'œuvre");
    await shot(page, testInfo, "list");
    await expectNoSeriousA11yViolations(page, "bibliothèque");

    // — A new article —
    await page.getByRole("button", { name: "Nouvel article" }).click();
    const articleForm = page.getByRole("dialog", { name: "Nouvel article" });
    await articleForm.getByLabel("Nom *").fill(article);
    await articleForm.getByLabel("Unité *").selectOption("m²");
    await articleForm.getByLabel("Prix de vente HT *").fill("40");
    await articleForm.getByLabel("Déboursé HT *").fill("25");
    await expect(articleForm.getByLabel("Prix et marge")).toContainText("15,00\u00a0€ (37,5\u00a0%)");
    await articleForm.getByRole("button", { name: "Ajouter à la bibliothèque" }).click();
    await expect(page.getByText("Élément ajouté à la bibliothèque")).toBeVisible();
    await expect(articleForm).toBeHidden();

    // — An ouvrage of it and of the demo's tiler —
    await page.getByRole("button", { name: "Nouvel ouvrage" }).click();
    const form = page.getByRole("dialog", { name: "Nouvel ouvrage" });
    await form.getByLabel("Nom *").fill(ouvrage);
    const add = form.getByRole("combobox", { name: "Ajouter un article à l'ouvrage" });
    await add.fill(article);
    await form.getByRole("option", { name: new RegExp(article) }).click();
    await add.fill("carreleur");
    await expect(form.getByRole("option", { name: /Main-d'œuvre carreleur/ })).toBeVisible();
    await add.press("Enter");
    await form.getByLabel(`Quantité de ${article} (m²)`).fill("1.1");
    await form.getByLabel("Quantité de Main-d'œuvre carreleur (heure)").fill("0.5");
    // 1.1 × 40 + 0.5 × 46 = 67 HT; cost 1.1 × 25 + 0.5 × 31 = 43; margin 24 (35,82 %).
    const figures = form.getByLabel("Prix et marge");
    await expect(figures).toContainText("67,00\u00a0€");
    await expect(figures).toContainText("43,00\u00a0€");
    await expect(figures).toContainText("24,00\u00a0€ (35,82\u00a0%)");
    await expect(figures).toContainText("0,5\u00a0h");
    await shot(page, testInfo, "ouvrage-form");
    await expectNoSeriousA11yViolations(page, "formulaire d'ouvrage");
    await form.getByRole("button", { name: "Ajouter à la bibliothèque" }).click();
    await expect(form).toBeHidden();

    // — Found by its name, then archived: out of the active list, in the archived one —
    await page.getByRole("searchbox", { name: "Rechercher dans la bibliothèque" }).fill(run);
    const card = page.getByRole("article", { name: ouvrage });
    await expect(card).toContainText("67,00\u00a0€ HT / m²");
    await card.getByRole("button", { name: `Plus d'actions pour ${ouvrage}` }).click();
    await page.getByRole("menuitem", { name: "Archiver" }).click();
    await expect(page.getByText("Élément archivé")).toBeVisible();
    await expect(card).toBeHidden();
    await page.getByRole("radio", { name: "Archivés" }).click();
    await expect(page.getByRole("article", { name: ouvrage })).toBeVisible();
    if (mobile) {
      const box = await page.getByRole("article", { name: ouvrage }).boundingBox();
      expect(box?.width ?? 0).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
    }
    await shot(page, testInfo, "archived");
  });
});
