import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signIn } from "./support/auth";
import { reviewShot } from "./support/screenshots";
import { expect, type Page, type TestInfo, test } from "./support/test";
import { clickCentred } from "./support/toasts";

/** Screenshots for review: test-results/screenshots/equipment-<project>-<name>.png */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  await reviewShot(page, { path: `test-results/screenshots/equipment-${testInfo.project.name}-${name}.png` });
}

/** A suffix unique to this run and project: desktop and mobile share one database. */
function runId(testInfo: TestInfo): string {
  return `${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

test.describe("Modèles d’équipement", () => {
  test("créer un modèle ligne à ligne, le retrouver, le modifier, le dupliquer et supprimer la copie", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const run = runId(testInfo);
    const name = `Carrelage ${run}`;

    await signIn(page, "admin", "/equipment");
    await expect(page.getByRole("heading", { level: 1, name: "Modèles d’équipement" })).toBeVisible();
    await expect(page).toHaveTitle("Modèles d’équipement · Propulse");
    // The demo templates, newest first.
    const demo = page.getByRole("article", { name: "Salle de bain complète" });
    await expect(demo).toContainText("15\u00a0équipements");
    await expect(demo).toContainText("+12\u00a0autres équipements");
    // The sidebar painted before the review's screenshot.
    await expect(page.getByRole("link", { name: "Équipements" })).toBeVisible();
    await shot(page, testInfo, "list");
    await expectNoSeriousA11yViolations(page, "modèles d’équipement");

    // — A new template, typed row by row: Enter goes to the next row, never submits —
    await page.getByRole("button", { name: "Nouveau modèle" }).click();
    const form = page.getByRole("dialog", { name: "Nouveau modèle" });
    await form.getByLabel("Nom du modèle *").fill(name);
    const first = form.getByRole("textbox", { name: "Équipement 1" });
    await first.fill("Carrelette");
    await first.press("Enter");
    await expect(form.getByRole("textbox", { name: "Équipement 2" })).toBeFocused();
    await page.keyboard.type(`Règle alu ${run}`);
    await page.keyboard.press("Enter");
    await page.keyboard.type("Seau de gâchage");
    await page.keyboard.press("Enter");
    await expect(form.getByRole("textbox", { name: "Équipement 4" })).toBeFocused();
    const preview = form.getByRole("list", { name: "Aperçu des équipements" });
    await expect(preview.getByRole("listitem")).toHaveText(["Carrelette", `Règle alu ${run}`, "Seau de gâchage"]);
    await expect(form).toContainText("3\u00a0équipements");
    await shot(page, testInfo, "dialog");
    await expectNoSeriousA11yViolations(page, "formulaire de modèle");
    await form.getByRole("button", { name: "Créer le modèle" }).click();
    await expect(page.getByText("Modèle créé avec succès").first()).toBeVisible();
    await expect(form).toBeHidden();

    // — Found by its name, and by one of its items —
    const search = page.getByRole("searchbox", { name: "Rechercher un modèle" });
    await search.fill(`règle alu ${run}`);
    const card = page.getByRole("article", { name });
    await expect(card).toContainText("3\u00a0équipements");
    await expect(page.getByRole("article")).toHaveCount(1);
    await search.fill(run);
    await expect(card).toBeVisible();

    // — Edited: one more item; the card shows the first three and « +1 autre équipement » —
    await card.getByRole("button", { name, exact: true }).click();
    const edit = page.getByRole("dialog", { name: "Modifier le modèle" });
    await edit.getByRole("button", { name: "Ajouter un équipement" }).click();
    await expect(edit.getByRole("textbox", { name: "Équipement 4" })).toBeFocused();
    await page.keyboard.type("Genouillères");
    await edit.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Modèle mis à jour avec succès")).toBeVisible();
    await expect(card).toContainText("4\u00a0équipements");
    await expect(card).toContainText("+1\u00a0autre équipement");

    // — Duplicated: the create form with « (copie) », saved as a second template —
    await clickCentred(card.getByRole("button", { name: `Plus d’actions pour ${name}` }));
    await page.getByRole("menuitem", { name: "Dupliquer" }).click();
    const copy = page.getByRole("dialog", { name: "Nouveau modèle" });
    await expect(copy.getByLabel("Nom du modèle *")).toHaveValue(`${name} (copie)`);
    await expect(copy.getByRole("textbox", { name: "Équipement 4" })).toHaveValue("Genouillères");
    await copy.getByRole("button", { name: "Créer le modèle" }).click();
    await expect(copy).toBeHidden();
    const copied = page.getByRole("article", { name: `${name} (copie)` });
    await expect(copied).toContainText("4\u00a0équipements");
    await expect(page.getByRole("heading", { level: 2 })).toHaveText("2\u00a0modèles");

    // — The copy deleted, after the confirmation —
    await clickCentred(copied.getByRole("button", { name: `Plus d’actions pour ${name} (copie)` }));
    await page.getByRole("menuitem", { name: "Supprimer" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Supprimer le modèle\u202f?" });
    await expect(confirm).toContainText(
      `Êtes-vous sûr de vouloir supprimer le modèle «\u00a0${name} (copie)\u00a0»\u202f?`,
    );
    await shot(page, testInfo, "confirm");
    await confirm.getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByText("Modèle supprimé avec succès")).toBeVisible();
    await expect(copied).toBeHidden();
    await expect(card).toBeVisible();
  });
});
