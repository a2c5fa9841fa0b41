import { clientListResponseSchema } from "@shared/clients";
import { addDays, parisToday } from "@shared/dates";
import { formatEuro } from "@shared/format";
import { INVOICE_TEXTS, invoiceSchema } from "@shared/invoices";
import { messageDraftSchema, messageSummarySchema } from "@shared/messages";
import type { PermissionCode } from "@shared/permissions";
import { summaryOfQuotes } from "@shared/quote-figures";
import { isExpiredQuote, PENDING_QUOTE_STATUSES, QUOTE_TEXTS, type QuoteStatus } from "@shared/quote-rules";
import { type Quote, quoteListResponseSchema, quoteSchema } from "@shared/quotes";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast as appToast } from "@web/lib/toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  apiError,
  EVERY_PERMISSION,
  type FakeApi,
  fakeApi,
  installBrowserStubs,
  makeClient,
  makeDepositInvoice,
  makeQuote,
  renderWithProviders,
} from "../test/render";
import { WITHHELD_TEXTS } from "./quote-card";
import { QuotesPage } from "./quotes-page";

const toast = vi.mocked(appToast, true);

let api: FakeApi;

const summaryOf = (quotes: Quote[]) => summaryOfQuotes(quotes);

/** GET /api/quotes over an in-memory list; `pageSize` caps a page whatever the limit asked. */
function serve(all: Quote[], options: { failList?: boolean; pageSize?: number } = {}) {
  api.get("/api/clients", clientListResponseSchema, () => ({
    data: [makeClient()],
    meta: { total: 1, page: 1, limit: 1000 },
  }));
  api.get("/api/quotes", quoteListResponseSchema, ({ query }) => {
    if (options.failList) return apiError(500, "Une erreur interne est survenue");
    const status = query.get("status") as QuoteStatus | null;
    const state = query.get("state");
    const sort = query.get("sort");
    const search = query.get("search")?.toLowerCase() ?? "";
    const page = Number(query.get("page"));
    const limit = Math.min(Number(query.get("limit")), options.pageSize ?? Number.POSITIVE_INFINITY);
    const today = parisToday();
    const found = all
      .filter((q) => (!status || q.status === status) && (!search || q.name.toLowerCase().includes(search)))
      .filter(
        (q) =>
          !state ||
          ((PENDING_QUOTE_STATUSES as string[]).includes(q.status) &&
            isExpiredQuote(q, today) === (state === "expired")),
      )
      .sort((a, b) => (sort === "amount" ? b.subtotal - b.discount - (a.subtotal - a.discount) : 0));
    return {
      data: found.slice((page - 1) * limit, page * limit),
      meta: { total: found.length, page, limit, summary: summaryOf(found) },
    };
  });
}

function listCalls(): URLSearchParams[] {
  return api.requests("GET", "/api/quotes").map((request) => request.query);
}

/** Opens a card's « … » menu. */
async function openMenu(card: HTMLElement, reference: string): Promise<HTMLElement> {
  await act(async () => {
    fireEvent.click(within(card).getByRole("button", { name: `Plus d’actions pour le devis ${reference}` }));
  });
  return screen.findByRole("menu");
}

/** The items of a card's « … » menu (opened, read, closed). */
async function menuItems(card: HTMLElement, reference: string): Promise<string[]> {
  const menu = await openMenu(card, reference);
  const items = within(menu)
    .getAllByRole("menuitem")
    .map((item) => item.textContent ?? "");
  fireEvent.keyDown(menu, { key: "Escape" });
  await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
  return items;
}

function renderPage(permissions?: readonly PermissionCode[], isMobile = false) {
  return renderWithProviders(<QuotesPage isMobile={isMobile} />, { permissions });
}

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  toast.success.mockReset();
  toast.error.mockReset();
});

