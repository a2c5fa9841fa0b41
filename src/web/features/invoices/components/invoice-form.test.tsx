import { clientSchema } from "@shared/clients";
import { addDays, parisToday } from "@shared/dates";
import { formatEuro } from "@shared/format";
import {
  INVOICE_DEFAULTS,
  INVOICE_TEXTS,
  type Invoice,
  invoiceListResponseSchema,
  invoiceSchema,
} from "@shared/invoices";
import { librarySuggestionsResponseSchema } from "@shared/library";
import { quoteSchema } from "@shared/quotes";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast as appToast } from "@web/lib/toast";
import { apiError, type FakeApi, fakeApi } from "@web/test/fake-api";
import { installBrowserStubs } from "@web/test/render";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeClient, makeQuote, PROJECT_ID, QUOTE_ID, renderFormPage } from "../test/form-fixtures";
import { CLIENT_ID, INVOICE_ID, makeInvoice, makeInvoiceRow } from "../test/list-fixtures";
import { InvoiceEditPage } from "./invoice-edit-page";
import { InvoiceNewPage } from "./invoice-new-page";

const toast = vi.mocked(appToast, true);

let api: FakeApi;

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  api.get("/api/clients/:id", clientSchema, () => makeClient());
  api.get("/api/library/suggestions", librarySuggestionsResponseSchema, () => ({ data: [] }));
  api.get("/api/invoices", invoiceListResponseSchema, () => ({
    invoices: [],
    pagination: { page: 1, limit: 20, total: 0, totalPages: 0 },
  }));
});
afterEach(() => {
  cleanup();
  toast.mockReset();
  toast.success.mockReset();
  toast.error.mockReset();
});

/** The draft the server answers for a body: its figures are not what is checked here. */
const answer = (overrides: Partial<Invoice> = {}) =>
  makeInvoice({ status: "draft", reference: "PROV-2026-0003", issued_at: null, ...overrides });

