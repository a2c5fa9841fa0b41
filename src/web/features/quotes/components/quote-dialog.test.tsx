import { clientListResponseSchema, clientSchema } from "@shared/clients";
import { addDays, parisToday } from "@shared/dates";
import { MESSAGES } from "@shared/errors";
import { formatEuro } from "@shared/format";
import { documentMessagesSchema, MESSAGE_TEXTS } from "@shared/messages";
import type { PermissionCode } from "@shared/permissions";
import { quoteHistoryEntrySchema } from "@shared/quote-history";
import { QUOTE_TEXTS, quoteTotalsInEuros } from "@shared/quote-rules";
import { type QuoteTemplate, quoteTemplateSchema } from "@shared/quote-templates";
import { quoteDefaultsSchema, quoteSchema } from "@shared/quotes";
import { VAT_RULE_TEXTS } from "@shared/vat-rules";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast as appToast } from "@web/lib/toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { QUOTE_DRAFT_DELAY_MS } from "../lib/quote-draft";
import {
  apiError,
  CLIENT_ID,
  EVERY_PERMISSION,
  type FakeApi,
  fakeApi,
  installBrowserStubs,
  makeClient,
  makeQuote,
  makeTemplate,
  renderWithProviders,
} from "../test/render";
import { QuoteDialog, type QuoteDialogState } from "./quote-dialog";

const toast = vi.mocked(appToast, true);

let api: FakeApi;

/** What the dialog reads: the client search, the templates, the validity days, a quote and its history. */
function serveDefaults() {
  api.get("/api/clients", clientListResponseSchema, () => ({
    data: [makeClient()],
    meta: { total: 1, page: 1, limit: 20 },
  }));
  api.get("/api/clients/:id", clientSchema, () => makeClient());
  api.get("/api/quote-templates", templateListSchema, () => ({ data: [makeTemplate()] }));
  api.get("/api/quotes/:id/history", historySchema, () => []);
  api.get("/api/quotes/:id", quoteSchema, () => makeQuote());
  // After « :id »: the latest declaration wins.
  api.get("/api/quotes/defaults", quoteDefaultsSchema, () => ({ validity_days: 45, default_tax_rate: 20 }));
}

/** The server's answer to a template POST / PUT: the body sent, with its id and line positions. */
function savedTemplate(id: string, body: unknown): QuoteTemplate {
  const sent = body as Omit<QuoteTemplate, "id" | "created_at" | "updated_at" | "items"> & {
    items: Omit<QuoteTemplate["items"][number], "position">[];
  };
  const items = sent.items.map((item, index) => ({ ...item, position: index + 1 }));
  return { ...sent, items, id, created_at: "2026-01-01T00:00:00.000Z", updated_at: "2026-01-02T00:00:00.000Z" };
}

/** A JSON body the dialog sent, with its lines. */
type SentBody = Record<string, unknown> & { items: Record<string, unknown>[] };

/** The first JSON body sent by `method` to `pattern` (the test fails if none was). */
function sent(method: "POST" | "PUT", pattern: string): SentBody {
  const body = api.requests(method, pattern)[0]?.body;
  if (body === undefined) throw new Error(`nothing sent: ${method} ${pattern}`);
  return body as SentBody;
}

/** Opens the client picker and chooses a client in its list (the server's search answer). */
async function chooseClient(name: string) {
  fireEvent.click(screen.getByRole("combobox", { name: "Client *" }));
  fireEvent.click(await screen.findByRole("option", { name: new RegExp(name) }));
}

function type(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

function renderDialog(
  state: QuoteDialogState,
  onStateChange = vi.fn(),
  permissions?: readonly PermissionCode[],
  draftScope: string | null = null,
) {
  const view = renderWithProviders(
    <QuoteDialog
      state={state}
      onStateChange={onStateChange}
      isMobile={false}
      pdfPending={() => false}
      onDownloadPdf={vi.fn()}
      draftScope={draftScope}
    />,
    { permissions },
  );
  return Object.assign(onStateChange, { unmount: view.unmount });
}

const templateListSchema = z.object({ data: z.array(quoteTemplateSchema) });
const historySchema = z.array(quoteHistoryEntrySchema);

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  serveDefaults();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  toast.success.mockReset();
  toast.error.mockReset();
});

