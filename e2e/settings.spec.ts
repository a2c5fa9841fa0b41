import { deflateSync } from "node:zlib";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { isMobileProject, signIn } from "./support/auth";
import { reviewShot } from "./support/screenshots";
import { expect, type Locator, type Page, type TestInfo, test } from "./support/test";

/** The texts of docs/domain/company-settings.md#messages, as the shared COMPANY_TEXTS spells them. */
const TEXTS = {
  emailInvalid: "Adresse e-mail invalide",
  logoType: "Veuillez sélectionner un fichier image (JPG, PNG, GIF, WebP)",
  logoAdded: "Logo ajouté avec succès",
  logoRemoved: "Logo supprimé",
  infoUpdated: "Informations de l'entreprise mises à jour avec succès",
  settingsUpdated: "Paramètres de l'entreprise mis à jour avec succès",
  validityRange: "La durée de validité doit être comprise entre 1 et 365 jours",
  // Electronic invoicing's checks (EINVOICE_TEXTS, docs/domain/einvoicing.md#coordonnées-bancaires-et-identifiants).
  siretKey: "SIRET invalide\u00a0: sa clé de contrôle ne correspond pas",
  ibanKey: "IBAN invalide\u00a0: sa clé de contrôle ne correspond pas",
};

/** Screenshots for review: test-results/screenshots/settings-<project>-<name>.png */
async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  await reviewShot(page, { path: `test-results/screenshots/settings-${testInfo.project.name}-${name}.png`, fullPage });
}

async function token(page: Page): Promise<string> {
  const value = await page.evaluate(() => localStorage.getItem("token"));
  expect(value).toBeTruthy();
  return value ?? "";
}

type Info = Record<string, string | null> & { logo_url: string | null };

