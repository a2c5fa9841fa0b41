import { EINVOICE_TEXTS } from "@shared/einvoice-rules";
import { formatEuro } from "@shared/format";
import { INVOICE_TEXTS } from "@shared/invoice-rules";
import { invoiceListResponseSchema, invoiceStatsSchema } from "@shared/invoices";
import { messageDraftSchema, messageSummarySchema } from "@shared/messages";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { apiError, type FakeApi, fakeApi, never } from "@web/test/fake-api";
import { installBrowserStubs, renderWithProviders } from "@web/test/render";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { lastMonthPeriod } from "../lib/export-period";
import { listAnswer, makeInvoiceRow, makeStats } from "../test/list-fixtures";
import { InvoicesPage } from "./invoices-page";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("@web/lib/toast", () => ({ toast }));
// The ZIP is handed to the browser by saveFile: the test reads the name it was given.
const saveFile = vi.hoisted(() =>
  vi.fn((file: { filename: string | null }, fallback: string) => file.filename ?? fallback),
);
// The table's « Exporter la sélection » hands its CSV text over: the test reads it.
const saveCsv = vi.hoisted(() => vi.fn((_csv: string, name: string, day: string) => `${name}-${day}.csv`));
vi.mock("@web/lib/save-file", () => ({ saveFile, saveCsv }));

let api: FakeApi;

const sent = makeInvoiceRow({ reference: "FAC-2026-0012", name: "Salle de bain Leroy" });
const late = makeInvoiceRow({
  reference: "FAC-2026-0009",
  name: "Cuisine Bernard",
  client_name: "Paul Bernard",
  overdue: true,
  days_late: 12,
  due_date: "2026-02-01",
});
const draft = makeInvoiceRow({ reference: "PROV-0003", name: "Terrasse Roux", status: "draft", kind: "deposit" });
const credit = makeInvoiceRow({ reference: "AV-2026-0001", name: "Avoir Martin", kind: "credit_note" });

function serve(rows = [sent, late, draft, credit], total = rows.length) {
  api.get("/api/invoices", invoiceListResponseSchema, ({ query }) => listAnswer(rows, query, total));
  api.get("/api/invoices/stats", invoiceStatsSchema, () => makeStats());
}

function renderPage(options?: Parameters<typeof renderWithProviders>[1]) {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<InvoicesPage isMobile={false} />} />
      <Route path="/invoices/new" element={<p>Formulaire de facture</p>} />
      <Route path="/invoices/:id" element={<p>Page de la facture</p>} />
    </Routes>,
    options,
  );
}

/** A row of the list, found by its reference. */
const cardOf = async (reference: string) => (await screen.findByText(reference)).closest("article") as HTMLElement;
const cardNow = (reference: string) => screen.getByText(reference).closest("article") as HTMLElement;

const lastQuery = (path: string) => api.requests("GET", path).at(-1)?.query;

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  toast.success.mockClear();
  toast.error.mockClear();
  saveFile.mockClear();
});
afterEach(cleanup);