describe("QuoteDialog — creation", () => {
  it("focuses the quote's name first, and asks before Escape drops what was typed", async () => {
    const onStateChange = renderDialog({ mode: "create" });
    const name = await screen.findByLabelText("Nom du devis *");
    await waitFor(() => expect(document.activeElement).toBe(name));
    const dialog = screen.getByRole("dialog");
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(onStateChange).toHaveBeenCalledWith(null);
    onStateChange.mockClear();

    type("Désignation (ligne 1)", "Plan de travail");
    fireEvent.keyDown(dialog, { key: "Escape" });
    const ask = await screen.findByRole("alertdialog", { name: "Abandonner les modifications\u202f?" });
    expect(onStateChange).not.toHaveBeenCalled();
    fireEvent.click(within(ask).getByRole("button", { name: "Abandonner" }));
    await waitFor(() => expect(onStateChange).toHaveBeenCalledWith(null));
    expect(api.requests("POST", "/api/quotes")).toHaveLength(0);
  });

  it.each([
    ["an administrator", true],
    ["a Chef d'équipe, who may not read the settings", false],
  ])("shows and sends today + the company's 45 days to %s, from the quotes' defaults", async (_, canReadSettings) => {
    // A fixed day: the form's « today » and the test's are the same even when Paris's midnight passes.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-26T10:00:00Z"));
    const today = parisToday();
    api.post("/api/quotes", quoteSchema, () => makeQuote());
    const onStateChange = renderDialog(
      { mode: "create" },
      vi.fn(),
      EVERY_PERMISSION.filter((code) => canReadSettings || code !== "settings:view"),
    );
    await screen.findByRole("combobox", { name: "Client *" });
    const validUntil = screen.getByLabelText("Valable jusqu’au") as HTMLInputElement;
    await waitFor(() => expect(validUntil.value).toBe(addDays(today, 45)));
    type("Nom du devis *", "Cuisine Martin");
    await chooseClient("Jean Dupont");
    type("Désignation (ligne 1)", "Plan de travail");
    fireEvent.click(screen.getByRole("button", { name: "Créer le devis" }));
    await waitFor(() => expect(onStateChange).toHaveBeenCalledWith(null));
    expect(sent("POST", "/api/quotes").valid_until).toBe(addDays(today, 45));
    expect(api.requests("GET", "/api/company/settings")).toHaveLength(0);
  });

  it("copies the chosen client's worksite address onto the quote", async () => {
    const site = { label: "Maison de campagne", address: "12 chemin des Vignes", postal_code: "69620", city: "Oingt" };
    api.get("/api/clients/:id", clientSchema, () =>
      makeClient({ addresses: [{ id: "0f8a4c1e-8b1d-4c55-9f77-3d2e1b6a9c10", ...site }] }),
    );
    api.post("/api/quotes", quoteSchema, () => makeQuote());
    const onStateChange = renderDialog({ mode: "create" });
    type("Nom du devis *", "Terrasse");
    await chooseClient("Jean Dupont");
    const field = screen.getByLabelText("Adresse du chantier") as HTMLSelectElement;
    await screen.findByRole("option", { name: "Maison de campagne — 12 chemin des Vignes, 69620 Oingt" });
    expect(field.value).toBe("client");
    fireEvent.change(field, { target: { value: "0" } });
    expect(screen.getByText("12 chemin des Vignes, 69620 Oingt")).toBeTruthy();
    type("Désignation (ligne 1)", "Dalle béton");
    fireEvent.click(screen.getByRole("button", { name: "Créer le devis" }));
    await waitFor(() => expect(onStateChange).toHaveBeenCalledWith(null));
    expect(sent("POST", "/api/quotes").worksite).toEqual(site);
  });

  it("gives new lines the company's VAT rate, adds sections and texts, and shows each lot's subtotal HT", async () => {
    api.get("/api/quotes/defaults", quoteDefaultsSchema, () => ({ validity_days: 30, default_tax_rate: 10 }));
    api.post("/api/quotes", quoteSchema, () => makeQuote());
    const onStateChange = renderDialog({ mode: "create" });
    await waitFor(() => expect((screen.getByLabelText("TVA (ligne 1)") as HTMLSelectElement).value).toBe("10"));
    type("Nom du devis *", "Salle d'eau");
    await chooseClient("Jean Dupont");
    type("Désignation (ligne 1)", "Receveur extra-plat");
    type("Prix unitaire HT (ligne 1)", "320");
    fireEvent.click(screen.getByRole("button", { name: "Ajouter une section" }));
    type("Titre de la section (ligne 2)", "Lot 2 — Faïence");
    fireEvent.click(screen.getByRole("button", { name: "Ajouter une ligne" }));
    expect((screen.getByLabelText("TVA (ligne 3)") as HTMLSelectElement).value).toBe("10");
    type("Désignation (ligne 3)", "Faïence murale");
    type("Quantité (ligne 3)", "12");
    type("Prix unitaire HT (ligne 3)", "45");
    fireEvent.click(screen.getByRole("button", { name: "Ajouter un texte" }));
    type("Texte (ligne 4)", "Joints époxy compris");
    // Move the heading to the top: the first lot then holds every line.
    fireEvent.click(screen.getByRole("button", { name: "Monter la ligne 2" }));
    expect(screen.getByTestId("quote-section-subtotal-1").textContent).toBe(formatEuro(860));
    fireEvent.click(screen.getByRole("button", { name: "Créer le devis" }));
    await waitFor(() => expect(onStateChange).toHaveBeenCalledWith(null));
    const body = sent("POST", "/api/quotes");
    expect(body.items.map((i) => [i.kind, i.name])).toEqual([
      ["section", "Lot 2 — Faïence"],
      ["item", "Receveur extra-plat"],
      ["item", "Faïence murale"],
      ["text", "Joints époxy compris"],
    ]);
    expect(body.items[0]).toEqual({ kind: "section", name: "Lot 2 — Faïence" });
  });

  it("opens with the spec's title and sections: lines open, totals closed, a template picker", async () => {
    renderDialog({ mode: "create" });
    const dialog = screen.getByRole("dialog", { name: "Créer un nouveau devis" });
    expect(
      within(dialog)
        .getByRole("button", { name: /Lignes du devis/ })
        .getAttribute("aria-expanded"),
    ).toBe("true");
    expect(
      within(dialog)
        .getByRole("button", { name: /Totaux et remise/ })
        .getAttribute("aria-expanded"),
    ).toBe("false");
    expect(within(dialog).getByRole("region", { name: "Modèles de devis" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Historique/ })).toBeNull();
    expect((screen.getByLabelText("Unité (ligne 1)") as HTMLSelectElement).value).toBe("unité");
    expect((screen.getByLabelText("TVA (ligne 1)") as HTMLSelectElement).value).toBe("20");
    expect(screen.getByLabelText("Quantité (ligne 1)").getAttribute("step")).toBe("0.01");
    // valid_until = date + the company's 45 days once the settings are read.
    const date = (screen.getByLabelText("Date *") as HTMLInputElement).value;
    await waitFor(() => {
      const validUntil = (screen.getByLabelText("Valable jusqu’au") as HTMLInputElement).value;
      expect((Date.parse(validUntil) - Date.parse(date)) / 86_400_000).toBe(45);
    });
  });

  it("Escape in the open client list closes the list, not the dialog", async () => {
    const onStateChange = renderDialog({ mode: "create" });
    const picker = screen.getByRole("combobox", { name: "Client *" });
    picker.focus();
    fireEvent.click(picker);
    await screen.findByRole("option", { name: /Jean Dupont/ });
    fireEvent.keyDown(picker, { key: "Escape" });
    expect(picker.getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByRole("dialog", { name: "Créer un nouveau devis" })).toBeTruthy();
    expect(onStateChange).not.toHaveBeenCalled();
    // The list closed, the next Escape is the dialog's (nothing typed: it closes).
    fireEvent.keyDown(picker, { key: "Escape" });
    await waitFor(() => expect(onStateChange).toHaveBeenCalledWith(null));
  });

  it("shows the validation texts and sends nothing", async () => {
    renderDialog({ mode: "create" });
    fireEvent.click(screen.getByRole("button", { name: "Créer le devis" }));
    expect(await screen.findByText(QUOTE_TEXTS.nameRequired)).toBeTruthy();
    expect(screen.getByText(QUOTE_TEXTS.clientRequired)).toBeTruthy();
    expect(screen.getByText(QUOTE_TEXTS.itemNameRequired)).toBeTruthy();
    const name = screen.getByLabelText("Nom du devis *");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(name.getAttribute("aria-describedby")?.split(" ")[0] ?? "")?.textContent).toBe(
      QUOTE_TEXTS.nameRequired,
    );
    expect(api.requests("POST", "/api/quotes")).toHaveLength(0);
  });

  it("computes the totals live with the shared function and sends the lines in screen order", async () => {
    const created = makeQuote({ reference: "DEV-2026-0042" });
    api.post("/api/quotes", quoteSchema, () => created);
    const onStateChange = renderDialog({ mode: "create" });
    await screen.findByRole("combobox", { name: "Client *" });
    type("Nom du devis *", "  Cuisine Martin ");
    await chooseClient("Jean Dupont");
    type("Désignation (ligne 1)", "Plan de travail");
    type("Quantité (ligne 1)", "2.5");
    type("Prix unitaire HT (ligne 1)", "99.99");
    fireEvent.click(screen.getByRole("button", { name: "Ajouter une ligne" }));
    type("Désignation (ligne 2)", "Pose");
    type("Prix unitaire HT (ligne 2)", "180");
    fireEvent.change(screen.getByLabelText("TVA (ligne 2)"), { target: { value: "10" } });
    fireEvent.click(screen.getByRole("button", { name: /Totaux et remise/ }));
    type("Remise (%)", "10");

    const items = [
      { quantity: 2.5, unit_price: 99.99, tax_rate: 20 },
      { quantity: 1, unit_price: 180, tax_rate: 10 },
    ];
    const expected = quoteTotalsInEuros({ items, discount_percentage: 10, discount_amount: 0 });
    await waitFor(() => expect(screen.getByTestId("quote-total-ttc").textContent).toBe(formatEuro(expected.total)));
    // A line's amount is HT (French practice); the VAT is in the totals.
    expect(screen.getByTestId("quote-line-total-1").textContent).toBe(formatEuro(expected.lines[0]?.subtotal ?? 0));
    expect(screen.getByTestId("quote-total-tva").textContent).toBe(formatEuro(expected.tax_amount));
    expect(screen.getByTestId("quote-total-vat-10").textContent).toBe(formatEuro(expected.vat_breakdown[1]?.tax ?? 0));

    fireEvent.click(screen.getByRole("button", { name: "Créer le devis" }));
    await waitFor(() => expect(onStateChange).toHaveBeenCalledWith(null));
    const body = sent("POST", "/api/quotes");
    expect(body).toMatchObject({
      name: "Cuisine Martin",
      client_id: CLIENT_ID,
      status: "en cours de redaction",
      discount_percentage: 10,
      discount_amount: 0,
      items: [
        { name: "Plan de travail", quantity: 2.5, unit: "unité", unit_price: 99.99, tax_rate: 20 },
        { name: "Pose", quantity: 1, unit: "unité", unit_price: 180, tax_rate: 10 },
      ],
    });
    // Positions and line ids are the server's to give.
    for (const item of body.items) expect(Object.keys(item)).not.toContain("position");
    expect(toast.success).toHaveBeenCalledWith(QUOTE_TEXTS.created);
  });

  it("applies a template: name with the date, lines, discount and terms", async () => {
    renderDialog({ mode: "create" });
    await screen.findByText("1 modèle disponible");
    fireEvent.click(screen.getByRole("button", { name: /Partir d’un modèle/ }));
    fireEvent.click(await screen.findByRole("button", { name: /^Appliquer\s*:\s*Cuisine$/ }));
    await waitFor(() =>
      expect((screen.getByLabelText("Nom du devis *") as HTMLInputElement).value).toMatch(
        /^Cuisine - \d{2}\/\d{2}\/\d{4}$/,
      ),
    );
    expect((screen.getByLabelText("Désignation (ligne 1)") as HTMLInputElement).value).toBe("Meuble");
    expect((screen.getByLabelText("Conditions") as HTMLTextAreaElement).value).toBe("Acompte 30 %");
    const expected = quoteTotalsInEuros({
      items: [{ quantity: 2, unit_price: 150, tax_rate: 20 }],
      discount_percentage: 5,
      discount_amount: 0,
    });
    expect(screen.getByTestId("quote-items-total").textContent).toBe(formatEuro(expected.total));
  });

  it("renames a template in the picker without submitting the quote, and says why it cannot", async () => {
    api.put("/api/quote-templates/:id", quoteTemplateSchema, ({ params, body }) =>
      savedTemplate(params.id ?? "", body),
    );
    renderDialog({ mode: "create" });
    await screen.findByText("1 modèle disponible");
    fireEvent.click(screen.getByRole("button", { name: /Partir d’un modèle/ }));
    fireEvent.click(await screen.findByRole("button", { name: "Renommer le modèle Cuisine" }));
    const editor = screen.getByRole("group", { name: "Renommer le modèle Cuisine" });

    // An empty name is refused here, with the spec's message under the field.
    fireEvent.input(within(editor).getByLabelText("Nom du modèle *"), { target: { value: "  " } });
    fireEvent.click(within(editor).getByRole("button", { name: "Enregistrer" }));
    expect(within(editor).getByText(QUOTE_TEXTS.templateNameRequired)).toBeTruthy();
    expect(api.requests("PUT", "/api/quote-templates/t1")).toHaveLength(0);

    fireEvent.input(within(editor).getByLabelText("Nom du modèle *"), { target: { value: "Cuisine équipée" } });
    fireEvent.input(within(editor).getByLabelText("Description du modèle"), { target: { value: "Pose comprise" } });
    fireEvent.keyDown(within(editor).getByLabelText("Description du modèle"), { key: "Enter" });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(QUOTE_TEXTS.templateUpdated));
    expect(sent("PUT", "/api/quote-templates/t1")).toEqual({
      name: "Cuisine équipée",
      description: "Pose comprise",
      items: [
        {
          kind: "item",
          library_item_id: null,
          name: "Meuble",
          description: null,
          quantity: 2,
          unit: "unité",
          unit_price: 150,
          tax_rate: 20,
        },
      ],
      discount_percentage: 5,
      terms: "Acompte 30 %",
    });
    // The quote itself was neither submitted nor closed.
    expect(api.requests("POST", "/api/quotes")).toHaveLength(0);
    expect(screen.getByRole("dialog", { name: "Créer un nouveau devis" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("group", { name: "Renommer le modèle Cuisine" })).toBeNull());
  });

  it("toasts a failed template rename and keeps the editor open", async () => {
    api.put("/api/quote-templates/:id", quoteTemplateSchema, () => apiError(404, QUOTE_TEXTS.templateNotFound));
    renderDialog({ mode: "create" });
    await screen.findByText("1 modèle disponible");
    fireEvent.click(screen.getByRole("button", { name: /Partir d’un modèle/ }));
    fireEvent.click(await screen.findByRole("button", { name: "Renommer le modèle Cuisine" }));
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Erreur lors de la mise à jour", {
        description: QUOTE_TEXTS.templateNotFound,
      }),
    );
    expect(screen.getByRole("group", { name: "Renommer le modèle Cuisine" })).toBeTruthy();
  });

  it("saves the quote being written as a template: its lines, percentage discount and terms, never the quote", async () => {
    api.post("/api/quote-templates", quoteTemplateSchema, ({ body }) => savedTemplate("t2", body));
    renderDialog({ mode: "create" });
    await screen.findByText("1 modèle disponible");
    type("Nom du devis *", "Salle d'eau Martin");
    fireEvent.click(screen.getByRole("button", { name: /Partir d’un modèle/ }));
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer ce devis comme modèle" }));
    const editor = screen.getByRole("group", { name: "Enregistrer ce devis comme modèle" });
    expect((within(editor).getByLabelText("Nom du modèle *") as HTMLInputElement).value).toBe("Salle d'eau Martin");

    // The first line has no designation yet: nothing is sent, the line says why.
    fireEvent.click(within(editor).getByRole("button", { name: "Enregistrer" }));
    expect(await within(editor).findByRole("alert")).toBeTruthy();
    expect(await screen.findByText(QUOTE_TEXTS.itemNameRequired)).toBeTruthy();
    expect(api.requests("POST", "/api/quote-templates")).toHaveLength(0);

    type("Désignation (ligne 1)", "Receveur de douche");
    type("Prix unitaire HT (ligne 1)", "420");
    fireEvent.change(screen.getByLabelText("TVA (ligne 1)"), { target: { value: "10" } });
    fireEvent.click(screen.getByRole("button", { name: /Totaux et remise/ }));
    type("Remise (%)", "5");
    type("Conditions", "Acompte de 30 % à la commande");
    fireEvent.input(within(editor).getByLabelText("Nom du modèle *"), { target: { value: "Salle d'eau" } });
    fireEvent.keyDown(within(editor).getByLabelText("Nom du modèle *"), { key: "Enter" });

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(QUOTE_TEXTS.templateCreated));
    expect(sent("POST", "/api/quote-templates")).toEqual({
      name: "Salle d'eau",
      description: null,
      items: [
        {
          kind: "item",
          library_item_id: null,
          name: "Receveur de douche",
          description: null,
          quantity: 1,
          unit: "unité",
          unit_price: 420,
          tax_rate: 10,
        },
      ],
      discount_percentage: 5,
      terms: "Acompte de 30 % à la commande",
    });
    expect(api.requests("POST", "/api/quotes")).toHaveLength(0);
    expect(screen.getByRole("dialog", { name: "Créer un nouveau devis" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("group", { name: "Enregistrer ce devis comme modèle" })).toBeNull());
  });

  it("with no template yet, says how to make one, and leaves the saving form alone once it is open", async () => {
    api.get("/api/quote-templates", templateListSchema, () => ({ data: [] }));
    renderDialog({ mode: "create" });
    await screen.findByText("Aucun modèle enregistré");
    fireEvent.click(screen.getByRole("button", { name: /Partir d’un modèle/ }));
    expect(screen.getByText(/Aucun modèle pour l’instant/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer ce devis comme modèle" }));
    expect(screen.getByRole("group", { name: "Enregistrer ce devis comme modèle" })).toBeTruthy();
    expect(screen.queryByText(/Aucun modèle pour l’instant/)).toBeNull();
  });

  it("warns that an amount discount stays out of the template, and toasts a failed creation", async () => {
    api.post("/api/quote-templates", quoteTemplateSchema, () => apiError(500, "Erreur interne du serveur"));
    renderDialog({ mode: "create" });
    await screen.findByText("1 modèle disponible");
    type("Nom du devis *", "Portail");
    type("Désignation (ligne 1)", "Portail aluminium");
    type("Prix unitaire HT (ligne 1)", "1800");
    fireEvent.click(screen.getByRole("button", { name: /Totaux et remise/ }));
    fireEvent.click(screen.getByRole("radio", { name: "Montant fixe" }));
    type("Remise (€ HT)", "100");
    fireEvent.click(screen.getByRole("button", { name: /Partir d’un modèle/ }));
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer ce devis comme modèle" }));
    const editor = screen.getByRole("group", { name: "Enregistrer ce devis comme modèle" });
    expect(within(editor).getByText(/La remise en euros n’est pas reprise/)).toBeTruthy();
    fireEvent.click(within(editor).getByRole("button", { name: "Enregistrer" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Erreur lors de la création du modèle", {
        description: "Erreur interne du serveur",
      }),
    );
    expect(sent("POST", "/api/quote-templates").discount_percentage).toBe(0);
    expect(screen.getByRole("group", { name: "Enregistrer ce devis comme modèle" })).toBeTruthy();
  });

  it("puts the server's field errors under the fields and toasts the failure", async () => {
    api.post("/api/quotes", quoteSchema, () =>
      apiError(400, "Données invalides", {
        details: [{ path: "items.0.unit_price", message: "Le prix a au plus 2 décimales" }],
      }),
    );
    renderDialog({ mode: "create" });
    await screen.findByRole("combobox", { name: "Client *" });
    type("Nom du devis *", "Cuisine");
    await chooseClient("Jean Dupont");
    type("Désignation (ligne 1)", "Plan");
    fireEvent.click(screen.getByRole("button", { name: "Créer le devis" }));
    expect(await screen.findByText("Le prix a au plus 2 décimales")).toBeTruthy();
    expect(screen.getByLabelText("Prix unitaire HT (ligne 1)").getAttribute("aria-invalid")).toBe("true");
    expect(toast.error).toHaveBeenCalledWith("Erreur lors de la création", { description: "Données invalides" });
  });
});