async function apiJson<T>(page: Page, bearer: string, method: string, url: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(url, { method, headers: { Authorization: `Bearer ${bearer}` }, data });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

// — A real PNG, drawn here: a 240×240 badge (indigo with an orange band), for a meaningful preview. —
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function makePng(size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows: Buffer[] = [];
  const centre = (size - 1) / 2;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0, then pixels
    for (let x = 0; x < size; x++) {
      const inside = Math.hypot(x - centre, y - centre) <= size * 0.48;
      const band = Math.abs(x - y) < size * 0.12;
      const [r, g, b, a] = !inside ? [0, 0, 0, 0] : band ? [249, 115, 22, 255] : [67, 56, 202, 255];
      row.set([r, g, b, a], 1 + x * 4);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(label, { exact: true });
}

test.describe("Paramètres de l'entreprise", () => {
  test("identité : enregistrer, recharger, email invalide ; logo : ajouter, refuser un faux PNG, supprimer", async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    await signIn(page, "admin", "/");
    const bearer = await token(page);
    const original = await apiJson<Info>(page, bearer, "GET", "/api/company/info");
    const originalLogo = original.logo_url
      ? await (await page.request.get(original.logo_url)).body().catch(() => null)
      : null;

    try {
      // « Chargement… » while the identity is on its way.
      await page.route("**/api/company/info", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.fallback();
      });
      await page.goto("/settings");
      await expect(page.getByText("Chargement…").first()).toBeVisible();
      await page.unrouteAll({ behavior: "wait" });
      await expect(page.getByRole("heading", { level: 1, name: "Paramètres de l'entreprise" })).toBeVisible();
      await expect(page).toHaveTitle("Paramètres de l’entreprise · Propulse");
      await expect(page.getByRole("tab", { name: "Informations" })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tab", { name: /^(Paramètres commerciaux|Commercial)/ })).toBeVisible();

      const form = page.getByRole("form", { name: "Informations de l'entreprise" });
      const save = form.getByRole("button", { name: "Enregistrer" });
      await expect(field(form, "Nom de l’entreprise *")).toHaveValue(original.name ?? "");
      await expect(field(form, "Pays")).toHaveValue(original.country || "France");
      await expect(save).toBeDisabled();
      await expectNoSeriousA11yViolations(page, "informations");

      // — A bad e-mail stays on the page, under its field —
      const puts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "PUT" && new URL(request.url()).pathname === "/api/company/info") puts.push("PUT");
      });
      await field(form, "E-mail").fill("pas-un-mail");
      await expect(save).toBeEnabled();
      await save.click();
      await expect(form.getByText(TEXTS.emailInvalid)).toBeVisible();
      await expect(field(form, "E-mail")).toHaveAttribute("aria-invalid", "true");
      await expect(field(form, "E-mail")).toBeFocused();
      expect(puts, "rien n'est envoyé tant que le formulaire est invalide").toEqual([]);
      await field(form, "E-mail").fill("contact@durand-renovation.fr");
      await expect(form.getByText(TEXTS.emailInvalid)).toBeHidden();

      // — The identity: the SIRET, the VAT number and the IBAN checked by their keys —
      await field(form, "SIRET").fill("523 456 788 00019");
      await field(form, "IBAN").fill("FR76 3000 4008 2300 0104 5678 944");
      await save.click();
      await expect(form.getByText(TEXTS.siretKey)).toBeVisible();
      await expect(form.getByText(TEXTS.ibanKey)).toBeVisible();
      await expect(field(form, "SIRET")).toHaveAttribute("aria-invalid", "true");
      expect(puts, "un SIRET ou un IBAN dont la clé est fausse n'est pas envoyé").toEqual([]);
      await field(form, "SIRET").fill("523 456 788 00018");
      await field(form, "Numéro de TVA intracommunautaire").fill("FR31523456788");
      await field(form, "IBAN").fill("fr76 3000 6000 0112 3456 7890 189");
      await field(form, "BIC").fill("agrifrpp");
      // (On a phone the save bar sits right above the bottom tab bar: the phone journey below.)
      await save.click();
      await expect(page.getByText(TEXTS.infoUpdated)).toBeVisible();
      await expect(save).toBeDisabled();

      await page.reload();
      await expect(field(form, "SIRET")).toHaveValue("523 456 788 00018");
      await expect(field(form, "Numéro de TVA intracommunautaire")).toHaveValue("FR31523456788");
      // Stored without spaces, shown in groups of 4.
      await expect(field(form, "IBAN")).toHaveValue("FR76 3000 6000 0112 3456 7890 189");
      await expect(field(form, "BIC")).toHaveValue("AGRIFRPP");
      expect(await apiJson<Info>(page, bearer, "GET", "/api/company/info")).toMatchObject({
        iban: "FR7630006000011234567890189",
        bic: "AGRIFRPP",
      });
      await field(form, "IBAN").scrollIntoViewIfNeeded();
      await shot(page, testInfo, "info-bank");
      await expect(field(form, "E-mail")).toHaveValue("contact@durand-renovation.fr");

      // — Logo: a real PNG —
      const logoCard = page.getByTestId("company-logo-card");
      const input = page.getByTestId("company-logo-input");
      if (original.logo_url) {
        await logoCard.getByRole("button", { name: "Supprimer le logo" }).click();
        await expect(page.getByText(TEXTS.logoRemoved)).toBeVisible();
      }
      await expect(logoCard.getByText("Aucun logo")).toBeVisible();
      await expect(logoCard.getByText("Recommandé : au moins 200×200 px")).toBeVisible();
      await expect(input).toHaveAttribute("accept", /image\/png/);
      // Through the button, as a user would: it opens the system file picker.
      const chooser = page.waitForEvent("filechooser");
      await logoCard.getByRole("button", { name: "Ajouter un logo" }).click();
      await (await chooser).setFiles({ name: "logo-durand.png", mimeType: "image/png", buffer: makePng(240) });
      await expect(page.getByText(TEXTS.logoAdded)).toBeVisible();
      const img = logoCard.getByRole("img", { name: /^Logo de / });
      await expect(img).toBeVisible();
      await expect(img).toHaveAttribute("src", /^\/api\/files\/[0-9a-f-]{36}\?exp=\d+&sig=/);
      await expect
        .poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth))
        .toBe(240);
      await expect(logoCard.getByRole("button", { name: "Changer le logo" })).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, testInfo, "info");
      await shot(page, testInfo, "info-full", true);
      await expectNoSeriousA11yViolations(page, "logo");

      // — Refused before upload: an SVG —
      const uploads: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && new URL(request.url()).pathname === "/api/company/logo")
          uploads.push("POST");
      });
      await input.setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg/>") });
      await expect(logoCard.getByRole("alert")).toHaveText(TEXTS.logoType);
      expect(uploads, "un SVG est refusé avant l'envoi").toEqual([]);

      // — Refused by the server, which reads the content: SVG text named .png —
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
      await input.setInputFiles({ name: "faux-logo.png", mimeType: "image/png", buffer: Buffer.from(svg) });
      // The one failure toast: « Erreur », the server's reason under it.
      const failure = page
        .locator("[data-sonner-toast]")
        .filter({ hasText: TEXTS.logoType })
        .filter({ has: page.getByText("Erreur", { exact: true }) });
      await expect(failure).toBeVisible();
      await expect(logoCard.getByRole("alert")).toHaveText(TEXTS.logoType);
      expect(uploads).toEqual(["POST"]);
      await expect(img).toBeVisible(); // the previous logo stays

      // — Remove —
      await logoCard.getByRole("button", { name: "Supprimer le logo" }).click();
      await expect(page.getByText(TEXTS.logoRemoved)).toBeVisible();
      await expect(logoCard.getByText("Aucun logo")).toBeVisible();
      await expect(logoCard.getByRole("img")).toHaveCount(0);
      expect((await apiJson<Info>(page, bearer, "GET", "/api/company/info")).logo_url).toBeNull();

      // — Leaving with unsaved changes asks first —
      await field(form, "Ville").fill("Ville à ne pas garder");
      await expect(page.getByRole("tab", { name: /Informations/ })).toContainText("modifications non enregistrées");
      await page.getByRole("link", { name: "Accueil" }).first().click();
      const leave = page.getByRole("alertdialog", { name: "Quitter sans enregistrer ?" });
      await expect(leave).toBeVisible();
      await leave.getByRole("button", { name: "Rester sur la page" }).click();
      await expect(page).toHaveURL(/\/settings$/);
      await form.getByRole("button", { name: "Annuler" }).click();
      await expect(field(form, "Ville")).toHaveValue(original.city ?? "");
      await expect(save).toBeDisabled();
    } finally {
      const { logo_url: _logo, ...identity } = original;
      await apiJson(page, bearer, "PUT", "/api/company/info", identity).catch(() => {});
      if (originalLogo) {
        await page.request
          .post("/api/company/logo", {
            headers: { Authorization: `Bearer ${bearer}` },
            multipart: { logo: { name: "logo", mimeType: "application/octet-stream", buffer: originalLogo } },
          })
          .catch(() => {});
      }
    }
  });

  test("sur un téléphone : la barre d’enregistrement au-dessus de la barre du bas, la quitter demande @phone", async ({
    page,
  }, testInfo) => {
    // What differs on a phone (the journey above walks the rest on desktop): the save bar stays in view
    // right above the bottom tab bar, and leaving through that bar with unsaved input asks first.
    test.skip(!isMobileProject(testInfo.project.name), "téléphone uniquement : le parcours du bureau est au-dessus");
    await signIn(page, "admin", "/settings");
    const form = page.getByRole("form", { name: "Informations de l'entreprise" });
    const save = form.getByRole("button", { name: "Enregistrer" });
    const city = await field(form, "Ville").inputValue();
    await field(form, "Ville").fill("Ville à ne pas garder");
    await expect(save).toBeEnabled();
    await field(form, "Nom de l’entreprise *").scrollIntoViewIfNeeded();
    const box = await save.boundingBox();
    const tabBar = await page.getByRole("navigation", { name: "Navigation principale" }).boundingBox();
    expect(box && tabBar).toBeTruthy();
    if (box && tabBar) {
      expect(box.y + box.height).toBeLessThanOrEqual(tabBar.y);
      expect(box.y + box.height).toBeGreaterThan(tabBar.y - 40);
    }
    await shot(page, testInfo, "info-editing");

    await page.getByRole("navigation", { name: "Navigation principale" }).getByText("Accueil").click();
    const leave = page.getByRole("alertdialog", { name: "Quitter sans enregistrer ?" });
    await expect(leave).toBeVisible();
    await leave.getByRole("button", { name: "Rester sur la page" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await form.getByRole("button", { name: "Annuler" }).click();
    await expect(field(form, "Ville")).toHaveValue(city);
    await expect(save).toBeDisabled();
  });

  test("paramètres commerciaux : validité de 45 jours conservée après rechargement", async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await signIn(page, "admin", "/");
    const bearer = await token(page);
    const original = await apiJson<{ quote_validity_days: number; terms_and_conditions: string | null }>(
      page,
      bearer,
      "GET",
      "/api/company/settings",
    );
    try {
      await page.goto("/settings");
      await page.getByRole("tab", { name: /^(Paramètres commerciaux|Commercial)/ }).click();
      await expect(page).toHaveURL(/\/settings\?tab=commercial$/);
      const form = page.getByRole("form", { name: "Paramètres commerciaux" });
      const days = field(form, "Durée de validité des devis");
      const save = form.getByRole("button", { name: "Enregistrer" });
      await expect(days).toHaveValue(String(original.quote_validity_days));
      await expect(days).toHaveAttribute("type", "number");
      await expect(save).toBeDisabled();

      await days.fill("0");
      await save.click();
      await expect(form.getByText(TEXTS.validityRange)).toBeVisible();
      await expect(days).toHaveAttribute("aria-invalid", "true");

      await days.fill("45");
      await field(form, "Conditions générales de vente").fill(
        "Acompte de 30 % à la signature du devis, solde à la réception des travaux.\nPaiement à 30 jours.",
      );
      await expect(form.getByText(TEXTS.validityRange)).toBeHidden();
      await save.click();
      await expect(page.getByText(TEXTS.settingsUpdated)).toBeVisible();
      await expect(save).toBeDisabled();

      await page.reload();
      await expect(page.getByRole("tab", { name: /^(Paramètres commerciaux|Commercial)/ })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      await expect(days).toHaveValue("45");
      await expect(field(form, "Conditions générales de vente")).toHaveValue(/^Acompte de 30 %/);
      await expectNoSeriousA11yViolations(page, "paramètres commerciaux");
      await shot(page, testInfo, "commercial");

      // Emptied, the validity falls back to 30 days.
      await days.fill("");
      await save.click();
      await expect(page.getByText(TEXTS.settingsUpdated)).toBeVisible();
      await expect(days).toHaveValue("30");
      expect((await apiJson<typeof original>(page, bearer, "GET", "/api/company/settings")).quote_validity_days).toBe(
        30,
      );
    } finally {
      await apiJson(page, bearer, "PUT", "/api/company/settings", original).catch(() => {});
    }
  });

  test("le chef d'équipe n'a pas accès à la page", async ({ page }, testInfo) => {
    await signIn(page, "chef", "/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Accès refusé" })).toBeVisible();
    await expect(
      page.getByText("Vous n'avez pas les permissions nécessaires pour accéder à cette page."),
    ).toBeVisible();
    await expect(page.getByRole("tab")).toHaveCount(0);
    await shot(page, testInfo, "access-denied");
  });
});
