import { type ClientDetail, clientDetailSchema } from "@shared/clients";
import { clientBalanceSchema, type InvoiceRow, invoiceListResponseSchema } from "@shared/invoices";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { EVERY_PERMISSION } from "@web/test/render";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiError, type FakeApi, fakeApi, installBrowserStubs, makeClient, renderWithProviders } from "../test/render";
import { ClientDetailDialog } from "./client-detail-dialog";

let api: FakeApi;

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
});
afterEach(cleanup);

/** A client's invoice as GET /api/invoices lists it (issued, 1 100 € TTC). */
const invoiceRow = (overrides: Partial<InvoiceRow> = {}): InvoiceRow => ({
  id: "inv-0",
  kind: "invoice",
  reference: "FAC-2026-0001",
  name: "Rénovation salle de bain",
  status: "sent",
  overdue: false,
  days_late: 0,
  client_id: makeClient().id,
  client_name: "Jean Dupont",
  date: "2026-03-10",
  due_date: "2026-04-09",
  subtotal: 1000,
  tax_amount: 100,
  total: 1100,
  paid_amount: 0,
  balance_due: 1100,
  quote_id: null,
  project_id: null,
  created_at: "2026-03-10T09:00:00.000Z",
  updated_at: "2026-03-10T09:00:00.000Z",
  emailed_at: null,
  ...overrides,
});

const plain = (text: string | null | undefined) => (text ?? "").replace(/\s/g, " ");

function detailOf(client = makeClient()): ClientDetail {
  return {
    ...client,
    projects: [],
    quotes: [
      {
        id: "q1",
        reference: "DEV-2026-0007",
        name: "Rénovation salle de bain",
        status: "valide",
        date: "2026-10-05",
        total: 4830.5,
      },
    ],
    stats: {
      total_quotes: 3,
      quotes_accepted: 1,
      quotes_pending: 1,
      quotes_in_progress: 0,
      quotes_expired: 0,
      quotes_rejected: 1,
      conversion_rate: 50,
      validated_amount_ht: 4025.42,
      pending_amount_ht: 980,
      total_revenue: 12345.6,
      average_project_value: 6172.8,
      last_quote_date: "2026-10-05",
      last_project_date: null,
    },
  };
}

function tab(name: string) {
  const element = screen.getByRole("tab", { name });
  fireEvent.mouseDown(element);
  return element;
}

