import { expectNoSeriousA11yViolations } from "./support/a11y";
import { isMobileProject, signIn } from "./support/auth";
import { reviewShot } from "./support/screenshots";
import { expect, type Page, type TestInfo, test } from "./support/test";
import { clickCentred } from "./support/toasts";

/** Screenshots for review: test-results/screenshots/vehicles-<project>-<name>.png */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  await reviewShot(page, { path: `test-results/screenshots/vehicles-${testInfo.project.name}-${name}.png` });
}

/** A suffix unique to this run and project: desktop and mobile share one database. */
function runId(testInfo: TestInfo): string {
  return `${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

/** `yyyy-mm-dd` in `days` days, and the same day as the screens write it (dd/mm/yyyy), in Paris. */
function dayIn(days: number): { iso: string; shown: string } {
  const date = new Date(Date.now() + days * 86_400_000);
  const iso = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(date);
  const [y, m, d] = iso.split("-");
  return { iso, shown: `${d}/${m}/${y}` };
}

test.describe("Véhicules", () => {
  test("ajouter un véhicule, le retrouver, le modifier, planifier son entretien et le supprimer", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const mobile = isMobileProject(testInfo.project.name);
    const run = runId(testInfo);
    const name = `Trafic ${run}`;
    // A plate of this run only (unique in the company), typed in lower case.
    const plate = `t${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 4)}`;
    const PLATE = plate.toUpperCase();

    await signIn(page, "admin", "/vehicles");
    await expect(page.getByRole("heading", { level: 1, name: "Véhicules" })).toBeVisible();
    await expect(page).toHaveTitle("Véhicules · Propulse");
    // The demo fleet: the Master's contrôle technique is next week, said with an icon and words.
    const master = page.getByRole("article", { name: "Master benne" });
    await expect(master).toContainText("FH-482-KT");
    await expect(master).toContainText("Renault Master benne");
    await expect(master).toContainText("En utilisation");
    await expect(master.getByRole("list", { name: "À surveiller pour Master benne" })).toContainText(
      `Contrôle technique le ${dayIn(7).shown}`,
    );
    await expect(page.getByRole("article", { name: "Kangoo dépannage" })).toContainText("En maintenance");
    if (!mobile) await expect(page.getByRole("link", { name: "Véhicules" })).toBeVisible();
    await shot(page, testInfo, "list");
    await expectNoSeriousA11yViolations(page, "véhicules");

    // — A new vehicle: the plate upper-cased as typed —
    await page.getByRole("button", { name: "Ajouter un véhicule" }).click();
    const form = page.getByRole("dialog", { name: "Ajouter un véhicule" });
    await expect(form.getByRole("button", { name: "Ajouter le véhicule" })).toBeDisabled();
    await form.getByLabel("Nom du véhicule *").fill(name);
    await form.getByLabel("Plaque d’immatriculation").pressSequentially(plate);
    await expect(form.getByLabel("Plaque d’immatriculation")).toHaveValue(PLATE);
    await form.getByLabel("Marque").fill("Renault");
    await form.getByLabel("Modèle").fill("Trafic");
    await form.getByLabel("Kilométrage (km)").fill("54 200");
    await shot(page, testInfo, "dialog");
    await expectNoSeriousA11yViolations(page, "formulaire de véhicule");
    await form.getByRole("button", { name: "Ajouter le véhicule" }).click();
    await expect(page.getByText("Véhicule créé", { exact: true })).toBeVisible();
    await expect(form).toBeHidden();

    // — Found by its plate —
    await page.getByRole("searchbox", { name: /Rechercher un véhicule/ }).fill(plate);
    const card = page.getByRole("article", { name });
    await expect(card).toContainText(PLATE);
    await expect(card).toContainText("Renault Trafic");
    await expect(card).toContainText("54\u202f200\u00a0km");
    await expect(card).toContainText("Disponible");
    await expect(page.getByRole("article")).toHaveCount(1);

    // — Edited: in maintenance —
    await clickCentred(card.getByRole("button", { name: `Plus d’actions pour ${name}` }));
    await page.getByRole("menuitem", { name: "Modifier" }).click();
    const edit = page.getByRole("dialog", { name: "Modifier le véhicule" });
    await edit.getByLabel("Statut").selectOption({ label: "En maintenance" });
    await edit.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Véhicule modifié", { exact: true })).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(card).toContainText("En maintenance");

    // — Its maintenance planned: the dates, « Prochain entretien » focused; within 30 days, « à surveiller » —
    const service = dayIn(10);
    await clickCentred(card.getByRole("button", { name: `Plus d’actions pour ${name}` }));
    await page.getByRole("menuitem", { name: "Planifier l’entretien" }).click();
    const plan = page.getByRole("dialog", { name: "Modifier le véhicule" });
    await expect(plan.getByLabel("Prochain entretien")).toBeFocused();
    await plan.getByLabel("Prochain entretien").fill(service.iso);
    await page.waitForTimeout(300);
    await shot(page, testInfo, "plan");
    await plan.getByRole("button", { name: "Enregistrer" }).click();
    await expect(plan).toBeHidden();
    await expect(card.getByRole("list", { name: `À surveiller pour ${name}` })).toContainText(
      `Entretien le ${service.shown}`,
    );
    await page
      .getByRole("radiogroup", { name: "Filtrer par statut" })
      .getByRole("radio", { name: "À surveiller" })
      .click();
    await expect(card).toBeVisible();

    // — Its details —
    await clickCentred(card.getByRole("button", { name: `Plus d’actions pour ${name}` }));
    await page.getByRole("menuitem", { name: "Voir les détails" }).click();
    const details = page.getByRole("dialog", { name });
    await expect(details).toContainText(PLATE);
    await expect(details).toContainText(service.shown);
    // The whole sheet on a phone, its buttons in view once it has slid up.
    await expect(details.getByRole("button", { name: "Modifier" })).toBeInViewport();
    await page.waitForTimeout(300);
    await shot(page, testInfo, "details");
    await details.getByRole("button", { name: "Fermer" }).first().click();
    await expect(details).toBeHidden();

    // — Deleted after confirmation —
    await clickCentred(card.getByRole("button", { name: `Plus d’actions pour ${name}` }));
    await page.getByRole("menuitem", { name: "Supprimer" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Supprimer le véhicule" });
    await expect(confirm).toContainText(
      `Êtes-vous sûr de vouloir supprimer le véhicule «\u00a0${name}\u00a0»\u202f? Cette action ne peut pas être annulée.`,
    );
    await confirm.getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByText("Véhicule supprimé", { exact: true })).toBeVisible();
    await expect(page.getByText("Aucun véhicule trouvé")).toBeVisible();
  });

  test("un compagnon voit la flotte sans pouvoir la modifier", async ({ page }) => {
    await signIn(page, "compagnon", "/vehicles");
    const master = page.getByRole("article", { name: "Master benne" });
    await expect(master).toContainText("FH-482-KT");
    await expect(page.getByRole("button", { name: "Ajouter un véhicule" })).toHaveCount(0);
    await master.getByRole("button", { name: "Plus d’actions pour Master benne" }).click();
    await expect(page.getByRole("menuitem")).toHaveText(["Voir les détails"]);
  });
});
