import { PDFParse } from "pdf-parse";
import { QUOTE_TEXTS, type Quote, quoteMargin, quoteTotalsInEuros } from "../src/shared/quotes";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { isMobileProject, signIn } from "./support/auth";
import { reviewShot } from "./support/screenshots";
import { expect, type Page, type TestInfo, test } from "./support/test";

/** Screenshots for review: test-results/screenshots/quote-lots-<project>-<name>.png */
async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  await reviewShot(page, {
    path: `test-results/screenshots/quote-lots-${testInfo.project.name}-${name}.png`,
    fullPage,
  });
}

const euro = (amount: number) => new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }).format(amount);
const squash = (text: string | null) => (text ?? "").replace(/[\s\u00a0\u202f]/g, "");

interface LibraryItem {
  id: string;
  name: string;
  unit_price: number;
  cost_price: number;
  tax_rate: number;
}

/**
 * The journey of issue 10: a quote written from the price library in two lots, with a text line, its
 * subtotals and margin on screen, saved, shown, and printed without a cost.
 */
test("un devis en lots depuis la bibliothèque : sous-totaux HT, marge, PDF", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const mobile = isMobileProject(testInfo.project.name);
  const run = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const clientName = `SCI Les Tilleuls ${run}`;
  const quoteName = `Rénovation salle d'eau ${run}`;

  await signIn(page, "admin", "/quotes");
  const bearer = (await page.evaluate(() => localStorage.getItem("token"))) ?? "";
  const headers = { Authorization: `Bearer ${bearer}` };
  const client = await page.request.post("/api/clients", {
    headers,
    data: { name: clientName, phone: "04 78 00 00 00", city: "Lyon" },
  });
  expect(client.status(), await client.text()).toBe(201);
  const fromLibrary = async (name: string) => {
    const res = await page.request.get(`/api/library/suggestions?q=${encodeURIComponent(name)}`, { headers });
    const found = ((await res.json()) as { data: LibraryItem[] }).data.find((item) => item.name === name);
    expect(found, name).toBeDefined();
    return found as LibraryItem;
  };
  const tiling = await fromLibrary("Pose carrelage sol 45×45");
  const socket = await fromLibrary("Prise de courant 2P+T");

  await page.goto("/quotes/new");
  await page.getByLabel("Nom du devis *").fill(quoteName);
  const picker = page.getByRole("combobox", { name: "Client *" });
  await picker.click();
  await picker.fill(run);
  await expect(page.getByRole("listbox", { name: "Clients" }).getByRole("option").first()).toHaveAccessibleName(
    new RegExp(`^${clientName}`),
  );
  await picker.press("Enter");
  await expect(picker).toHaveValue(clientName);

  /** Types part of a library item's name in a line and picks it by keyboard. */
  const pick = async (line: number, typed: string, item: LibraryItem) => {
    const name = page.getByLabel(`Désignation (ligne ${line})`);
    await name.fill(typed);
    const list = page.getByRole("listbox", { name: "Bibliothèque" });
    await expect(list.getByRole("option").first()).toContainText(item.name);
    await name.press("Enter");
    await expect(name).toHaveValue(item.name);
  };

  // Lot 1: a heading added after the first line, dragged above it by its grip; the tiling ouvrage in it.
  await page.getByRole("button", { name: "Ajouter une section" }).click();
  await page.getByLabel("Titre de la section (ligne 2)").fill("Lot 1 — Salle de bain");
  const grip = page.getByRole("button", { name: "Déplacer la ligne 2" });
  await grip.scrollIntoViewIfNeeded();
  const from = await grip.boundingBox();
  const firstLine = await page.getByRole("listitem", { name: "Ligne 1" }).boundingBox();
  if (!from || !firstLine) throw new Error("lignes sans boîte");
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, firstLine.y + 5, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByLabel("Titre de la section (ligne 1)")).toHaveValue("Lot 1 — Salle de bain");
  await pick(2, "pose carrelage sol 45", tiling);
  await page.getByLabel("Quantité (ligne 2)").fill("12");
  await expect(page.getByLabel("Coût unitaire HT (ligne 2)")).toHaveValue(tiling.cost_price.toFixed(2));
  // Lot 2: a heading, a socket, a text line.
  await page.getByRole("button", { name: "Ajouter une section" }).click();
  await page.getByLabel("Titre de la section (ligne 3)").fill("Lot 2 — Électricité");
  await page.getByRole("button", { name: "Ajouter une ligne" }).click();
  await pick(4, "prise de courant 2p", socket);
  await page.getByLabel("Quantité (ligne 4)").fill("6");
  await page.getByRole("button", { name: "Ajouter un texte" }).click();
  await page.getByLabel("Texte (ligne 5)").fill("Raccordement au tableau existant, hors mise aux normes.");

  // What the shared functions give for these lines: each lot's subtotal HT and the margin.
  const lines = [
    { kind: "section", quantity: 0, unit_price: 0, tax_rate: 0 },
    {
      kind: "item",
      quantity: 12,
      unit_price: tiling.unit_price,
      tax_rate: tiling.tax_rate,
      cost_price: tiling.cost_price,
    },
    { kind: "section", quantity: 0, unit_price: 0, tax_rate: 0 },
    {
      kind: "item",
      quantity: 6,
      unit_price: socket.unit_price,
      tax_rate: socket.tax_rate,
      cost_price: socket.cost_price,
    },
    { kind: "text", quantity: 0, unit_price: 0, tax_rate: 0 },
  ];
  const totals = quoteTotalsInEuros({ items: lines, discount_percentage: 0, discount_amount: 0 });
  const margin = quoteMargin({ items: lines, discount_percentage: 0, discount_amount: 0 });
  await expect(page.getByTestId("quote-section-subtotal-1")).toHaveText(euro(totals.lines[0]?.subtotal ?? -1));
  await expect(page.getByTestId("quote-section-subtotal-3")).toHaveText(euro(totals.lines[2]?.subtotal ?? -1));
  await expect(page.getByTestId("quote-line-margin-2")).toContainText("Marge");
  expect(squash(await page.getByTestId("quote-items-margin").textContent())).toContain(squash(euro(margin.amount)));
  await expectNoSeriousA11yViolations(page, "devis en lots");
  await page.getByLabel("Titre de la section (ligne 1)").scrollIntoViewIfNeeded();
  await shot(page, testInfo, "editor");
  if (!mobile) {
    // A tablet in landscape: the same form at 1024 px.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByLabel("Titre de la section (ligne 1)").scrollIntoViewIfNeeded();
    await shot(page, testInfo, "editor-tablet");
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  await page.getByRole("button", { name: "Créer le devis" }).click();
  await expect(page.getByText(QUOTE_TEXTS.created)).toBeVisible();

  // Stored as written: kinds, library items, costs; its margin for the admin.
  const listed = await page.request.get(`/api/quotes?search=${encodeURIComponent(run)}`, { headers });
  const [stored] = ((await listed.json()) as { data: Quote[] }).data;
  expect(stored?.items.map((i) => i.kind)).toEqual(["section", "item", "section", "item", "text"]);
  expect(stored?.items[1]).toMatchObject({ library_item_id: tiling.id, cost_price: tiling.cost_price });
  expect(stored?.subtotal).toBe(totals.subtotal);
  expect(stored?.margin).toEqual(margin);

  // The quote as shown: its lots with their subtotals, its margin.
  await page.goto("/quotes");
  await page.getByRole("searchbox", { name: "Rechercher un devis" }).fill(run);
  await page.getByRole("button", { name: new RegExp(`${quoteName}`) }).click();
  const view = page.getByRole("dialog", { name: new RegExp(`Devis ${stored?.reference}`) });
  await expect(view.getByText("Lot 2 — Électricité")).toBeVisible();
  await expect(view.getByRole("region", { name: "Marge du devis" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "devis en lots, vue");
  await shot(page, testInfo, "view");

  // Printed: the lots, their subtotals and the text line; never the costs.
  const pdf = await page.request.get(`/api/quotes/${stored?.id}/pdf`, { headers });
  expect(pdf.status()).toBe(200);
  const parser = new PDFParse({ data: new Uint8Array(await pdf.body()) });
  const text = squash((await parser.getText()).text);
  await parser.destroy();
  expect(text).toContain(squash(`Sous-total Lot 1 — Salle de bain ${euro(totals.lines[0]?.subtotal ?? -1)}`));
  expect(text).toContain(squash(`Sous-total Lot 2 — Électricité ${euro(totals.lines[2]?.subtotal ?? -1)}`));
  expect(text).toContain(squash("Raccordement au tableau existant, hors mise aux normes."));
  expect(text).not.toContain(squash("Marge"));
  expect(text).not.toContain(squash(euro(margin.cost)));
});