describe("InvoicesPage", () => {
  it("asks the page and its stats side by side, and shows the four stat cards and each row's badges in words", async () => {
    api.get("/api/invoices", invoiceListResponseSchema, () => never());
    api.get("/api/invoices/stats", invoiceStatsSchema, () => makeStats());
    renderPage();
    // The stats are asked while the list is still pending: not one after the other.
    await waitFor(() => expect(api.requests("GET", "/api/invoices/stats")).toHaveLength(1));
    expect(api.requests("GET", "/api/invoices")).toHaveLength(1);
    expect(lastQuery("/api/invoices")?.toString()).toBe("page=1&limit=20");
    expect(lastQuery("/api/invoices/stats")?.toString()).toBe("");

    const stats = await screen.findByRole("list", { name: "Statistiques des factures" });
    await waitFor(() => expect(within(stats).getByTestId("invoice-stat-paid").textContent).toContain("15\u202f200,50"));
    expect(within(stats).getByTestId("invoice-stat-total").textContent).toContain("Total12");
    expect(within(stats).getByTestId("invoice-stat-pending").textContent).toContain("En attente4");
    expect(within(stats).getByTestId("invoice-stat-overdue").textContent).toContain("3\u202f050,00\u00a0€");

    cleanup();
    api.reset();
    serve();
    renderPage();
    const lateCard = await cardOf("FAC-2026-0009");
    expect(within(lateCard).getByTestId("invoice-overdue").textContent).toBe("12 jours de retard");
    expect(lateCard.textContent).toContain("Envoyée");
    expect(lateCard.textContent).toContain("Paul Bernard");
    expect(lateCard.textContent).toContain("10/03/2026");
    expect(lateCard.textContent).toContain("Échéance\u00a001/02/2026");
    expect(within(lateCard).getByTestId("invoice-card-total").textContent).toBe("1\u202f100,00\u00a0€");

    const depositCard = cardNow("PROV-0003");
    expect(depositCard.textContent).toContain("Brouillon");
    expect(depositCard.textContent).toContain("Acompte");
    // A credit note is an « Avoir », without a status of its own.
    const creditCard = cardNow("AV-2026-0001");
    expect(within(creditCard).queryByText("Envoyée")).toBeNull();
    expect(within(creditCard).getByText("Avoir")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("4\u00a0factures");
  });

  it("« Voir » on every row, « Modifier » only on a draft, « Nouvelle facture » only with invoices:create", async () => {
    serve([sent, draft]);
    const { unmount } = renderPage();
    const sentCard = await cardOf("FAC-2026-0012");
    const draftCard = cardNow("PROV-0003");
    expect(within(sentCard).getByRole("link", { name: "Voir la facture FAC-2026-0012" }).getAttribute("href")).toBe(
      `/invoices/${sent.id}`,
    );
    expect(within(sentCard).queryByRole("link", { name: /Modifier/ })).toBeNull();
    expect(within(draftCard).getByRole("link", { name: "Modifier la facture PROV-0003" }).getAttribute("href")).toBe(
      `/invoices/${draft.id}/edit`,
    );
    expect(within(sentCard).getByRole("button", { name: "Télécharger le PDF de FAC-2026-0012" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Nouvelle facture" }).getAttribute("href")).toBe("/invoices/new");
    unmount();

    renderPage({ permissions: ["invoices:view"] });
    const card = await cardOf("PROV-0003");
    expect(within(card).queryByRole("link", { name: /Modifier/ })).toBeNull();
    expect(screen.queryByRole("link", { name: "Nouvelle facture" })).toBeNull();
  });

  it("sends the status filter and the search (after the pause) to the list and the stats alike, from page 1", async () => {
    serve();
    renderPage();
    await cardOf("FAC-2026-0012");
    const filters = screen.getByRole("radiogroup", { name: "Filtrer par statut" });
    expect(
      within(filters)
        .getAllByRole("radio")
        .map((r) => r.textContent),
    ).toEqual(["Toutes", "Brouillon", "Envoyée", "Payée", "En retard", "Annulée"]);

    fireEvent.click(within(filters).getByRole("radio", { name: "En retard" }));
    await waitFor(() => expect(lastQuery("/api/invoices")?.get("status")).toBe("overdue"));
    await waitFor(() => expect(lastQuery("/api/invoices/stats")?.get("status")).toBe("overdue"));
    expect(lastQuery("/api/invoices")?.get("page")).toBe("1");

    fireEvent.change(screen.getByRole("searchbox", { name: /Rechercher une facture/ }), {
      target: { value: "  Leroy " },
    });
    expect(screen.getByPlaceholderText("Rechercher par référence, nom ou client…")).toBeTruthy();
    await waitFor(() => expect(lastQuery("/api/invoices")?.get("search")).toBe("Leroy"));
    expect(lastQuery("/api/invoices")?.get("status")).toBe("overdue");
    await waitFor(() => expect(lastQuery("/api/invoices/stats")?.get("search")).toBe("Leroy"));
  });

  it("pages with « Page X sur Y », Précédent / Suivant, only when there is more than one page", async () => {
    serve([sent, late], 45);
    renderPage();
    await cardOf("FAC-2026-0012");
    const pager = screen.getByRole("navigation", { name: "Pagination des factures" });
    expect(pager.textContent).toContain("Page 1 sur 3");
    expect((within(pager).getByRole("button", { name: /Précédent/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pager).getByRole("button", { name: /Suivant/ }));
    await waitFor(() => expect(lastQuery("/api/invoices")?.get("page")).toBe("2"));
    await waitFor(() => expect(screen.getByRole("navigation").textContent).toContain("Page 2 sur 3"));
    cleanup();

    api.reset();
    serve([sent]);
    renderPage();
    await cardOf("FAC-2026-0012");
    expect(screen.queryByRole("navigation", { name: "Pagination des factures" })).toBeNull();
    expect(screen.queryByText(/Page 1 sur/)).toBeNull();
  });

  it("empty: « Aucune facture trouvée » and « Créer votre première facture »; filtered: « Effacer les filtres »", async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText("Aucune facture trouvée")).toBeTruthy();
    const create = screen.getByRole("link", { name: "Créer votre première facture" });
    expect(create.getAttribute("href")).toBe("/invoices/new");

    fireEvent.click(screen.getByRole("radio", { name: "Payée" }));
    await waitFor(() => expect(screen.getByText("Aucune facture avec ce statut.")).toBeTruthy());
    expect(screen.queryByRole("link", { name: "Créer votre première facture" })).toBeNull();
    fireEvent.click(screen.getAllByRole("button", { name: "Effacer les filtres" })[0] as HTMLElement);
    await waitFor(() => expect(screen.getByRole("link", { name: "Créer votre première facture" })).toBeTruthy());
  });

  it("a list that fails shows its error alone (no stat cards); stats that fail alone read « — »", async () => {
    api.get("/api/invoices", invoiceListResponseSchema, () => apiError(500, "Base indisponible"));
    api.get("/api/invoices/stats", invoiceStatsSchema, () => makeStats());
    renderPage();
    expect(await screen.findByText("Impossible de charger vos factures")).toBeTruthy();
    expect(screen.getByText("Base indisponible")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Statistiques des factures" })).toBeNull();
    cleanup();

    api.reset();
    api.get("/api/invoices", invoiceListResponseSchema, ({ query }) => listAnswer([sent], query));
    api.get("/api/invoices/stats", invoiceStatsSchema, () => apiError(500, "Erreur"));
    renderPage();
    await cardOf("FAC-2026-0012");
    await waitFor(() => expect(screen.getByTestId("invoice-stat-total").textContent).toContain("—"));
  });
});

describe("InvoicesPage — « Exporter »", () => {
  const dialog = () => screen.findByRole("dialog", { name: EINVOICE_TEXTS.exportTitle });
  const dateInput = (within_: HTMLElement, label: string) => within(within_).getByLabelText(label) as HTMLInputElement;
  const open = async () => {
    fireEvent.click(await screen.findByRole("button", { name: EINVOICE_TEXTS.exportAction }));
    return dialog();
  };

  it("offers last month, checks the period, then downloads the ZIP of GET /api/invoices/export and closes", async () => {
    serve();
    api.get("/api/invoices/export", z.string(), () => "PK");
    renderPage({ permissions: ["invoices:view"] });
    const form = await open();
    const { from, to } = lastMonthPeriod();
    expect(dateInput(form, EINVOICE_TEXTS.exportFrom).value).toBe(from);
    expect(dateInput(form, EINVOICE_TEXTS.exportTo).value).toBe(to);
    expect(form.textContent).toContain(EINVOICE_TEXTS.exportDescription);

    // The end before the start: said under « Au », nothing asked.
    fireEvent.input(dateInput(form, EINVOICE_TEXTS.exportTo), { target: { value: "2020-01-01" } });
    fireEvent.click(within(form).getByRole("button", { name: EINVOICE_TEXTS.exportSubmit }));
    expect(await within(form).findByText(INVOICE_TEXTS.exportPeriodOrder)).toBeTruthy();
    expect(dateInput(form, EINVOICE_TEXTS.exportTo).getAttribute("aria-invalid")).toBe("true");
    expect(api.requests("GET", "/api/invoices/export")).toHaveLength(0);

    fireEvent.input(dateInput(form, EINVOICE_TEXTS.exportFrom), { target: { value: "2026-01-01" } });
    fireEvent.input(dateInput(form, EINVOICE_TEXTS.exportTo), { target: { value: "2026-03-31" } });
    fireEvent.click(within(form).getByRole("button", { name: EINVOICE_TEXTS.exportSubmit }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(EINVOICE_TEXTS.exportDone, {
        description: "factures-2026-01-01-au-2026-03-31.zip",
      }),
    );
    expect(api.requests("GET", "/api/invoices/export").map((r) => r.query.toString())).toEqual([
      "from=2026-01-01&to=2026-03-31",
    ]);
    expect(saveFile).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("puts the server's refusal under its field, and toasts any other failure", async () => {
    serve();
    api.get("/api/invoices/export", z.string(), () =>
      apiError(400, INVOICE_TEXTS.exportTooMany("1\u202f000"), {
        details: [{ path: "to", message: INVOICE_TEXTS.exportTooMany("1\u202f000") }],
      }),
    );
    renderPage();
    let form = await open();
    fireEvent.click(within(form).getByRole("button", { name: EINVOICE_TEXTS.exportSubmit }));
    expect(
      await within(form).findByText(INVOICE_TEXTS.exportTooMany("1\u202f000").replace(/[\u00a0\u202f]/g, " ")),
    ).toBeTruthy();
    expect(toast.error).not.toHaveBeenCalled();

    api.get("/api/invoices/export", z.string(), () => apiError(500, "Erreur interne"));
    fireEvent.click(within(form).getByRole("button", { name: EINVOICE_TEXTS.exportSubmit }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(EINVOICE_TEXTS.exportFailed, { description: "Erreur interne" }),
    );
    expect(saveFile).not.toHaveBeenCalled();
    // « Annuler » closes it; opened again, it starts from last month again.
    fireEvent.click(within(form).getByRole("button", { name: "Annuler" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    form = await open();
    expect(dateInput(form, EINVOICE_TEXTS.exportFrom).value).toBe(lastMonthPeriod().from);
  });
});

describe("InvoicesPage as a table (docs/domain/invoices.md#as-a-table)", () => {
  beforeEach(() => localStorage.setItem("propulse:list-view:invoices", "table"));
  afterEach(() => localStorage.clear());

  it("renders the invoices as a table with their columns, badges and the page's totals; a row opens its invoice", async () => {
    serve([sent, late]);
    renderPage();
    const table = await screen.findByRole("table", { name: "Factures" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["", "Référence", "Objet", "Client", "Date", "Statut", "Total TTC", "Reste dû"]);
    expect(within(table).getByText("12 jours de retard")).toBeTruthy();
    // The API's default order, said on its column; the others offered (issue 32 item 7: sort by column).
    expect(within(table).getByRole("columnheader", { name: "Date" }).getAttribute("aria-sort")).toBe("descending");
    expect(within(table).queryAllByRole("button", { name: /^(Date|Client|Total TTC)$/ })).toHaveLength(3);
    expect(screen.getByTestId("page-total-ttc").textContent).toBe(formatEuro(2200));
    expect(screen.getByTestId("page-total-balance").textContent).toBe(formatEuro(2200));
    fireEvent.click(within(table).getByText("Cuisine Bernard"));
    expect(await screen.findByText("Page de la facture")).toBeTruthy();
  });

  it("sorts on the server from a header, clicked again the other way round; aria-sort follows, back to page 1", async () => {
    serve([sent, late]);
    renderPage();
    const table = await screen.findByRole("table", { name: "Factures" });
    const header = (name: string) => within(table).getByRole("columnheader", { name });
    const click = (name: string) => fireEvent.click(within(header(name)).getByRole("button", { name }));
    expect(lastQuery("/api/invoices")?.get("sort")).toBeNull();

    click("Reste dû");
    await waitFor(() => expect(lastQuery("/api/invoices")?.get("sort")).toBe("balance"));
    expect(lastQuery("/api/invoices")?.get("order")).toBeNull();
    expect(lastQuery("/api/invoices")?.get("page")).toBe("1");
    expect(header("Reste dû").getAttribute("aria-sort")).toBe("descending");
    expect(header("Date").getAttribute("aria-sort")).toBeNull();

    click("Reste dû");
    await waitFor(() => expect(lastQuery("/api/invoices")?.get("order")).toBe("asc"));
    expect(lastQuery("/api/invoices")?.get("sort")).toBe("balance");
    expect(header("Reste dû").getAttribute("aria-sort")).toBe("ascending");

    click("Client");
    await waitFor(() => expect(lastQuery("/api/invoices")?.get("sort")).toBe("client"));
    expect(lastQuery("/api/invoices")?.get("order")).toBeNull();
    expect(header("Client").getAttribute("aria-sort")).toBe("ascending");
    click("Client");
    await waitFor(() => expect(lastQuery("/api/invoices")?.get("order")).toBe("desc"));
    expect(header("Client").getAttribute("aria-sort")).toBe("descending");

    click("Date");
    // The default order again: the first list's key, answered from the cache.
    await waitFor(() => expect(header("Date").getAttribute("aria-sort")).toBe("descending"));
    expect(header("Client").getAttribute("aria-sort")).toBeNull();
  });

  it("exports the ticked invoices and reminds the late ones only: « 1 relance envoyée, 1 ignorée »", async () => {
    serve([sent, late]);
    api.get("/api/invoices/:id/send-draft", messageDraftSchema, () => ({
      to: ["paul@exemple.fr"],
      cc: [],
      subject: "Relance\u00a0: facture",
      body: "Bonjour,",
      attachment_name: "FAC.pdf",
    }));
    api.post("/api/invoices/:id/remind", messageSummarySchema, () => ({
      id: "4b000001-0000-4000-8000-000000000001",
      kind: "invoice_reminder" as const,
      status: "sent" as const,
      to: ["paul@exemple.fr"],
      cc: [],
      subject: "Relance\u00a0: facture",
      transport: "smtp" as const,
      document: null,
      attachment_name: "FAC.pdf",
      attempts: 1,
      error: null,
      created_at: "2026-11-20T09:30:00.000Z",
      sent_at: null,
      created_by_name: null,
    }));
    renderPage();
    await screen.findByRole("table", { name: "Factures" });
    fireEvent.click(screen.getByRole("checkbox", { name: "Sélectionner les lignes de la page" }));
    expect(screen.getByRole("region", { name: "Sélection" }).textContent).toContain("2\u00a0factures sélectionnées");

    fireEvent.click(screen.getByRole("button", { name: "Exporter la sélection" }));
    await waitFor(() => expect(saveCsv).toHaveBeenCalled());
    const csv = saveCsv.mock.calls[0]?.[0] ?? "";
    expect(csv.split("\r\n")[0]).toBe(
      "\uFEFFRéférence;Type;Objet;Client;Date;Échéance;Statut;Total HT;TVA;Total TTC;Reste dû",
    );
    expect(csv).toContain("\r\nFAC-2026-0009;Facture;Cuisine Bernard;Paul Bernard;10/03/2026;01/02/2026;Envoyée;");

    fireEvent.click(screen.getByRole("button", { name: "Relancer la sélection" }));
    const dialog = await screen.findByRole("alertdialog");
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Relancer" }));
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("1\u00a0relance envoyée, 1\u00a0ignorée", expect.anything()),
    );
    expect(api.requests("POST", `/api/invoices/${late.id}/remind`)).toHaveLength(1);
    expect(api.requests("POST", `/api/invoices/${sent.id}/remind`)).toHaveLength(0);
  });
});