describe("QuotesPage", () => {
  it("says there is no quote yet and offers to create one", async () => {
    serve([]);
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Gestion des devis" })).toBeTruthy();
    expect(await screen.findByText("Aucun devis")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Créer un devis" })).toBeTruthy();
  });

  it("hides creation without quotes:create", async () => {
    serve([]);
    renderPage(EVERY_PERMISSION.filter((code) => code !== "quotes:create"));
    await screen.findByText("Aucun devis");
    expect(screen.queryByRole("button", { name: "Nouveau devis" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Créer un devis" })).toBeNull();
  });

  it("read-only users: no edit, duplicate, status change or client filter; the clients are not asked for", async () => {
    serve([makeQuote()]);
    // A Compagnon: quotes:view, and the chantier / invoice rights of his role.
    renderPage(["quotes:view", "projects:create", "invoices:create"]);
    const card = (await screen.findByText("DEV-2026-0007")).closest("article") as HTMLElement;
    expect(within(card).queryByRole("button", { name: "Modifier" })).toBeNull();
    expect(within(card).queryByRole("button", { name: "Dupliquer" })).toBeNull();
    expect(within(card).getByRole("button", { name: /Télécharger le PDF/ })).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: "Client" })).toBeNull();
    expect(screen.getByRole("combobox", { name: "Statut" })).toBeTruthy();
    expect(api.requests("GET", "/api/clients")).toHaveLength(0);
  });

  it("shows the tiles and the financial summary of the filtered set", async () => {
    const quotes = [
      makeQuote({ id: "a", reference: "DEV-2026-0001", status: "valide", total: 1000 }),
      makeQuote({ id: "b", reference: "DEV-2026-0002", status: "envoye au client", total: 250.5, valid_until: null }),
      makeQuote({ id: "c", reference: "DEV-2026-0003", status: "client relance", total: 100, valid_until: null }),
      makeQuote({ id: "d", reference: "DEV-2026-0004", status: "en cours de redaction", total: 40 }),
    ];
    serve(quotes);
    renderPage();
    await screen.findByText("DEV-2026-0001");
    const tiles = within(screen.getByRole("list", { name: "Compteurs devis" }))
      .getAllByTestId("quote-tile-value")
      .map((t) => t.textContent);
    expect(tiles).toEqual(["4", "1", "1", "0"]);
    // HT after discount (makeQuote: subtotal 300, no discount), the expired quote apart.
    expect(screen.getByTestId("quote-summary-CA en attente HT").textContent).toBe(formatEuro(600));
    expect(screen.getByTestId("quote-summary-CA validé HT").textContent).toBe(formatEuro(300));
    expect(screen.getByTestId("quote-summary-Total HT").textContent).toBe(formatEuro(1200));
    expect(screen.queryByTestId("quote-summary-expired")).toBeNull();
    expect(screen.getByRole("heading", { level: 2, name: "4 devis" })).toBeTruthy();
  });

  it("sets expired quotes apart: a badge on the card, a line under the figures that lists them, a quick filter", async () => {
    const past = addDays(parisToday(), -3);
    serve([
      makeQuote({ id: "a", reference: "DEV-2026-0001", status: "envoye au client", valid_until: past }),
      makeQuote({ id: "b", reference: "DEV-2026-0002", status: "client relance", valid_until: null }),
      makeQuote({ id: "c", reference: "DEV-2026-0003", status: "valide", valid_until: past }),
    ]);
    renderPage();
    const expiredCard = (await screen.findByText("DEV-2026-0001")).closest("article") as HTMLElement;
    expect(within(expiredCard).getByTestId("quote-card-expired").textContent).toBe("Expiré");
    const validatedCard = screen.getByText("DEV-2026-0003").closest("article") as HTMLElement;
    expect(within(validatedCard).queryByTestId("quote-card-expired")).toBeNull();
    expect(screen.getByTestId("quote-summary-CA en attente HT").textContent).toBe(formatEuro(300));
    expect(screen.getByTestId("quote-summary-expired").textContent).toContain("1\u00a0devis expiré");

    fireEvent.click(screen.getByRole("button", { name: "Voir les devis expirés" }));
    await waitFor(() => expect(listCalls().at(-1)?.get("state")).toBe("expired"));
    expect(await screen.findByRole("heading", { level: 2, name: "1 devis" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Expirés" }).getAttribute("aria-checked")).toBe("true");

    fireEvent.click(screen.getByRole("radio", { name: "Envoyés" }));
    await waitFor(() => expect(listCalls().at(-1)?.get("state")).toBe("pending"));
    expect(listCalls().at(-1)?.get("status")).toBeNull();
    // A status from the select replaces the quick filter's state.
    fireEvent.change(screen.getByRole("combobox", { name: "Statut" }), { target: { value: "valide" } });
    await waitFor(() => expect(listCalls().at(-1)?.get("status")).toBe("valide"));
    expect(listCalls().at(-1)?.get("state")).toBeNull();
  });

  it("orders by amount HT on demand, and asks the default order as no order", async () => {
    serve([makeQuote()]);
    renderPage();
    await screen.findByText("DEV-2026-0007");
    expect(listCalls()[0]?.get("sort")).toBeNull();
    fireEvent.change(screen.getByRole("combobox", { name: "Trier par" }), { target: { value: "amount" } });
    await waitFor(() => expect(listCalls().at(-1)?.get("sort")).toBe("amount"));
    expect(listCalls().at(-1)?.get("page")).toBe("1");
  });

  it("cards: status label, date, validity date, first two lines and '+1 autre', « Créer un chantier », what a validated quote withholds said in words", async () => {
    const three = makeQuote().items.concat({
      ...makeQuote().items[0],
      id: "i3",
      position: 3,
      name: "Plinthes",
    } as Quote["items"][number]);
    serve([makeQuote({ status: "valide", items: three, items_count: 3, valid_until: "2026-04-09" })]);
    renderPage();
    const card = (await screen.findByText("DEV-2026-0007")).closest("article") as HTMLElement;
    expect(within(card).getByText("Validé")).toBeTruthy();
    expect(within(card).getByText("10/03/2026")).toBeTruthy();
    // The validity date, so that a quote about to lapse can be chased (issue 10).
    expect(card.textContent).toContain("Valable jusqu’au\u00a009/04/2026");
    expect(within(card).getByText("Carrelage")).toBeTruthy();
    expect(within(card).getByText("Peinture")).toBeTruthy();
    expect(within(card).queryByText("Plinthes")).toBeNull();
    expect(within(card).getByText("+1 autre")).toBeTruthy();
    expect(within(card).getByText("Portail bleu")).toBeTruthy();
    // No dead buttons (issue 9): the withheld actions are not shown, their reason is visible text.
    expect(within(card).queryByRole("button", { name: "Modifier" })).toBeNull();
    // A validated quote without a worksite becomes one: the creation form, from this quote (spec 2 §2).
    expect(within(card).getByRole("link", { name: "Créer un chantier" }).getAttribute("href")).toBe(
      `/projects/new?quote_id=${makeQuote().id}`,
    );
    expect(within(card).queryByRole("link", { name: "Voir le chantier" })).toBeNull();
    // A validated quote is invoiced (spec 2 §4): the invoice form, pre-filled from it (spec 3 §2.3).
    expect(within(card).getByRole("link", { name: "Créer une facture" }).getAttribute("href")).toBe(
      `/invoices/new?quote_id=${makeQuote().id}`,
    );
    const withheld = within(card).getByRole("list", { name: "Actions indisponibles" });
    expect([...withheld.children].map((li) => li.textContent)).toEqual([WITHHELD_TEXTS.finalLocked]);
  });

  it("once a chantier is linked: « Voir le chantier », no second one; nothing withheld before validation", async () => {
    serve([
      makeQuote({ id: "a", reference: "DEV-2026-0001", status: "valide", project_id: "p1" }),
      makeQuote({ id: "b", reference: "DEV-2026-0002", status: "envoye au client" }),
    ]);
    renderPage();
    const linked = (await screen.findByText("DEV-2026-0001")).closest("article") as HTMLElement;
    expect(within(linked).queryByRole("link", { name: "Créer un chantier" })).toBeNull();
    expect(within(linked).getByRole("link", { name: "Voir le chantier" }).getAttribute("href")).toBe("/projects/p1");
    const withheld = within(linked).getByRole("list", { name: "Actions indisponibles" });
    expect([...withheld.children].map((li) => li.textContent)).toEqual([QUOTE_TEXTS.finalLocked]);
    expect(within(linked).getByRole("link", { name: "Créer une facture" })).toBeTruthy();
    const sent = screen.getByText("DEV-2026-0002").closest("article") as HTMLElement;
    expect(within(sent).queryByRole("list", { name: "Actions indisponibles" })).toBeNull();
    expect(within(sent).queryByRole("link", { name: "Créer un chantier" })).toBeNull();
    expect(within(sent).queryByRole("link", { name: "Créer une facture" })).toBeNull();
    expect((within(sent).getByRole("button", { name: "Modifier" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("invoices only a validated quote, for a user who may: « Créer une facture » and « Facture d’acompte »", async () => {
    serve([
      makeQuote({ id: "a", reference: "DEV-2026-0001", status: "valide" }),
      makeQuote({ id: "b", reference: "DEV-2026-0002", status: "envoye au client" }),
    ]);
    renderPage();
    const validated = (await screen.findByText("DEV-2026-0001")).closest("article") as HTMLElement;
    expect(within(validated).getByRole("link", { name: "Créer une facture" })).toBeTruthy();
    expect(await menuItems(validated, "DEV-2026-0001")).toContain("Facture d’acompte");
    const sent = screen.getByText("DEV-2026-0002").closest("article") as HTMLElement;
    expect(within(sent).queryByRole("link", { name: "Créer une facture" })).toBeNull();
    expect(await menuItems(sent, "DEV-2026-0002")).not.toContain("Facture d’acompte");
    cleanup();

    renderPage(EVERY_PERMISSION.filter((code) => code !== "invoices:create"));
    const card = (await screen.findByText("DEV-2026-0001")).closest("article") as HTMLElement;
    expect(within(card).queryByRole("link", { name: "Créer une facture" })).toBeNull();
    expect(await menuItems(card, "DEV-2026-0001")).not.toContain("Facture d’acompte");
  });

  it("« Facture d’acompte »: 30 % shown as the server splits it, or an amount TTC; created, « Facture {reference} créée avec succès »", async () => {
    const quote = makeQuote({ status: "valide" });
    serve([quote]);
    api.post("/api/invoices/deposit/:quoteId", invoiceSchema, () => makeDepositInvoice());
    renderPage();
    const card = (await screen.findByText("DEV-2026-0007")).closest("article") as HTMLElement;
    await openMenu(card, "DEV-2026-0007");
    await act(async () => {
      fireEvent.click(screen.getByRole("menuitem", { name: "Facture d’acompte" }));
    });
    const dialog = await screen.findByRole("dialog", { name: "Facture d’acompte" });
    // 30 % of 100 € HT at 20 % and 200 € HT at 10 %: 30 + 6 + 60 + 6.
    expect((within(dialog).getByLabelText("Acompte (%)") as HTMLInputElement).value).toBe("30");
    expect(within(dialog).getByTestId("deposit-total").textContent).toBe(formatEuro(102));

    fireEvent.click(within(dialog).getByRole("radio", { name: "Montant TTC" }));
    fireEvent.change(within(dialog).getByLabelText("Acompte (€ TTC)"), { target: { value: "500" } });
    expect(within(dialog).getByTestId("deposit-total").textContent).toBe("—");
    fireEvent.click(within(dialog).getByRole("button", { name: "Créer la facture d’acompte" }));
    expect(await within(dialog).findByText("Le montant doit être entre 0 et le total du devis")).toBeTruthy();
    expect(api.requests("POST", "/api/invoices/deposit/:quoteId")).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText("Acompte (€ TTC)"), { target: { value: "170" } });
    expect(within(dialog).getByTestId("deposit-total").textContent).toBe(formatEuro(170));
    fireEvent.click(within(dialog).getByRole("button", { name: "Créer la facture d’acompte" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(INVOICE_TEXTS.createdFromQuote("PROV-2026-0004")));
    const [request] = api.requests("POST", "/api/invoices/deposit/:quoteId");
    expect(request?.params.quoteId).toBe(quote.id);
    expect(request?.body).toEqual({ amount: 170 });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Facture d’acompte" })).toBeNull());
  });

  it("?deposit=<quote id> (a worksite's « Facturer » › « Facture d’acompte ») opens that quote's deposit dialog", async () => {
    const quote = makeQuote({ status: "valide" });
    serve([makeQuote({ id: "3a1c2a8e-1b2c-4d5e-8f90-a1b2c3d4e5f6", reference: "DEV-2026-0001" }), quote]);
    renderWithProviders(<QuotesPage isMobile={false} />, {
      path: `/quotes?deposit=${quote.id}`,
    });
    const dialog = await screen.findByRole("dialog", { name: "Facture d’acompte" });
    expect(within(dialog).getByText(/Devis DEV-2026-0007/)).toBeTruthy();
  });

  it("a deposit the server refuses is toasted with its reason, and the dialog stays open", async () => {
    serve([makeQuote({ status: "valide" })]);
    api.post("/api/invoices/deposit/:quoteId", invoiceSchema, () => apiError(409, INVOICE_TEXTS.quoteNotValid));
    renderPage();
    const card = (await screen.findByText("DEV-2026-0007")).closest("article") as HTMLElement;
    await openMenu(card, "DEV-2026-0007");
    await act(async () => {
      fireEvent.click(screen.getByRole("menuitem", { name: "Facture d’acompte" }));
    });
    const dialog = await screen.findByRole("dialog", { name: "Facture d’acompte" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Créer la facture d’acompte" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(INVOICE_TEXTS.createFailed, {
        description: "Seuls les devis validés peuvent être transformés en factures",
      }),
    );
    expect(api.requests("POST", "/api/invoices/deposit/:quoteId")[0]?.body).toEqual({ percentage: 30 });
    expect(screen.getByRole("dialog", { name: "Facture d’acompte" })).toBeTruthy();
  });

  it("quick filters and search go to the server; no match offers to clear the filters", async () => {
    serve([makeQuote()]);
    renderPage();
    await screen.findByText("DEV-2026-0007");
    fireEvent.click(screen.getByRole("radio", { name: "Validés" }));
    expect(await screen.findByText("Aucun devis trouvé")).toBeTruthy();
    expect(listCalls().at(-1)?.get("status")).toBe("valide");
    fireEvent.click(screen.getAllByRole("button", { name: "Effacer les filtres" })[0] as HTMLElement);
    await screen.findByText("DEV-2026-0007");
    expect(screen.getByRole("radio", { name: "Tous" }).getAttribute("aria-checked")).toBe("true");

    fireEvent.change(screen.getByRole("searchbox", { name: "Rechercher un devis" }), { target: { value: "cuisine" } });
    await waitFor(() => expect(listCalls().at(-1)?.get("search")).toBe("cuisine"));
    expect(await screen.findByText(/Aucun devis ne correspond à "cuisine"/)).toBeTruthy();
  });

  it("filters by client with the searchable picker, never loading the whole client book (limit=1000)", async () => {
    const client = makeClient();
    serve([makeQuote()]);
    renderPage();
    await screen.findByText("DEV-2026-0007");
    expect(api.requests("GET", "/api/clients")).toHaveLength(0);
    const picker = screen.getByRole("combobox", { name: "Client" });
    fireEvent.click(picker);
    fireEvent.change(picker, { target: { value: client.name.slice(0, 4) } });
    await waitFor(() =>
      expect(api.requests("GET", "/api/clients").at(-1)?.query.get("search")).toBe(client.name.slice(0, 4)),
    );
    await screen.findByRole("option", { name: new RegExp(`^${client.name}`) });
    fireEvent.keyDown(picker, { key: "Enter" });
    await waitFor(() => expect(listCalls().at(-1)?.get("client_id")).toBe(client.id));
    for (const request of api.requests("GET", "/api/clients")) {
      expect(request.query.get("limit")).not.toBe("1000");
    }
  });

  it("pages with Précédent / Suivant and 'Page X sur Y'", async () => {
    // The paging logic on a few rows (rendering dozens of cards in jsdom takes seconds on a busy CI).
    const many = Array.from({ length: 7 }, (_, i) =>
      makeQuote({ id: `q${i}`, reference: `DEV-2026-${String(i + 1).padStart(4, "0")}` }),
    );
    serve(many, { pageSize: 5 });
    renderPage();
    await screen.findByText("DEV-2026-0001");
    expect(screen.getByText("Page 1 sur 2")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Précédent" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Suivant" }));
    expect(await screen.findByText("DEV-2026-0006")).toBeTruthy();
    expect(screen.queryByText("DEV-2026-0001")).toBeNull();
    expect(screen.getByText("Page 2 sur 2")).toBeTruthy();
    expect(listCalls().at(-1)?.get("page")).toBe("2");
    expect(listCalls().at(-1)?.get("limit")).toBe("20");
  });

  it("a failed duplication is toasted once, with the server's reason (the mutation's default handler)", async () => {
    serve([makeQuote()]);
    api.post("/api/quotes/:id/duplicate", quoteSchema, () => apiError(404, "Devis introuvable"));
    renderPage();
    const card = (await screen.findByText("DEV-2026-0007")).closest("article") as HTMLElement;
    fireEvent.click(within(card).getByRole("button", { name: "Dupliquer" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Erreur lors de la duplication", { description: "Devis introuvable" }),
    );
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("shows the error with a retry", async () => {
    serve([], { failList: true });
    renderPage();
    expect(await screen.findByText("Impossible de charger vos devis")).toBeTruthy();
    expect(screen.getByText("Une erreur interne est survenue")).toBeTruthy();
    // The error alone (issue 9, defect 5): no « 0 devis », no tiles or figures pulsing over it.
    expect(screen.queryByRole("heading", { level: 2 })).toBeNull();
    expect(screen.queryByRole("list", { name: "Compteurs devis" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Synthèse financière" })).toBeNull();
    expect(document.querySelector(".animate-pulse")).toBeNull();
    serve([makeQuote()]);
    fireEvent.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByText("DEV-2026-0007")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "1 devis" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "Synthèse financière" })).toBeTruthy();
  });

  it("is 'Mes devis' on mobile, without tiles, with a filter panel and 'Effacer'", async () => {
    serve([makeQuote()]);
    renderPage(undefined, true);
    expect(screen.getByRole("heading", { level: 1, name: "Mes devis" })).toBeTruthy();
    await screen.findByText("DEV-2026-0007");
    expect(screen.queryByRole("list", { name: "Compteurs devis" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Filtres" }));
    const panel = await screen.findByRole("dialog", { name: "Filtres" });
    fireEvent.change(within(panel).getByLabelText("Statut"), { target: { value: "refuse" } });
    await waitFor(() => expect(listCalls().at(-1)?.get("status")).toBe("refuse"));
    expect(screen.getByRole("button", { name: /^Filtres\s*1\s*actif/, hidden: true })).toBeTruthy();
    fireEvent.click(within(panel).getByRole("button", { name: "Effacer" }));
    await waitFor(() => expect((within(panel).getByLabelText("Statut") as HTMLSelectElement).value).toBe("all"));
    expect(screen.getByRole("button", { name: "Filtres", hidden: true })).toBeTruthy();
  });
});

describe("QuotesPage as a table (docs/domain/quotes.md#as-a-table)", () => {
  const future = addDays(parisToday(), 20);
  const table = () => screen.findByRole("table", { name: "Devis" });
  const draftFor = (to: string[]) => ({
    to,
    cc: [],
    subject: "Relance\u00a0: devis",
    body: "Bonjour,\n\nVotre devis vous attend.",
    attachment_name: "DEV.pdf",
  });
  const sentMessage = (transport: "smtp" | "outbox") => ({
    id: "4b000001-0000-4000-8000-000000000001",
    kind: "quote_reminder" as const,
    status: "sent" as const,
    to: ["jean@exemple.fr"],
    cc: [],
    subject: "Relance\u00a0: devis",
    transport,
    document: null,
    attachment_name: "DEV.pdf",
    attempts: 1,
    error: null,
    created_at: "2026-11-20T09:30:00.000Z",
    sent_at: null,
    created_by_name: null,
  });
  const QUOTES = [
    makeQuote({ id: "a", reference: "DEV-2026-0001", status: "envoye au client", valid_until: future }),
    makeQuote({ id: "b", reference: "DEV-2026-0002", status: "client relance", valid_until: future, total: 100.1 }),
    makeQuote({ id: "c", reference: "DEV-2026-0003", status: "valide", total: 0.2 }),
    makeQuote({ id: "d", reference: "DEV-2026-0004", status: "client relance", valid_until: future }),
  ];

  beforeEach(() => {
    localStorage.setItem("propulse:list-view:quotes", "table");
  });
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("renders the quotes as a table with its columns and the page's totals; « Cartes » brings the cards back", async () => {
    serve(QUOTES);
    renderPage();
    const grid = await table();
    expect(
      within(grid)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["", "Référence", "Objet", "Client", "Date", "Statut", "Total HT", "Total TTC"]);
    expect(within(grid).getAllByRole("row")).toHaveLength(1 + 4 + 1);
    expect(screen.getByTestId("page-total-ttc").textContent).toBe(formatEuro(340 + 100.1 + 0.2 + 340));
    expect(screen.getByTestId("page-total-ht").textContent).toBe(formatEuro(1200));
    fireEvent.click(screen.getByRole("radio", { name: "Cartes" }));
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText("DEV-2026-0001").closest("article")).toBeTruthy();
    expect(localStorage.getItem("propulse:list-view:quotes")).toBe("cards");
  });

  it("sorts on the server from a column's header (the query's sort), aria-sort following it", async () => {
    serve(QUOTES);
    renderPage();
    const grid = await table();
    const amount = within(grid).getByRole("columnheader", { name: "Total HT" });
    expect(within(grid).getByRole("columnheader", { name: "Date" }).getAttribute("aria-sort")).toBe("descending");
    fireEvent.click(within(amount).getByRole("button"));
    await waitFor(() => expect(listCalls().at(-1)?.get("sort")).toBe("amount"));
    expect(amount.getAttribute("aria-sort")).toBe("descending");
    fireEvent.click(within(grid).getByRole("button", { name: "Client" }));
    await waitFor(() => expect(listCalls().at(-1)?.get("sort")).toBe("client"));
    expect(within(grid).getByRole("columnheader", { name: "Client" }).getAttribute("aria-sort")).toBe("ascending");
  });

  it("a header clicked again asks the server the other way round (order), and back; aria-sort follows", async () => {
    serve(QUOTES);
    renderPage();
    const grid = await table();
    const date = within(grid).getByRole("columnheader", { name: "Date" });
    fireEvent.click(within(date).getByRole("button", { name: "Date" }));
    await waitFor(() => expect(listCalls().at(-1)?.get("order")).toBe("asc"));
    expect(listCalls().at(-1)?.get("sort")).toBeNull();
    await waitFor(() => expect(date.getAttribute("aria-sort")).toBe("ascending"));
    fireEvent.click(within(date).getByRole("button", { name: "Date" }));
    // Back to the sort's own direction: the default list's URL again (no sort, no order).
    await waitFor(() => expect(date.getAttribute("aria-sort")).toBe("descending"));
    const amount = within(grid).getByRole("columnheader", { name: "Total HT" });
    fireEvent.click(within(amount).getByRole("button"));
    await waitFor(() => expect(listCalls().at(-1)?.get("sort")).toBe("amount"));
    expect(listCalls().at(-1)?.get("order")).toBeNull();
    fireEvent.click(within(amount).getByRole("button"));
    await waitFor(() => expect(listCalls().at(-1)?.get("order")).toBe("asc"));
    expect(listCalls().at(-1)?.get("sort")).toBe("amount");
    await waitFor(() => expect(amount.getAttribute("aria-sort")).toBe("ascending"));
  });

  it("exports the ticked quotes as a CSV written by the one writer (a formula neutralised)", async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal(
      "URL",
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          blobs.push(blob);
          return "blob:devis";
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    serve([...QUOTES.slice(0, 2), makeQuote({ id: "e", reference: "DEV-2026-0005", name: "=HYPERLINK(1)" })]);
    renderPage();
    await table();
    fireEvent.click(screen.getByRole("checkbox", { name: "Sélectionner le devis DEV-2026-0002" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Sélectionner le devis DEV-2026-0005" }));
    expect(screen.getByRole("region", { name: "Sélection" }).textContent).toContain("2\u00a0devis sélectionnés");
    fireEvent.click(screen.getByRole("button", { name: "Exporter la sélection" }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const csv = await (blobs[0] as Blob).text();
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Référence;Objet;Client;Date;Valable jusqu’au;Statut;Total HT;TVA;Total TTC");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      /^DEV-2026-0002;Rénovation salle de bain;Jean Dupont;.*;Client relancé;300,00;40,00;100,10$/,
    );
    expect(lines[2]).toMatch(/^DEV-2026-0005;'=HYPERLINK\(1\);/);
    expect(toast.success).toHaveBeenCalledWith("Devis exportés", { description: expect.stringMatching(/^devis-/) });
  });

  it("reminds the ticked quotes that can be, each through its route, and sums up in one toast", async () => {
    serve(QUOTES);
    // DEV-2026-0004's client has no e-mail: ignored; DEV-2026-0003 is validated: not remindable.
    api.get("/api/quotes/:id/send-draft", messageDraftSchema, ({ params }) =>
      draftFor(params.id === "d" ? [] : ["jean@exemple.fr"]),
    );
    api.post("/api/quotes/:id/remind", messageSummarySchema, () => sentMessage("smtp"));
    renderPage();
    await table();
    fireEvent.click(screen.getByRole("checkbox", { name: "Sélectionner les lignes de la page" }));
    expect(screen.getByRole("region", { name: "Sélection" }).textContent).toContain("4\u00a0devis sélectionnés");
    fireEvent.click(screen.getByRole("button", { name: "Relancer la sélection" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("Relancer 3\u00a0devis\u202f?");
    expect(dialog.textContent).toContain("1\u00a0document");
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Relancer" }));
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("2\u00a0relances envoyées, 2\u00a0ignorées", expect.anything()),
    );
    expect(api.requests("POST", "/api/quotes/a/remind")[0]?.body).toEqual({
      to: ["jean@exemple.fr"],
      cc: [],
      subject: "Relance\u00a0: devis",
      body: "Bonjour,\n\nVotre devis vous attend.",
    });
    expect(api.requests("POST", "/api/quotes/b/remind")).toHaveLength(1);
    expect(api.requests("POST", "/api/quotes/d/remind")).toHaveLength(0);
    expect(api.requests("GET", "/api/quotes/c/send-draft")).toHaveLength(0);
  });

  it("says the reminders wait in « Messages » without a mail server, and offers no « Relancer la sélection » without quotes:edit", async () => {
    serve(QUOTES);
    api.get("/api/quotes/:id/send-draft", messageDraftSchema, () => draftFor(["jean@exemple.fr"]));
    api.post("/api/quotes/:id/remind", messageSummarySchema, () => sentMessage("outbox"));
    const view = renderPage();
    await table();
    fireEvent.click(screen.getByRole("checkbox", { name: "Sélectionner le devis DEV-2026-0001" }));
    fireEvent.click(screen.getByRole("button", { name: "Relancer la sélection" }));
    const dialog = await screen.findByRole("alertdialog");
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Relancer" }));
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        "1\u00a0relance enregistrée dans «\u00a0Messages\u00a0» (aucun serveur d’envoi)",
      ),
    );
    view.unmount();
    renderPage(["quotes:view"]);
    await table();
    fireEvent.click(screen.getByRole("checkbox", { name: "Sélectionner le devis DEV-2026-0001" }));
    expect(screen.getByRole("button", { name: "Exporter la sélection" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Relancer la sélection" })).toBeNull();
  });
});
