import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signIn } from "./support/auth";
import { reviewShot } from "./support/screenshots";
import { expect, type Page, type TestInfo, test } from "./support/test";

/** Screenshots for review: test-results/screenshots/teams-<project>-<name>.png */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  await reviewShot(page, { path: `test-results/screenshots/teams-${testInfo.project.name}-${name}.png` });
}

/** A suffix unique to this run and project: desktop and mobile share one database. */
function runId(testInfo: TestInfo): string {
  return `${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

test.describe("Équipes", () => {
  test("créer une équipe avec ses membres et son chef, la retrouver, changer ses membres, la supprimer", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const run = runId(testInfo);
    const name = `Équipe test ${run}`;

    await signIn(page, "admin", "/teams");
    await expect(page.getByRole("heading", { level: 1, name: "Équipes" })).toBeVisible();
    await expect(page).toHaveTitle("Équipes · Propulse");
    // The demo teams: their members, count and chef d'équipe.
    const plumbing = page.getByRole("article", { name: "Équipe Plomberie" });
    await expect(plumbing).toContainText("3\u00a0membres");
    await expect(plumbing).toContainText("Marc Lefèvre");
    await expect(page.getByRole("article", { name: "Équipe Électricité" })).toContainText("Nicolas Petit");
    await shot(page, testInfo, "list");
    await expectNoSeriousA11yViolations(page, "équipes");

    // — A new team: two members chosen in the picker (mouse, then keyboard), one of them leading —
    await page.getByRole("button", { name: "Nouvelle équipe" }).click();
    const form = page.getByRole("dialog", { name: "Nouvelle équipe" });
    await form.getByLabel("Nom *").fill(name);
    await form.getByLabel("Description").fill("Rénovations de salles de bain");
    const picker = form.getByRole("combobox", { name: "Ajouter un membre" });
    await picker.fill("moreau");
    await form.getByRole("option", { name: /Julien Moreau/ }).click();
    await picker.fill("Thomas Girard");
    await expect(form.getByRole("listbox", { name: "Utilisateurs" }).getByRole("option")).toHaveCount(1);
    await picker.press("Enter");
    await form.getByRole("button", { name: "Chef d’équipe\u00a0: Thomas Girard" }).click();
    await expect(form.getByRole("button", { name: "Chef d’équipe\u00a0: Thomas Girard" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(form.getByRole("list", { name: "Membres choisis" }).getByRole("listitem")).toHaveCount(2);
    await shot(page, testInfo, "form");
    await expectNoSeriousA11yViolations(page, "formulaire d'équipe");
    await form.getByRole("button", { name: "Créer l’équipe" }).click();
    await expect(page.getByText("Équipe créée", { exact: true })).toBeVisible();
    await expect(form).toBeHidden();

    // — Found by the search —
    const search = page.getByRole("searchbox", { name: "Rechercher une équipe" });
    await search.fill(run);
    const card = page.getByRole("article", { name });
    await expect(card).toContainText("2\u00a0membres");
    await expect(card).toContainText("Thomas Girard");
    await expect(page.getByRole("article")).toHaveCount(1);

    // — Its members changed: Julien leaves, Kévin joins; a dirty form asks before closing —
    await card.getByRole("button", { name, exact: true }).click();
    const edit = page.getByRole("dialog", { name: "Modifier l’équipe" });
    await expect(edit.getByRole("list", { name: "Membres choisis" }).getByRole("listitem")).toHaveCount(2);
    await edit.getByRole("button", { name: "Retirer Julien Moreau" }).click();
    await page.keyboard.press("Escape");
    const ask = page.getByRole("alertdialog", { name: "Abandonner les modifications\u202f?" });
    await ask.getByRole("button", { name: "Continuer la saisie" }).click();
    await edit.getByRole("combobox", { name: "Ajouter un membre" }).fill("roux");
    await edit.getByRole("option", { name: /Kévin Roux/ }).click();
    await edit.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Équipe modifiée", { exact: true })).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(card).toContainText("Kévin Roux");
    await expect(card).not.toContainText("Julien Moreau");
    await expect(card).toContainText("Thomas Girard");

    // — Deleted after confirmation —
    await card.getByRole("button", { name: `Supprimer l'équipe ${name}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Supprimer l'équipe" });
    await expect(confirm).toContainText("irréversible");
    await expect(confirm).toContainText(name);
    await confirm.getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByText("Équipe supprimée", { exact: true })).toBeVisible();
    await expect(page.getByText("Aucune équipe trouvée")).toBeVisible();
  });

  test("un compagnon n'a pas accès aux équipes", async ({ page }) => {
    await signIn(page, "compagnon", "/teams");
    await expect(page.getByText("Vous n'avez pas les permissions pour accéder à cette page.")).toBeVisible();
  });
});
