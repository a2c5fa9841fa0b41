import { readFileSync } from "node:fs";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signIn } from "./support/auth";
import { reviewShot } from "./support/screenshots";
import { expect, type Page, type TestInfo, test } from "./support/test";

/** Screenshots for review: test-results/screenshots/clients-import-<project>-<name>.png */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  await reviewShot(page, { path: `test-results/screenshots/clients-import-${testInfo.project.name}-${name}.png` });
}

/** A suffix unique to this run and project: desktop and mobile share one database. */
function runId(testInfo: TestInfo): string {
  return `${testInfo.project.name.slice(0, 1)}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

function luhnKey(body: string): string {
  for (let digit = 0; digit <= 9; digit++) {
    const digits = `${body}${digit}`;
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    if (sum % 10 === 0) return String(digit);
  }
  return "0";
}

/** A SIRET whose key is right, from 8 digits. */
function siretOf(body: string): string {
  const siren = `${body}${luhnKey(body)}`;
  return `${siren}0001${luhnKey(`${siren}0001`)}`;
}

/** A number from the run, so that two runs' SIRETs differ (a SIREN of another run is a duplicate). */
function seedOf(run: string): number {
  let hash = 0;
  for (const char of run) hash = (hash * 31 + char.charCodeAt(0)) % 40_000_000;
  return 10_000_000 + hash * 2;
}

/**
 * 200 clients as another software exports them (one in five a business with its SIRET), the e-mails
 * marked with `run`; rows 11, 51 and 120 are wrong: no phone nor e-mail, an e-mail that is none, a
 * SIRET of three digits.
 */
function importFile(run: string): string {
  const base = seedOf(run);
  const rows = ["Civilité;Prénom;Nom;Société;Courriel;Tél.;CP;Ville;N° SIRET"];
  for (let i = 1; i <= 200; i++) {
    const business = i % 5 === 0;
    const email = i === 51 ? "pas-un-mail" : i === 11 ? "" : `c${i}.${run}@import.fr`;
    rows.push(
      [
        business ? "" : i % 2 ? "M." : "Mme",
        business ? "" : `Prénom${i}`,
        business ? "" : `Nom${i}`,
        business ? `SARL Import ${i}` : "",
        email,
        i === 11 ? "" : `06 10 20 ${String(i % 100).padStart(2, "0")} 00`,
        "69003",
        "Lyon",
        i === 120 ? "123" : business ? siretOf(String(base + i)) : "",
      ].join(";"),
    );
  }
  return rows.join("\r\n");
}

/** Waits for the animations under `selector` (a dialog fading in) to end, for a clean screenshot. */
async function settled(page: Page, selector = "[role=dialog]") {
  await page
    .locator(selector)
    .first()
    .evaluate((element) =>
      Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
    );
}

async function token(page: Page): Promise<string> {
  const value = await page.evaluate(() => localStorage.getItem("token"));
  expect(value).toBeTruthy();
  return value ?? "";
}

/** Clean-up through the API: the clients whose text holds `term`. */
async function deleteMatching(page: Page, bearer: string, term: string) {
  const headers = { Authorization: `Bearer ${bearer}` };
  const response = await page.request.get(`/api/clients?limit=1000&search=${encodeURIComponent(term)}`, { headers });
  if (!response.ok()) return;
  const { data } = (await response.json()) as { data: { id: string }[] };
  for (let i = 0; i < data.length; i += 20) {
    await Promise.all(
      data.slice(i, i + 20).map((c) => page.request.delete(`/api/clients/${c.id}`, { headers }).catch(() => {})),
    );
  }
}

test.describe("Clients professionnels et import CSV", () => {
  test("créer un client professionnel avec SIRET et contact, puis importer 200 clients dont 3 lignes en erreur", async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const run = runId(testInfo);
    const company = `SCI Les Tilleuls ${run}`;
    await signIn(page, "admin", "/clients");
    await expect(page.getByRole("heading", { level: 1, name: "Mes clients" })).toBeVisible();
    const bearer = await token(page);

    try {
      // — A business with its SIRET, its VAT number computed from it, a contact and a worksite —
      await page.getByRole("button", { name: "Créer un client" }).first().click();
      const form = page.getByRole("dialog", { name: "Nouveau client" });
      await form.getByRole("radio", { name: "Professionnel" }).click();
      await expect(form.getByLabel("Nom *")).toHaveCount(0);
      await form.getByLabel("Raison sociale *").fill(company);
      await form.getByLabel("SIRET").fill("303 265 045 00012");
      await form.getByLabel("E-mail", { exact: true }).fill(`gestion.${run}@tilleuls.fr`);
      await form.getByRole("button", { name: "Créer le client" }).click();
      await expect(form.getByText("SIRET invalide\u00a0: sa clé de contrôle ne correspond pas")).toBeVisible();
      await form.getByLabel("SIRET").fill("303 265 045 00011");
      await form.getByRole("button", { name: "Calculer le numéro de TVA à partir du SIREN" }).click();
      await expect(form.getByLabel("N° de TVA intracommunautaire")).toHaveValue("FR40303265045");
      await form.getByLabel("Téléphone", { exact: true }).fill("04 72 00 00 00");
      await settled(page);
      await shot(page, testInfo, "form-business-identity");
      await form.getByRole("button", { name: "Ajouter un contact" }).click();
      const contact = form.getByRole("group", { name: "Contact 1" });
      await contact.getByLabel("Nom *").fill("Claire Martin");
      await contact.getByLabel("Fonction").fill("Gérante");
      await contact.getByLabel("Téléphone").fill("06 11 22 33 44");
      await form.getByRole("button", { name: "Ajouter une adresse" }).click();
      const site = form.getByRole("group", { name: "Adresse de chantier 1" });
      await site.getByLabel("Libellé").fill("Bâtiment B");
      await site.getByLabel("Adresse *").fill("6 rue des Tilleuls");
      await site.getByLabel("Ville").fill("Lyon");
      await expect(form.getByText(`Nom affiché\u00a0: ${company}`)).toBeVisible();
      await contact.scrollIntoViewIfNeeded();
      await settled(page);
      await shot(page, testInfo, "form-business");
      await expectNoSeriousA11yViolations(page, "formulaire professionnel");
      await form.getByRole("button", { name: "Créer le client" }).click();
      await expect(page.getByText("Client créé avec succès")).toBeVisible();
      await expect(form).toBeHidden();
      // The new client's card opens in the form's place (issue 32); closed to search the list.
      const created = page.getByRole("dialog", { name: company });
      await expect(created).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(created).toBeHidden();

      const search = page.getByRole("searchbox", { name: "Rechercher un client" });
      await search.fill(company);
      await expect(page.getByRole("heading", { level: 2, name: "1 client trouvé" })).toBeVisible();
      const card = page.getByRole("article", { name: company });
      const toggle = card.getByRole("button", { name: new RegExp(company) });
      await expect(toggle).toContainText("Professionnel");
      await toggle.click();
      await expect(card.getByText("SIRET\u00a0: 303\u00a0265\u00a0045\u00a000011")).toBeVisible();
      await expect(card.getByRole("list", { name: "Contacts" })).toContainText(
        "Claire Martin · Gérante · 06 11 22 33 44",
      );
      await expect(card.getByText("Chantier\u00a0: Bâtiment B, 6 rue des Tilleuls")).toBeVisible();
      await shot(page, testInfo, "card-business");
      await card.getByRole("button", { name: "Voir détails" }).click();
      const detail = page.getByRole("dialog", { name: company });
      await expect(detail.getByText("FR40303265045")).toBeVisible();
      await expect(detail.getByRole("region", { name: "Contacts" })).toContainText("Claire Martin");
      await expect(detail.getByRole("region", { name: "Lieux de chantier" })).toContainText("Bâtiment B");
      await settled(page);
      await shot(page, testInfo, "detail-business");
      await page.keyboard.press("Escape");
      await expect(detail).toBeHidden();
      await search.fill("");

      // — Import of 200 clients from another software: the columns by their names, 3 bad rows —
      await page.getByRole("button", { name: "Importer", exact: true }).click();
      const importer = page.getByRole("dialog", { name: "Importer des clients" });
      await importer.getByLabel("Fichier CSV").setInputFiles({
        name: "clients.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(importFile(run), "utf8"),
      });
      const columns = importer.getByRole("region", { name: "Colonnes du fichier" });
      // Every column found its field: the mapping is folded, « Modifier » opens it.
      const toggleColumns = columns.getByRole("button", { name: /Colonnes/ });
      await expect(toggleColumns).toHaveAttribute("aria-expanded", "false");
      await expect(toggleColumns).toContainText("9 colonnes utilisées sur 9");
      await toggleColumns.click();
      await expect(columns.getByLabel("Société")).toHaveValue("company_name");
      await expect(columns.getByLabel("Courriel")).toHaveValue("email");
      await expect(columns.getByLabel("N° SIRET")).toHaveValue("siret");
      await expect(importer.getByText("200 lignes lues\u00a0: 197 clients à créer, 3 lignes en erreur.")).toBeVisible();
      const bad = importer.getByRole("region", { name: "Lignes en erreur" });
      await expect(bad.getByRole("listitem")).toHaveCount(3);
      await expect(bad).toContainText("Ligne 12 (M. Prénom11 Nom11)\u00a0: Au moins un moyen de contact");
      await expect(bad).toContainText("Ligne 52 (M. Prénom51 Nom51)\u00a0: Adresse e-mail invalide");
      await expect(bad).toContainText("Ligne 121 (SARL Import 120)\u00a0: Le SIRET compte 14");
      await expect(importer.getByRole("table")).toContainText("SARL Import 5");
      await toggleColumns.click();
      await settled(page);
      await shot(page, testInfo, "import-preview");
      await expectNoSeriousA11yViolations(page, "import");
      // Changing a column reads the file again: without the e-mails, the bad e-mail is no longer an error.
      await toggleColumns.click();
      await columns.getByLabel("Courriel").selectOption("");
      await expect(importer.getByText("200 lignes lues\u00a0: 198 clients à créer, 2 lignes en erreur.")).toBeVisible();
      await columns.getByLabel("Courriel").selectOption("email");
      await expect(importer.getByText("200 lignes lues\u00a0: 197 clients à créer, 3 lignes en erreur.")).toBeVisible();
      await importer.getByRole("button", { name: "Importer 197\u00a0clients" }).click();
      await expect(page.getByText("197\u00a0clients importés")).toBeVisible();
      await expect(importer).toBeHidden();
      await search.fill(`.${run}@import`);
      await expect(page.getByRole("heading", { level: 2, name: "197 clients trouvés" })).toBeVisible();
      await shot(page, testInfo, "imported");

      // — The same file again: every row is now a duplicate of a client of the book —
      await page.getByRole("button", { name: "Importer", exact: true }).click();
      await importer.getByLabel("Fichier CSV").setInputFiles({
        name: "clients.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(importFile(run), "utf8"),
      });
      const duplicates = importer.getByRole("region", { name: "Doublons" });
      await expect(duplicates).toContainText("197 doublons trouvés");
      await expect(importer.getByRole("button", { name: "Fusionner 197\u00a0doublons" })).toBeVisible();
      await duplicates.getByLabel("Action pour tous les doublons").selectOption("skip");
      await expect(importer.getByRole("button", { name: "Importer" })).toBeDisabled();
      await duplicates.scrollIntoViewIfNeeded();
      await settled(page);
      await shot(page, testInfo, "import-duplicates");
      await importer.getByRole("button", { name: "Annuler" }).click();
      await expect(importer).toBeHidden();

      // — Export of the list as filtered —
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Exporter" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
      const exported = readFileSync(await download.path(), "utf8");
      // (trim() would take the byte-order mark off too.)
      const exportedRows = exported.replace(/\r\n$/, "").split("\r\n");
      expect(exportedRows).toHaveLength(198);
      expect(exportedRows[0]?.startsWith("\uFEFFType;Civilité;Prénom;Nom;Raison sociale;SIRET;")).toBe(true);
    } finally {
      await deleteMatching(page, bearer, run);
    }
  });
});