describe("ClientDetailDialog", () => {
  it("shows the list row at once, placeholders for the figures, then the detail", async () => {
    let answer: (detail: ClientDetail) => void = () => {};
    api.get("/api/clients/:id", clientDetailSchema, () => new Promise<ClientDetail>((resolve) => (answer = resolve)));
    const client = makeClient();
    renderWithProviders(
      <ClientDetailDialog client={client} onClose={() => {}} isMobile={false} canEdit onEdit={() => {}} />,
    );
    const dialog = screen.getByRole("dialog", { name: "Jean Dupont" });
    const [request] = api.requests("GET", "/api/clients/:id");
    expect(request?.path).toBe(`/api/clients/${client.id}`);
    expect(request?.query.get("include")).toBe("projects,quotes,stats");
    expect(screen.getByRole("tab", { name: "Infos" }).getAttribute("aria-selected")).toBe("true");
    expect(within(dialog).getByText("22 novembre 2026")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Modifier" })).toBeTruthy();

    tab("Stats");
    expect(screen.getAllByTestId("stats-skeleton")).toHaveLength(6);
    answer(detailOf(client));
    expect(await screen.findByRole("heading", { name: "Activité commerciale" })).toBeTruthy();
    expect(screen.queryAllByTestId("stats-skeleton")).toHaveLength(0);
    expect(screen.getByRole("heading", { name: "Performance financière" })).toBeTruthy();
    expect(plain(screen.getByText(/^50,0/).textContent)).toBe("50,0 %");
    expect(plain(screen.getByText(/^12/).textContent)).toBe("12 345,60 €");
    // What the client really has: its validated quotes' HT, and the pending ones' (never « 0 € »).
    const tile = (label: string) => plain(screen.getByText(label).closest("dl")?.textContent);
    expect(tile("CA validé HT")).toBe("CA validé HT4 025,42 €");
    expect(tile("En attente HT")).toBe("En attente HT980,00 €");
    expect(screen.getByText("5 octobre 2026")).toBeTruthy();
    expect(screen.queryByText("Dernier chantier\u00a0:")).toBeNull();
  });

  it("lists the related quotes and says when there is no worksite", async () => {
    api.get("/api/clients/:id", clientDetailSchema, () => detailOf());
    renderWithProviders(
      <ClientDetailDialog client={makeClient()} onClose={() => {}} isMobile canEdit={false} onEdit={() => {}} />,
    );
    await waitFor(() => expect(api.requests("GET", "/api/clients/:id")).toHaveLength(1));
    tab("Chantiers");
    expect(await screen.findByText("Aucun chantier associé à ce client")).toBeTruthy();
    expect(screen.getByTestId("related-scroll").className).toContain("max-h-[300px]");
    tab("Devis");
    expect(await screen.findByText("Rénovation salle de bain")).toBeTruthy();
    expect(screen.getByText("DEV-2026-0007")).toBeTruthy();
    expect(screen.getByText("Validé")).toBeTruthy();
    expect(plain(screen.getByText(/^4 830/).textContent)).toBe("4 830,50 €");
    // Mobile, without clients:edit: no « Modifier », but the call and mail shortcuts.
    expect(screen.queryByRole("button", { name: "Modifier" })).toBeNull();
    expect(screen.getByRole("link", { name: "Appeler" }).getAttribute("href")).toBe("tel:0612345678");
    expect(screen.getByRole("link", { name: "E-mail" }).getAttribute("href")).toBe("mailto:jean@exemple.fr");
  });

  it("a failed detail says so once, with « Réessayer », and no figure pulses forever (issue 9, defect 5)", async () => {
    api.get("/api/clients/:id", clientDetailSchema, () => apiError(500, "Une erreur interne est survenue."));
    const client = makeClient();
    renderWithProviders(
      <ClientDetailDialog client={client} onClose={() => {}} isMobile={false} canEdit onEdit={() => {}} />,
    );
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Impossible de charger la fiche complète du client")).toBeTruthy();
    tab("Stats");
    expect(screen.queryAllByTestId("stats-skeleton")).toHaveLength(0);
    expect(screen.getByText("Informations indisponibles pour le moment.")).toBeTruthy();
    tab("Devis");
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByText("Informations indisponibles pour le moment.")).toBeTruthy();

    api.get("/api/clients/:id", clientDetailSchema, () => detailOf(client));
    fireEvent.click(within(alert).getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByText("Rénovation salle de bain")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("« Factures »: « Solde dû » and the client's documents, each linking to its page; hidden without invoices:view (issue 32)", async () => {
    const client = makeClient();
    api.get("/api/clients/:id", clientDetailSchema, () => detailOf(client));
    // « Solde dû » is the client's balance (issue 32, ADR 0030): due 1 500, no credit.
    api.get("/api/invoices/balance/:clientId", clientBalanceSchema, ({ params }) => ({
      client_id: params.clientId ?? "",
      invoices_due: params.clientId === client.id ? 1500 : 0,
      credit_available: 0,
      balance_due: params.clientId === client.id ? 1500 : 0,
      credits: [],
    }));
    api.get("/api/invoices", invoiceListResponseSchema, ({ query }) => ({
      invoices:
        query.get("client_id") === client.id
          ? [
              invoiceRow({ id: "inv-1", reference: "FAC-2026-0012", paid_amount: 400, balance_due: 700 }),
              invoiceRow({
                id: "inv-2",
                reference: "FAC-2026-0013",
                name: "Terrasse",
                total: 800,
                balance_due: 800,
              }),
            ]
          : [],
      pagination: { page: 1, limit: 50, total: 2, totalPages: 1 },
    }));
    const first = renderWithProviders(
      <ClientDetailDialog client={client} onClose={() => {}} isMobile={false} canEdit onEdit={() => {}} />,
    );
    tab("Factures");
    expect((await screen.findByTestId("client-balance-due")).textContent).toBe("1\u202f500,00\u00a0€");
    expect(screen.getByText("Solde dû")).toBeTruthy();
    const list = await screen.findByRole("list", { name: "Factures du client" });
    expect(within(list).getByRole("link", { name: "FAC-2026-0012" }).getAttribute("href")).toBe("/invoices/inv-1");
    expect(within(list).getAllByRole("listitem")[0]?.textContent).toContain("Partiellement payée");
    first.unmount();

    renderWithProviders(
      <ClientDetailDialog client={client} onClose={() => {}} isMobile={false} canEdit onEdit={() => {}} />,
      { permissions: EVERY_PERMISSION.filter((code) => code !== "invoices:view") },
    );
    await screen.findByRole("tab", { name: "Devis" });
    expect(screen.queryByRole("tab", { name: "Factures" })).toBeNull();
  });

  it("« Factures »: « Reste à payer », « Avoir disponible » and « Solde dû », the credit taken off (issue 32)", async () => {
    const client = makeClient();
    api.get("/api/clients/:id", clientDetailSchema, () => detailOf(client));
    api.get("/api/invoices", invoiceListResponseSchema, () => ({
      invoices: [],
      pagination: { page: 1, limit: 50, total: 0, totalPages: 0 },
    }));
    let credit = 400;
    api.get("/api/invoices/balance/:clientId", clientBalanceSchema, ({ params }) => ({
      client_id: params.clientId ?? "",
      invoices_due: 1500,
      credit_available: credit,
      balance_due: 1500 - credit,
      credits: [{ id: "cn-1", reference: "AV-2026-0002", date: "2026-03-01", available: credit }],
    }));
    const first = renderWithProviders(
      <ClientDetailDialog client={client} onClose={() => {}} isMobile={false} canEdit onEdit={() => {}} />,
    );
    tab("Factures");
    expect((await screen.findByTestId("client-balance-due")).textContent).toBe("1\u202f100,00\u00a0€");
    expect(screen.getByTestId("client-invoices-due").textContent).toBe("1\u202f500,00\u00a0€");
    expect(screen.getByTestId("client-credit-available").textContent).toBe("−\u00a0400,00\u00a0€");
    expect(screen.getByText("Avoir disponible")).toBeTruthy();
    expect(screen.getByText(/AV-2026-0002/)).toBeTruthy();
    expect(api.requests("GET", "/api/invoices/balance/:clientId")[0]?.path).toBe(`/api/invoices/balance/${client.id}`);
    first.unmount();

    // More credit than what is due: the balance is in the client's favour.
    credit = 2000;
    renderWithProviders(
      <ClientDetailDialog client={client} onClose={() => {}} isMobile={false} canEdit onEdit={() => {}} />,
    );
    tab("Factures");
    expect((await screen.findByTestId("client-balance-due")).textContent).toBe("-500,00\u00a0€");
    expect(screen.getByText(/En faveur du client/)).toBeTruthy();
  });
});
