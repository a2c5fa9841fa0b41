import { type ClientDetail, clientDetailSchema } from "@shared/clients";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiError, type FakeApi, fakeApi, installBrowserStubs, makeClient, renderWithProviders } from "../test/render";
import { ClientDetailDialog } from "./client-detail-dialog";

let api: FakeApi;

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
});
afterEach(cleanup);

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
});