describe("QuoteDialog — the VAT that follows the job (issue 32)", () => {
  // Testing Library reads labels with their no-break spaces as spaces.
  const QUESTION = VAT_RULE_TEXTS.premisesQuestion.replace(/\s/g, " ");
  const rateOf = (line: number) => (screen.getByLabelText(`TVA (ligne ${line})`) as HTMLSelectElement).value;

  it("a business client's workshop: new lines at 20 % though the company's default is 10 %, no question asked", async () => {
    api.get("/api/quotes/defaults", quoteDefaultsSchema, () => ({ validity_days: 30, default_tax_rate: 10 }));
    api.get("/api/clients/:id", clientSchema, () =>
      makeClient({ name: "Garage Meunier", type: "professionnel", company_name: "Garage Meunier" }),
    );
    api.post("/api/quotes", quoteSchema, () => makeQuote());
    const onStateChange = renderDialog({ mode: "create" });
    await waitFor(() => expect(rateOf(1)).toBe("10"));
    type("Nom du devis *", "Cloison de l'atelier");
    await chooseClient("Jean Dupont");
    await waitFor(() => expect(rateOf(1)).toBe("20"));
    fireEvent.click(screen.getByRole("button", { name: "Ajouter une ligne" }));
    expect(rateOf(2)).toBe("20");
    expect(screen.queryByLabelText(QUESTION)).toBeNull();
    type("Désignation (ligne 1)", "Cloison");
    type("Prix unitaire HT (ligne 1)", "900");
    type("Désignation (ligne 2)", "Porte");
    type("Prix unitaire HT (ligne 2)", "300");
    expect(screen.queryByTestId("quote-mixed-vat")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Créer le devis" }));
    await waitFor(() => expect(onStateChange).toHaveBeenCalledWith(null));
    const body = sent("POST", "/api/quotes");
    expect(body.items.map((i) => i.tax_rate)).toEqual([20, 20]);
    expect(body.premises).toBeNull();
  });

  it("a private client is asked once « Logement achevé depuis plus de 2 ans ? »: yes gives 10 %, energy renovation 5,5 %; a mixed quote is flagged", async () => {
    api.get("/api/quotes/defaults", quoteDefaultsSchema, () => ({ validity_days: 30, default_tax_rate: 20 }));
    api.post("/api/quotes", quoteSchema, () => makeQuote());
    const onStateChange = renderDialog({ mode: "create" });
    expect(screen.queryByLabelText(QUESTION)).toBeNull();
    type("Nom du devis *", "Salle d'eau");
    await chooseClient("Jean Dupont");
    const question = (await screen.findByLabelText(QUESTION)) as HTMLSelectElement;
    // Not answered: the company's default.
    expect(question.value).toBe("");
    expect(rateOf(1)).toBe("20");
    fireEvent.change(question, { target: { value: "old_dwelling" } });
    await waitFor(() => expect(rateOf(1)).toBe("10"));
    type("Désignation (ligne 1)", "Receveur");
    type("Prix unitaire HT (ligne 1)", "320");
    fireEvent.click(screen.getByRole("button", { name: "Ajouter une ligne" }));
    expect(rateOf(2)).toBe("10");
    fireEvent.click(screen.getByRole("checkbox", { name: VAT_RULE_TEXTS.energyRenovation }));
    fireEvent.click(screen.getByRole("button", { name: "Ajouter une ligne" }));
    expect(rateOf(3)).toBe("5.5");
    // 10 % and 5,5 % together: flagged, to be checked line by line.
    expect(screen.getByTestId("quote-mixed-vat").textContent).toContain(VAT_RULE_TEXTS.mixed);
    // A line with content keeps its rate.
    expect(rateOf(1)).toBe("10");
    type("Désignation (ligne 2)", "Faïence");
    type("Prix unitaire HT (ligne 2)", "45");
    type("Désignation (ligne 3)", "Isolant");
    type("Prix unitaire HT (ligne 3)", "89");
    fireEvent.click(screen.getByRole("button", { name: "Créer le devis" }));
    await waitFor(() => expect(onStateChange).toHaveBeenCalledWith(null));
    const body = sent("POST", "/api/quotes");
    expect(body.premises).toBe("old_dwelling");
    expect(body.items.map((i) => i.tax_rate)).toEqual([10, 10, 5.5]);
  });

  it("premises that are not a dwelling take 20 %; a single rate is not flagged", async () => {
    api.get("/api/quotes/defaults", quoteDefaultsSchema, () => ({ validity_days: 30, default_tax_rate: 10 }));
    renderDialog({ mode: "create" });
    await waitFor(() => expect(rateOf(1)).toBe("10"));
    await chooseClient("Jean Dupont");
    fireEvent.change(await screen.findByLabelText(QUESTION), {
      target: { value: "non_residential" },
    });
    await waitFor(() => expect(rateOf(1)).toBe("20"));
    fireEvent.click(screen.getByRole("button", { name: "Ajouter une ligne" }));
    expect(rateOf(2)).toBe("20");
    expect(screen.queryByRole("checkbox", { name: VAT_RULE_TEXTS.energyRenovation })).toBeNull();
    expect(screen.queryByTestId("quote-mixed-vat")).toBeNull();
  });

  it("a worksite address whose answer is remembered answers the question for the quote", async () => {
    const site = { label: "Appartement", address: "8 rue des Capucins", postal_code: "69001", city: "Lyon" };
    api.get("/api/quotes/defaults", quoteDefaultsSchema, () => ({ validity_days: 30, default_tax_rate: 20 }));
    api.get("/api/clients/:id", clientSchema, () =>
      makeClient({
        addresses: [{ id: "0f8a4c1e-8b1d-4c55-9f77-3d2e1b6a9c10", ...site, premises: "old_dwelling" }],
      }),
    );
    api.post("/api/quotes", quoteSchema, () => makeQuote());
    const onStateChange = renderDialog({ mode: "create" });
    type("Nom du devis *", "Peinture");
    await chooseClient("Jean Dupont");
    await screen.findByRole("option", { name: "Appartement — 8 rue des Capucins, 69001 Lyon" });
    const question = screen.getByLabelText(QUESTION) as HTMLSelectElement;
    expect(question.value).toBe("");
    fireEvent.change(screen.getByLabelText("Adresse du chantier"), { target: { value: "0" } });
    await waitFor(() => expect(question.value).toBe("old_dwelling"));
    expect(rateOf(1)).toBe("10");
    type("Désignation (ligne 1)", "Peinture du séjour");
    fireEvent.click(screen.getByRole("button", { name: "Créer le devis" }));
    await waitFor(() => expect(onStateChange).toHaveBeenCalledWith(null));
    expect(sent("POST", "/api/quotes")).toMatchObject({ worksite: site, premises: "old_dwelling" });
  });
});

describe("QuoteDialog — edit and read-only", () => {
  it("edits with 'Modifier le devis', 'Enregistrer', and a history panel", async () => {
    api.put("/api/quotes/:id", quoteSchema, () => apiError(409, QUOTE_TEXTS.finalLocked));
    const quote = makeQuote();
    renderDialog({ mode: "edit", quote });
    expect(screen.getByRole("dialog", { name: "Modifier le devis" })).toBeTruthy();
    expect((screen.getByLabelText("Désignation (ligne 2)") as HTMLInputElement).value).toBe("Peinture");
    expect(screen.getByRole("button", { name: /Historique/ })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Erreur lors de la mise à jour", {
        description: QUOTE_TEXTS.finalLocked,
      }),
    );
    const body = sent("PUT", `/api/quotes/${quote.id}`);
    expect(body.id).toBe(quote.id);
    expect(body.items.map((i) => i.name)).toEqual(["Carrelage", "Peinture"]);
    for (const item of body.items) expect(Object.keys(item)).not.toContain("position");
  });

  it("editing a sent quote warns that a changed content is a new version to send again; a draft has no warning", async () => {
    const sentQuote = makeQuote({ status: "envoye au client", version: 2 });
    const { unmount } = renderDialog({ mode: "edit", quote: sentQuote });
    const dialog = screen.getByRole("dialog", { name: "Modifier le devis" });
    expect(within(dialog).getByText(QUOTE_TEXTS.sentEditWarning.replace(/\s+/g, " "))).toBeTruthy();
    expect(within(dialog).getByText("Version 2")).toBeTruthy();
    unmount();
    renderDialog({ mode: "edit", quote: makeQuote() });
    expect(screen.queryByText(QUOTE_TEXTS.sentEditWarning.replace(/\s+/g, " "))).toBeNull();
    expect(screen.queryByText(/^Version/)).toBeNull();
  });

  it("opens a final quote read-only with the warning, even when asked to edit", async () => {
    api.get("/api/quotes/:id", quoteSchema, () => makeQuote({ status: "valide" }));
    renderDialog({ mode: "edit", quote: makeQuote({ status: "valide" }) });
    const dialog = screen.getByRole("dialog", { name: /Devis DEV-2026-0007/ });
    expect(within(dialog).getByText(QUOTE_TEXTS.finalWarning)).toBeTruthy();
    expect(within(dialog).queryByRole("textbox")).toBeNull();
    // No dead « Modifier » (issue 9): the warning says why, the footer offers « Fermer ».
    expect(within(dialog).queryByRole("button", { name: "Modifier" })).toBeNull();
    expect(
      within(dialog)
        .getAllByRole("button", { name: "Fermer" })
        .some((b) => b.textContent === "Fermer"),
    ).toBe(true);
    expect(within(dialog).getByTestId("quote-total-ttc").textContent).toBe(formatEuro(340));
  });
});

