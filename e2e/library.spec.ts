import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signIn } from "./support/auth";
import { reviewShot } from "./support/screenshots";
import { expect, type Page, type TestInfo, test } from "./support/test";

/** Screenshots for review: test-results/screenshots/library-<project>-<name>.png */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  await reviewShot(page, { path: `test-results/screenshots/library-${testInfo.project.name}-${name}.png` });
}

/** A suffix unique to this run and project: desktop and mobile share one database. */
function runId(testInfo: TestInfo): string {
  return `${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

test.describe("Bibliothèque", () => {
  test("composer un ouvrage de la bibliothèque de démo, voir son prix et sa marge, l’archiver", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const run = runId(testInfo);
    const article = `Carreau test ${run}`;
    const ouvrage = `Pose carreau test ${run}`;

    await signIn(page, "admin", "/library");
    await expect(page.getByRole("heading", { level: 1, name: "Bibliothèque" })).toBeVisible();
    await expect(page).toHaveTitle("Bibliothèque · Propulse");
    // The demo library: ouvrages with their price HT per unit, cost and margin.
    await expect(page.getByRole("article").first()).toBeVisible();
    await shot(page, testInfo, "list");
    const search = page.getByRole("searchbox", { name: "Rechercher dans la bibliothèque" });
    await search.fill("pose carrelage sol");
    const demo = page.getByRole("article", { name: "Pose carrelage sol 45×45" });
    await expect(demo).toBeVisible();
    await expect(demo).toContainText("83,14\u00a0€ HT / m²");
    await expect(demo).toContainText("48\u00a0min de main-d’œuvre");
    await search.fill("");
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
    const add = form.getByRole("combobox", { name: "Ajouter un article à l’ouvrage" });
    await add.fill(article);
    await form.getByRole("option", { name: new RegExp(article) }).click();
    // The keyboard way: the whole name (other runs' imports hold « Carreleur … »), then Enter.
    await add.fill("Main-d'œuvre carreleur");
    await expect(form.getByRole("listbox", { name: "Articles" }).getByRole("option")).toHaveCount(1);
    await expect(form.getByRole("option", { name: /Main-d'œuvre carreleur/ })).toBeVisible();
    await add.press("Enter");
    await form.getByLabel(`Quantité de ${article} (m²)`).fill("1.1");
    await form.getByLabel("Quantité de Main-d'œuvre carreleur (heure)").fill("0.5");
    // 1.1 × 40 + 0.5 × 46 = 67 HT; cost 1.1 × 25 + 0.5 × 31 = 43; margin 24 (35,82 %).
    const figures = form.getByLabel("Prix et marge");
    await expect(figures).toContainText("67,00\u00a0€");
    await expect(figures).toContainText("43,00\u00a0€");
    await expect(figures).toContainText("24,00\u00a0€ (35,82\u00a0%)");
    await expect(figures).toContainText("30\u00a0min");
    await shot(page, testInfo, "ouvrage-form");
    await expectNoSeriousA11yViolations(page, "formulaire d'ouvrage");
    await form.getByRole("button", { name: "Ajouter à la bibliothèque" }).click();
    await expect(form).toBeHidden();

    // — Found by its name, then archived: out of the active list, in the archived one —
    await search.fill(run);
    const card = page.getByRole("article", { name: ouvrage });
    await expect(card).toContainText("67,00\u00a0€ HT / m²");
    await card.getByRole("button", { name: `Plus d’actions pour ${ouvrage}` }).click();
    await page.getByRole("menuitem", { name: "Archiver" }).click();
    await expect(page.getByText("Élément archivé")).toBeVisible();
    await expect(card).toBeHidden();
    await page.getByRole("radio", { name: "Archivés" }).click();
    await expect(page.getByRole("article", { name: ouvrage })).toBeVisible();
    await shot(page, testInfo, "archived");
    await page.getByRole("radio", { name: "Actifs" }).click();

    // — Import from another software's CSV: a preview with the bad rows, then the good ones added —
    const csv = [
      "Désignation;Unité;PU HT;Prix d'achat;TVA;Famille",
      `Plinthe ${run};ml;6,90;3,40;10;Fournitures`,
      `Seuil ${run};u;24;12;10;Fournitures`,
      `Palette ${run};palette;10;5;20;Fournitures`,
      `;u;12;5;20;Fournitures`,
      `Carreleur ${run};h;46;31;10;MO`,
    ].join("\r\n");
    await page.getByRole("button", { name: "Importer" }).click();
    const importer = page.getByRole("dialog", { name: "Importer des articles" });
    await importer.getByLabel("Fichier CSV").setInputFiles({
      name: "articles.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv, "utf8"),
    });
    await expect(importer.getByText("5 lignes lues\u00a0: 3 articles à importer, 2 lignes en erreur.")).toBeVisible();
    const bad = importer.getByRole("region", { name: "Lignes en erreur" });
    await expect(bad).toContainText(`Ligne 4 (Palette ${run})`);
    await expect(bad).toContainText("Ligne 5\u00a0: Le nom est obligatoire");
    await shot(page, testInfo, "import");
    await importer.getByRole("button", { name: "Importer 3 articles" }).click();
    await expect(page.getByText("3 articles importés")).toBeVisible();
    await expect(page.getByRole("article", { name: `Carreleur ${run}` })).toContainText("46,00\u00a0€ HT / heure");

    // — Export of what is listed: a CSV for a spreadsheet —
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Exporter" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^bibliotheque-\d{4}-\d{2}-\d{2}\.csv$/);

    // — A quote line typed from the library: the ouvrage chosen fills its figures —
    await page.goto("/quotes/new");
    const lineName = page.getByLabel("Désignation (ligne 1)");
    await lineName.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await lineName.fill("pose carrelage sol 45");
    const suggestion = page.getByRole("option", { name: /Pose carrelage sol 45×45/ });
    await expect(suggestion).toContainText("83,14\u00a0€ HT / m²");
    await shot(page, testInfo, "quote-line-suggestions");
    await lineName.press("Enter");
    await expect(lineName).toHaveValue("Pose carrelage sol 45×45");
    await expect(page.getByLabel("Unité (ligne 1)")).toHaveValue("m²");
    await expect(page.getByLabel("Prix unitaire HT (ligne 1)")).toHaveValue("83.14");
    await expect(page.getByLabel("TVA (ligne 1)")).toHaveValue("10");
  });
});