function renderNew({ quoteId = null, clientId = null }: { quoteId?: string | null; clientId?: string | null } = {}) {
  const query = new URLSearchParams({
    ...(quoteId ? { quote_id: quoteId } : {}),
    ...(clientId ? { client_id: clientId } : {}),
  });
  return renderFormPage(<InvoiceNewPage quoteId={quoteId} clientId={clientId} isMobile={false} />, {
    path: `/invoices/new?${query}`,
    route: "/invoices/new",
  });
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Créer la facture" }));
const postBodies = () => api.requests("POST", "/api/invoices").map((r) => r.body as Record<string, unknown>);

describe("InvoiceNewPage", () => {
  it("starts dated today, due 30 days later (following the date until set), by bank transfer, with the legal mentions", async () => {
    renderNew();
    expect(screen.getByRole("heading", { level: 1, name: "Nouvelle facture" })).toBeTruthy();
    for (const title of [
      "Informations générales",
      "Lignes de facturation",
      "Totaux et remises",
      "Notes, conditions et mentions légales",
    ]) {
      expect(screen.getByRole("region", { name: title })).toBeTruthy();
    }
    const today = parisToday();
    expect(field("Date *").value).toBe(today);
    expect(field("Date d’échéance").value).toBe(addDays(today, 30));
    expect((screen.getByLabelText("Moyen de paiement") as HTMLSelectElement).value).toBe("bank_transfer");
    expect((screen.getByLabelText("Mentions légales") as HTMLTextAreaElement).value).toBe(
      INVOICE_DEFAULTS.legalMentions,
    );
    expect(field("Autoliquidation (sous-traitance BTP)").checked).toBe(false);
    expect(screen.getByRole("list", { name: "Lignes de facturation" }).children).toHaveLength(1);

    fireEvent.change(field("Date *"), { target: { value: "2026-05-04" } });
    await waitFor(() => expect(field("Date d’échéance").value).toBe("2026-06-03"));
    fireEvent.change(field("Date d’échéance"), { target: { value: "2026-05-20" } });
    fireEvent.change(field("Date *"), { target: { value: "2026-05-06" } });
    await act(async () => {});
    expect(field("Date d’échéance").value).toBe("2026-05-20");
  });

  it("says the spec's three messages and sends nothing", async () => {
    renderNew();
    submit();
    expect(await screen.findByText(INVOICE_TEXTS.clientRequired)).toBeTruthy();
    expect(screen.getByText(INVOICE_TEXTS.nameRequired)).toBeTruthy();
    // The empty line: no name, a price of 0.
    expect(screen.getAllByText(INVOICE_TEXTS.linesInvalid).length).toBeGreaterThan(0);
    expect(postBodies()).toHaveLength(0);
  });

  it("sends the category of the operation chosen (2026 reform; « Prestation de services » by default)", async () => {
    api.post("/api/invoices", invoiceSchema, () => answer());
    renderNew({ clientId: CLIENT_ID });
    const category = screen.getByLabelText("Catégorie de l’opération") as HTMLSelectElement;
    expect(category.value).toBe("services");
    expect(Array.from(category.options).map((o) => o.text)).toEqual([
      "Livraison de biens",
      "Prestation de services",
      "Les deux",
    ]);
    fireEvent.change(field("Nom de la facture *"), { target: { value: "Fourniture d’une chaudière" } });
    fireEvent.change(field("Désignation (ligne 1)"), { target: { value: "Chaudière" } });
    fireEvent.change(field("Quantité (ligne 1)"), { target: { value: "1" } });
    fireEvent.change(field("Prix unitaire HT (ligne 1)"), { target: { value: "3200" } });
    fireEvent.change(category, { target: { value: "goods" } });
    submit();
    await waitFor(() => expect(postBodies()).toHaveLength(1));
    expect(postBodies()[0]).toMatchObject({ operation_category: "goods" });
  });

  it("gives the discount one way only: a percentage or an amount, the other reset to 0", async () => {
    api.post("/api/invoices", invoiceSchema, () => answer());
    renderNew({ clientId: CLIENT_ID });
    fireEvent.change(field("Nom de la facture *"), { target: { value: "Salle de bain" } });
    fireEvent.change(field("Désignation (ligne 1)"), { target: { value: "Carrelage" } });
    fireEvent.change(field("Quantité (ligne 1)"), { target: { value: "10" } });
    fireEvent.change(field("Prix unitaire HT (ligne 1)"), { target: { value: "20" } });
    fireEvent.change(field("Remise (%)"), { target: { value: "10" } });
    await waitFor(() => expect(screen.getByTestId("invoice-total-discount").textContent).toContain("20,00"));

    fireEvent.click(screen.getByRole("radio", { name: "Montant fixe" }));
    expect(field("Remise (€ HT)").value).toBe("0");
    fireEvent.change(field("Remise (€ HT)"), { target: { value: "50" } });
    await waitFor(() => expect(screen.getByTestId("invoice-total-ttc").textContent).toBe(formatEuro(180)));
    fireEvent.click(screen.getByRole("radio", { name: "Pourcentage" }));
    expect(field("Remise (%)").value).toBe("0");
    fireEvent.click(screen.getByRole("radio", { name: "Montant fixe" }));
    expect(field("Remise (€ HT)").value).toBe("0");
    fireEvent.change(field("Remise (€ HT)"), { target: { value: "50" } });

    submit();
    await waitFor(() => expect(postBodies()).toHaveLength(1));
    expect(postBodies()[0]).toMatchObject({
      client_id: CLIENT_ID,
      quote_id: null,
      project_id: null,
      name: "Salle de bain",
      payment_method: "bank_transfer",
      reverse_charge: false,
      operation_category: "services",
      discount_percentage: 0,
      discount_amount: 50,
      legal_mentions: INVOICE_DEFAULTS.legalMentions,
      items: [
        {
          kind: "item",
          name: "Carrelage",
          description: null,
          quantity: 10,
          unit: "unité",
          unit_price: 20,
          tax_rate: 20,
        },
      ],
    });
    expect(toast.success).toHaveBeenCalledWith(INVOICE_TEXTS.created, { description: "PROV-2026-0003" });
    expect(await screen.findByText("Page de la facture")).toBeTruthy();
  });

  it("sets every line at 0 % under reverse charge, and says so under the totals", async () => {
    renderNew({ clientId: CLIENT_ID });
    fireEvent.change(field("Prix unitaire HT (ligne 1)"), { target: { value: "100" } });
    await waitFor(() => expect(screen.getByTestId("invoice-total-ttc").textContent).toBe(formatEuro(120)));
    fireEvent.click(field("Autoliquidation (sous-traitance BTP)"));
    await waitFor(() => expect(screen.getByTestId("invoice-total-ttc").textContent).toBe(formatEuro(100)));
    expect(screen.getByText(INVOICE_TEXTS.reverseChargeMention, { normalizer: (text) => text })).toBeTruthy();
  });

  it("puts the server's field errors under their fields and toasts « Impossible de créer la facture »", async () => {
    api.post("/api/invoices", invoiceSchema, () =>
      apiError(400, "Données invalides", {
        details: [
          { path: "name", message: INVOICE_TEXTS.nameRequired },
          { path: "items.0.unit_price", message: INVOICE_TEXTS.linesInvalid },
        ],
      }),
    );
    renderNew({ clientId: CLIENT_ID });
    fireEvent.change(field("Nom de la facture *"), { target: { value: "Salle de bain" } });
    fireEvent.change(field("Désignation (ligne 1)"), { target: { value: "Carrelage" } });
    fireEvent.change(field("Prix unitaire HT (ligne 1)"), { target: { value: "20" } });
    submit();
    expect(await screen.findByText(INVOICE_TEXTS.nameRequired)).toBeTruthy();
    expect(screen.getByText(INVOICE_TEXTS.linesInvalid)).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(INVOICE_TEXTS.createFailed, { description: "Données invalides" });
    expect(screen.queryByText("Page de la facture")).toBeNull();
  });

  it("a quote that already has its final invoice says so and links to it (issue 32)", async () => {
    api.get("/api/quotes/:id", quoteSchema, () => makeQuote());
    api.get("/api/invoices", invoiceListResponseSchema, ({ query }) => ({
      invoices:
        query.get("quote_id") === QUOTE_ID
          ? [makeInvoiceRow({ id: "final-1", kind: "invoice", status: "draft", reference: "PROV-2026-0009" })]
          : [],
      pagination: { page: 1, limit: 20, total: 1, totalPages: 1 },
    }));
    renderNew({ quoteId: QUOTE_ID });
    const origin = await screen.findByRole("region", { name: "Depuis le devis DEV-2026-0007" });
    const link = await within(origin).findByRole("link", { name: "PROV-2026-0009" });
    expect(link.getAttribute("href")).toBe("/invoices/final-1");
    expect(link.parentElement?.textContent).toBe(`${INVOICE_TEXTS.quoteAlreadyInvoiced}\u00a0: PROV-2026-0009.`);
  });

  it("is pre-filled from a validated quote (?quote_id=), says its deposits are deducted, and sends the quote and its worksite", async () => {
    api.get("/api/quotes/:id", quoteSchema, () => makeQuote());
    api.get("/api/invoices", invoiceListResponseSchema, ({ query }) => ({
      invoices:
        query.get("quote_id") === QUOTE_ID
          ? [makeInvoiceRow({ kind: "deposit", reference: "FAC-2026-0003", total: 96.9, quote_id: QUOTE_ID })]
          : [],
      pagination: { page: 1, limit: 20, total: 1, totalPages: 1 },
    }));
    api.post("/api/invoices", invoiceSchema, () => answer());
    renderNew({ quoteId: QUOTE_ID });

    expect(await screen.findByDisplayValue("Rénovation salle de bain")).toBeTruthy();
    // Issue 31: the quote's client, not another (the server refuses another).
    const client = field("Client");
    expect(client.value).toBe(makeQuote().client.name);
    expect(client.readOnly).toBe(true);
    expect(screen.queryByRole("combobox", { name: /Client/ })).toBeNull();
    const origin = screen.getByRole("region", { name: "Depuis le devis DEV-2026-0007" });
    expect(await within(origin).findByTestId("invoice-quote-deposits")).toBeTruthy();
    expect(within(origin).getByRole("list", { name: "Factures d’acompte du devis" }).textContent).toContain(
      "FAC-2026-0003",
    );
    expect((screen.getByLabelText("Notes") as HTMLTextAreaElement).value).toBe("Portail bleu");
    expect((screen.getByLabelText("Conditions de paiement") as HTMLTextAreaElement).value).toBe(
      "Acompte de 30 % à la commande",
    );
    expect(field("Remise (%)").value).toBe("5");
    expect(field("Titre de la section (ligne 1)").value).toBe("Salle de bain");
    expect(field("Désignation (ligne 2)").value).toBe("Carrelage");
    expect(field("Prix unitaire HT (ligne 2)").value).toBe("20.00");
    expect(field("Désignation (ligne 3)").value).toBe("Peinture");
    // The quote's figures, recomputed live by the shared function: 300 − 5 % + VAT.
    expect(screen.getByTestId("invoice-total-ttc").textContent).toBe(formatEuro(323));

    submit();
    await waitFor(() => expect(postBodies()).toHaveLength(1));
    expect(postBodies()[0]).toMatchObject({
      client_id: CLIENT_ID,
      quote_id: QUOTE_ID,
      project_id: PROJECT_ID,
      name: "Rénovation salle de bain",
      discount_percentage: 5,
      discount_amount: 0,
      items: [
        { kind: "section", name: "Salle de bain" },
        expect.objectContaining({ kind: "item", name: "Carrelage", quantity: 10, unit: "m²", tax_rate: 10 }),
        expect.objectContaining({ kind: "item", name: "Peinture", unit_price: 25, tax_rate: 20 }),
      ],
    });
  });

  it("refuses a quote that is not validated, in the spec's words", async () => {
    api.get("/api/quotes/:id", quoteSchema, () => makeQuote({ status: "envoye au client" }));
    renderNew({ quoteId: QUOTE_ID });
    expect(await screen.findByText(INVOICE_TEXTS.quoteNotValid)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Créer la facture" })).toBeNull();
    expect(screen.getByRole("link", { name: "Retour aux devis" }).getAttribute("href")).toBe("/quotes");
  });
});

describe("InvoiceEditPage", () => {
  function renderEdit() {
    return renderFormPage(<InvoiceEditPage invoiceId={INVOICE_ID} isMobile={false} />, {
      path: `/invoices/${INVOICE_ID}/edit`,
      route: "/invoices/:id/edit",
    });
  }

  it("edits a draft with its client locked; sends the fields without client, quote or worksite", async () => {
    api.get("/api/invoices/:id", invoiceSchema, () => answer());
    api.put("/api/invoices/:id", invoiceSchema, () => answer({ name: "Salle de bain et WC" }));
    renderEdit();
    const name = await screen.findByDisplayValue("Rénovation salle de bain");
    const client = field("Client");
    expect(client.value).toBe("Martine Leroy");
    expect(client.readOnly).toBe(true);
    expect(screen.queryByRole("combobox", { name: /Client/ })).toBeNull();
    expect(field("Date des travaux").value).toBe("2026-03-02");
    expect(field("Date d’échéance").value).toBe("2026-04-09");

    fireEvent.change(name, { target: { value: "Salle de bain et WC" } });
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(api.requests("PUT", "/api/invoices/:id")).toHaveLength(1));
    const body = api.requests("PUT", "/api/invoices/:id")[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: "Salle de bain et WC", work_date: "2026-03-02", due_date: "2026-04-09" });
    expect(body).not.toHaveProperty("client_id");
    expect(body).not.toHaveProperty("quote_id");
    expect((body.items as unknown[]).length).toBe(3);
    expect(toast.success).toHaveBeenCalledWith(INVOICE_TEXTS.updated, { description: "PROV-2026-0003" });
    expect(await screen.findByText("Page de la facture")).toBeTruthy();
  });

  it("toasts « Impossible de modifier la facture » with the server's reason", async () => {
    api.get("/api/invoices/:id", invoiceSchema, () => answer());
    api.put("/api/invoices/:id", invoiceSchema, () => apiError(409, INVOICE_TEXTS.notEditable));
    renderEdit();
    await screen.findByDisplayValue("Rénovation salle de bain");
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(INVOICE_TEXTS.updateFailed, { description: INVOICE_TEXTS.notEditable }),
    );
  });

  it("an invoice already issued is not edited: « Facture non éditable » and back to the list", async () => {
    api.get("/api/invoices/:id", invoiceSchema, () => makeInvoice());
    renderEdit();
    expect(await screen.findByText("Liste des factures")).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(INVOICE_TEXTS.notEditable);
  });
});