describe("QuoteDialog — saved by someone else meanwhile (ADR 0024)", () => {
  it("a line the chef added is never erased: the stale save is refused, what was typed stays until « Recharger » brings the chef's line", async () => {
    const quote = makeQuote();
    const [tiles, paint] = quote.items;
    if (!tiles || !paint) throw new Error("makeQuote has two lines");
    // The chef added a line and saved after this form was opened.
    const chefLine = { ...paint, id: "i3", position: 3, name: "Plinthes", subtotal: 30, tax_amount: 6, total: 36 };
    const stored = makeQuote({
      items: [tiles, paint, chefLine],
      items_count: 3,
      updated_at: "2026-03-10T09:05:00.000Z",
    });
    api.put("/api/quotes/:id", quoteSchema, () => apiError(409, MESSAGES.staleVersion, { code: "STALE_VERSION" }));
    const onStateChange = renderDialog({ mode: "edit", quote });
    type("Nom du devis *", "Salle de bain et couloir");
    api.get("/api/quotes/:id", quoteSchema, () => stored);
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));

    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toContain(MESSAGES.staleVersion);
    expect(api.requests("PUT")[0]?.headers.get("If-Match")).toBe(`"${quote.updated_at}"`);
    expect((screen.getByLabelText("Nom du devis *") as HTMLInputElement).value).toBe("Salle de bain et couloir");
    expect(screen.queryByDisplayValue("Plinthes")).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
    expect(onStateChange).not.toHaveBeenCalled();

    fireEvent.click(within(notice).getByRole("button", { name: "Recharger" }));
    expect(await screen.findByDisplayValue("Plinthes")).toBeTruthy();
    expect((screen.getByLabelText("Nom du devis *") as HTMLInputElement).value).toBe(stored.name);
    expect(screen.queryByRole("alert")).toBeNull();

    api.put("/api/quotes/:id", quoteSchema, () => ({ ...stored, updated_at: "2026-03-10T09:06:00.000Z" }));
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(QUOTE_TEXTS.updated));
    const resent = api.requests("PUT")[1];
    if (!resent) throw new Error("the quote was not saved again");
    expect(resent.headers.get("If-Match")).toBe(`"${stored.updated_at}"`);
    expect((resent.body as SentBody).items.map((i) => i.name)).toEqual(["Carrelage", "Peinture", "Plinthes"]);
  });
});

describe("QuoteDialog — sending and reminding (issue 18)", () => {
  const view = (
    status: "en cours de redaction" | "envoye au client" | "valide",
    permissions?: readonly PermissionCode[],
  ) => {
    const quote = makeQuote({ status });
    api.get("/api/quotes/:id", quoteSchema, () => quote);
    api.get("/api/quotes/:id/messages", documentMessagesSchema, () => ({ data: [] }));
    const onMail = vi.fn();
    renderWithProviders(
      <QuoteDialog
        state={{ mode: "view", quote }}
        onStateChange={vi.fn()}
        isMobile={false}
        pdfPending={() => false}
        onDownloadPdf={vi.fn()}
        onMail={onMail}
      />,
      permissions ? { permissions } : {},
    );
    return { onMail, dialog: screen.getByRole("dialog", { name: /Devis DEV-2026-0007/ }), quote };
  };

  it("a draft is sent (« Envoyer au client »), a sent one reminded too; its messages in a section", async () => {
    const draft = view("en cours de redaction");
    expect(within(draft.dialog).queryByRole("button", { name: "Relancer" })).toBeNull();
    fireEvent.click(within(draft.dialog).getByRole("button", { name: "Envoyer au client" }));
    expect(draft.onMail).toHaveBeenCalledWith(draft.quote, "send");
    cleanup();

    const sentQuote = view("envoye au client");
    fireEvent.click(within(sentQuote.dialog).getByRole("button", { name: "Relancer" }));
    expect(sentQuote.onMail).toHaveBeenCalledWith(sentQuote.quote, "remind");
    fireEvent.click(within(sentQuote.dialog).getByRole("button", { name: /Messages/ }));
    expect(await within(sentQuote.dialog).findByText(`${MESSAGE_TEXTS.noMessages}.`)).toBeTruthy();
  });

  it("a final quote, or a user without quotes:edit, has neither", () => {
    const final = view("valide");
    expect(within(final.dialog).queryByRole("button", { name: /Envoyer au client|Relancer/ })).toBeNull();
    cleanup();
    const reader = view("envoye au client", ["quotes:view"]);
    expect(within(reader.dialog).queryByRole("button", { name: /Envoyer au client|Relancer/ })).toBeNull();
  });
});

describe("QuoteDialog — the draft kept on the device (issue 9, defect 1)", () => {
  const SCOPE = "co1:u1";
  const KEY = "propulse:draft:quote:co1:u1:new";
  /** The draft is written QUOTE_DRAFT_DELAY_MS after the last keystroke: room for a busy machine beyond it. */
  const DRAFT_WAIT = { timeout: QUOTE_DRAFT_DELAY_MS + 4000 };
  const draftName = () => JSON.parse(localStorage.getItem(KEY) ?? "null")?.values?.name;

  beforeEach(() => localStorage.clear());

  it("writes what is typed, offers it when the form opens again, and resumes it", async () => {
    const first = renderDialog({ mode: "create" }, vi.fn(), undefined, SCOPE);
    type("Nom du devis *", "Salle de bain Martin");
    await waitFor(() => expect(draftName()).toBe("Salle de bain Martin"), DRAFT_WAIT);
    first.unmount();

    renderDialog({ mode: "create" }, vi.fn(), undefined, SCOPE);
    const offer = await screen.findByRole("region", { name: "Brouillon sur cet appareil" });
    expect(within(offer).getByText(/saisi sur cet appareil le/)).toBeTruthy();
    expect((screen.getByLabelText("Nom du devis *") as HTMLInputElement).value).toBe("");
    fireEvent.click(within(offer).getByRole("button", { name: "Reprendre le brouillon" }));
    expect((screen.getByLabelText("Nom du devis *") as HTMLInputElement).value).toBe("Salle de bain Martin");
    expect(screen.queryByRole("region", { name: "Brouillon sur cet appareil" })).toBeNull();
  });

  it("does not offer a draft it cannot read", async () => {
    localStorage.setItem(KEY, JSON.stringify({ savedAt: new Date().toISOString(), values: { name: "x" } }));
    renderDialog({ mode: "create" }, vi.fn(), undefined, SCOPE);
    // An unreadable draft (an older form's) is not offered.
    expect(screen.queryByRole("region", { name: "Brouillon sur cet appareil" })).toBeNull();
  });

  it("« Ignorer » and « Abandonner » drop the draft; another scope never sees it", async () => {
    const first = renderDialog({ mode: "create" }, vi.fn(), undefined, SCOPE);
    type("Nom du devis *", "Cuisine Dupont");
    await waitFor(() => expect(draftName()).toBe("Cuisine Dupont"), DRAFT_WAIT);
    first.unmount();

    const other = renderDialog({ mode: "create" }, vi.fn(), undefined, "co1:u2");
    expect(screen.queryByRole("region", { name: "Brouillon sur cet appareil" })).toBeNull();
    other.unmount();

    const second = renderDialog({ mode: "create" }, vi.fn(), undefined, SCOPE);
    fireEvent.click(await screen.findByRole("button", { name: "Ignorer" }));
    expect(localStorage.getItem(KEY)).toBeNull();
    second.unmount();

    const onStateChange = renderDialog({ mode: "create" }, vi.fn(), undefined, SCOPE);
    type("Nom du devis *", "Garage");
    await waitFor(() => expect(draftName()).toBe("Garage"), DRAFT_WAIT);
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    const ask = await screen.findByRole("alertdialog", { name: "Abandonner les modifications\u202f?" });
    fireEvent.click(within(ask).getByRole("button", { name: "Abandonner" }));
    await waitFor(() => expect(onStateChange).toHaveBeenCalledWith(null));
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("a saved quote leaves no draft behind", async () => {
    api.post("/api/quotes", quoteSchema, () => makeQuote());
    const onStateChange = renderDialog({ mode: "create" }, vi.fn(), undefined, SCOPE);
    type("Nom du devis *", "Cuisine Martin");
    await chooseClient("Jean Dupont");
    type("Désignation (ligne 1)", "Plan de travail");
    await waitFor(() => expect(draftName()).toBe("Cuisine Martin"), DRAFT_WAIT);
    fireEvent.click(screen.getByRole("button", { name: "Créer le devis" }));
    await waitFor(() => expect(onStateChange).toHaveBeenCalledWith(null));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});
