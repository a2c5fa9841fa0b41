import { CLIENT_LIMITS } from "@shared/client-rules";
import {
  type Client,
  clientCountersSchema,
  clientDetailSchema,
  clientListResponseSchema,
  clientSchema,
} from "@shared/clients";
import type { PermissionCode } from "@shared/permissions";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { apiError, type FakeApi, fakeApi, installBrowserStubs, makeClient, renderWithProviders } from "../test/render";
import { ClientsPage } from "./clients-page";

let api: FakeApi;

/** The clients API over an in-memory book (search as the server reads it); `pageSize` caps a page whatever the limit asked (as a server may). */
function serve(book: Client[], pageSize = Number.POSITIVE_INFINITY) {
  api.get("/api/clients/counters", clientCountersSchema, () => ({
    total: book.length,
    active: book.filter((c) => c.is_active).length,
    with_phone: book.filter((c) => c.phone).length,
  }));
  api.get("/api/clients", clientListResponseSchema, ({ query }) => {
    const search = query.get("search")?.toLowerCase() ?? "";
    const page = Number(query.get("page"));
    const limit = Math.min(Number(query.get("limit")), pageSize);
    const found = book.filter((c) =>
      [c.name, c.email ?? "", c.phone ?? "", c.city ?? ""].join(" ").toLowerCase().includes(search),
    );
    // The server's orders the tables ask for (sort=city, order=desc): enough to see the rows follow.
    if (query.get("sort") === "city") found.sort((x, y) => (x.city ?? "").localeCompare(y.city ?? ""));
    if (query.get("order") === "desc") found.reverse();
    return { data: found.slice((page - 1) * limit, page * limit), meta: { total: found.length, page, limit } };
  });
}

function listCalls(): URLSearchParams[] {
  return api.requests("GET", "/api/clients").map((request) => request.query);
}

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
});
afterEach(cleanup);

function renderPage(permissions?: readonly PermissionCode[]) {
  return renderWithProviders(<ClientsPage isMobile={false} hasCompany />, { permissions });
}

describe("ClientsPage", () => {
  it("says there is no client yet, and offers to create one", async () => {
    serve([]);
    renderPage();
    expect(screen.getByRole("status", { name: "Chargement de vos clients…" })).toBeTruthy();
    expect(await screen.findByText("Aucun client")).toBeTruthy();
    expect(screen.getByText("Commencez par ajouter votre premier client")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("0 client trouvé");
    expect(screen.getAllByRole("button", { name: "Créer un client" })).toHaveLength(2);
  });

  it("counts, filters as you type, then asks the server after the pause", async () => {
    serve([
      makeClient({ id: crypto.randomUUID(), name: "Jean Dupont", city: "Lyon" }),
      makeClient({
        id: crypto.randomUUID(),
        name: "Marie Curie",
        email: "marie@exemple.fr",
        phone: null,
        city: "Paris",
      }),
      makeClient({
        id: crypto.randomUUID(),
        name: "Zoé Martin",
        email: "zoe@exemple.fr",
        phone: null,
        city: "Lille",
        is_active: false,
      }),
    ]);
    renderPage();
    expect(await screen.findByRole("heading", { name: "3 clients trouvés" })).toBeTruthy();
    const counters = screen.getByRole("list", { name: "Compteurs clients" });
    await waitFor(() =>
      expect(
        within(counters)
          .getAllByTestId("counter-value")
          .map((n) => n.textContent),
      ).toEqual(["3", "2", "1"]),
    );

    const calls = listCalls().length;
    fireEvent.change(screen.getByRole("searchbox", { name: "Rechercher un client" }), { target: { value: "PARIS" } });
    // The loaded page is filtered at once…
    const list = screen.getByRole("list", { name: "Clients" });
    expect(within(list).getAllByRole("article")).toHaveLength(1);
    expect(within(list).getByText("Marie Curie")).toBeTruthy();
    expect(listCalls()).toHaveLength(calls);
    // …and the server is asked once the typing has paused.
    await waitFor(() => expect(listCalls().at(-1)?.get("search")).toBe("paris"));
    expect(listCalls().at(-1)?.get("limit")).toBe("100");
    expect(await screen.findByRole("heading", { name: "1 client trouvé" })).toBeTruthy();
  });

  it("says when nothing matches and clears the search", async () => {
    serve([makeClient({ name: "Jean Dupont" })]);
    renderPage();
    await screen.findByRole("heading", { name: "1 client trouvé" });
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "  xyz " } });
    expect(screen.getByText("Aucun client trouvé")).toBeTruthy();
    expect(screen.getByText('Aucun client ne correspond à "xyz"')).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Effacer la recherche" }));
    expect((screen.getByRole("searchbox") as HTMLInputElement).value).toBe("");
    expect(screen.getByText("Jean Dupont")).toBeTruthy();
  });

  it("loads the next page on demand", async () => {
    // The paging logic on a few rows (rendering a hundred cards in jsdom takes seconds on a busy CI).
    const book = Array.from({ length: 7 }, (_, i) => makeClient({ id: crypto.randomUUID(), name: `Client ${i}` }));
    serve(book, 5);
    renderPage();
    expect(await screen.findByRole("heading", { name: /7 clients trouvés/ })).toBeTruthy();
    expect(listCalls().at(-1)?.get("limit")).toBe(String(CLIENT_LIMITS.defaultLimit));
    expect(within(screen.getByRole("list", { name: "Clients" })).getAllByRole("article")).toHaveLength(5);
    expect(screen.getByText("5 sur 7 clients affichés")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Charger plus" }));
    await waitFor(() =>
      expect(within(screen.getByRole("list", { name: "Clients" })).getAllByRole("article")).toHaveLength(7),
    );
    expect(listCalls().at(-1)?.get("page")).toBe("2");
    expect(screen.queryByRole("button", { name: "Charger plus" })).toBeNull();
  });

  it("shows the failure with a retry", async () => {
    api.get("/api/clients", clientListResponseSchema, () => apiError(500, "Une erreur interne est survenue."));
    api.get("/api/clients/counters", clientCountersSchema, () => apiError(500, "Une erreur interne est survenue."));
    renderPage();
    expect(await screen.findByText("Impossible de charger vos clients")).toBeTruthy();
    // The error alone (issue 9, defect 5): no « 0 client trouvé », no counters pulsing over it.
    expect(screen.queryByRole("heading", { level: 2 })).toBeNull();
    expect(screen.queryByText(/client trouvé/)).toBeNull();
    expect(screen.queryByRole("list", { name: "Compteurs clients" })).toBeNull();
    serve([makeClient()]);
    fireEvent.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByText("Jean Dupont")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "1 client trouvé" })).toBeTruthy();
    expect(screen.getByRole("list", { name: "Compteurs clients" })).toBeTruthy();
  });

  it("counters that fail show a dash, never a skeleton pulsing forever", async () => {
    serve([makeClient()]);
    api.get("/api/clients/counters", clientCountersSchema, () => apiError(500, "Une erreur interne est survenue."));
    renderPage();
    await screen.findByText("Jean Dupont");
    const counters = screen.getByRole("list", { name: "Compteurs clients" });
    await waitFor(() =>
      expect(
        within(counters)
          .getAllByTestId("counter-value")
          .map((n) => n.textContent),
      ).toEqual(["—", "—", "—"]),
    );
    expect(counters.querySelector(".animate-pulse")).toBeNull();
  });

  it("hides the create button without clients:create", async () => {
    serve([]);
    renderPage(["clients:view", "clients:edit", "clients:delete", "quotes:create"]);
    await screen.findByText("Aucun client");
    expect(screen.queryByRole("button", { name: "Créer un client" })).toBeNull();
  });
});

describe("ClientsPage — after « Créer le client » (issue 32)", () => {
  it("opens the new client's card in the form's place", async () => {
    serve([]);
    const created = makeClient({ id: crypto.randomUUID(), name: "Atelier Bois", phone: "0612345678", city: "Lyon" });
    api.post("/api/clients", clientSchema, () => created);
    api.get("/api/clients/:id", clientDetailSchema, () => ({ ...created, quotes: [], projects: [] }));
    renderPage();
    fireEvent.click((await screen.findAllByRole("button", { name: "Créer un client" }))[0] as HTMLElement);
    fireEvent.input(await screen.findByLabelText("Nom *", undefined, { timeout: 5000 }), {
      target: { value: "Atelier Bois" },
    });
    fireEvent.input(screen.getByLabelText("Téléphone"), { target: { value: "06 12 34 56 78" } });
    fireEvent.input(screen.getByLabelText("Ville"), { target: { value: "Lyon" } });
    fireEvent.click(screen.getByRole("button", { name: "Créer le client" }));

    const card = await screen.findByRole("dialog", { name: "Atelier Bois" }, { timeout: 5000 });
    expect(within(card).getByText(/Lyon/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Créer le client" })).toBeNull();
    expect(api.requests("POST", "/api/clients")).toHaveLength(1);
  });
});

describe("ClientsPage as a table (docs/domain/clients.md#as-a-table)", () => {
  beforeEach(() => localStorage.setItem("propulse:list-view:clients", "table"));
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("renders the clients as a table with their columns; the selection is exported by the server with its ids", async () => {
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: vi.fn(() => "blob:clients"), revokeObjectURL: vi.fn() }),
    );
    const a = makeClient({ id: "0c000001-0000-4000-8000-000000000001", name: "Claire Martin", city: "Lyon" });
    const b = makeClient({ id: "0c000001-0000-4000-8000-000000000002", name: "SCI Tilleuls", is_active: false });
    serve([a, b]);
    api.get("/api/clients/export", z.string(), () => "Type;Nom");
    renderPage();
    const table = await screen.findByRole("table", { name: "Clients" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["", "Nom", "Type", "E-mail", "Téléphone", "Ville", "Statut", "Client depuis"]);
    expect(within(table).getByText("Inactif")).toBeTruthy();
    // No money in a client row: no totals.
    expect(screen.queryByText("Total de la page")).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: "Sélectionner le client SCI Tilleuls" }));
    fireEvent.click(screen.getByRole("button", { name: "Exporter la sélection" }));
    await waitFor(() => expect(api.requests("GET", "/api/clients/export")).toHaveLength(1));
    expect(api.requests("GET", "/api/clients/export")[0]?.query.get("ids")).toBe(b.id);
  });

  it("sorts on the server from a header, clicked again the other way round; aria-sort follows", async () => {
    serve([
      makeClient({ id: crypto.randomUUID(), name: "Anne Roux", city: "Valence" }),
      makeClient({ id: crypto.randomUUID(), name: "Bruno Petit", city: "Annecy" }),
      makeClient({ id: crypto.randomUUID(), name: "Chloé Blanc", city: "Lyon" }),
    ]);
    renderPage();
    const table = await screen.findByRole("table", { name: "Clients" });
    const header = (name: string) => within(table).getByRole("columnheader", { name });
    const names = () =>
      within(table)
        .getAllByRole("row")
        .slice(1)
        .map((row) => within(row).getAllByRole("cell")[1]?.textContent);
    expect(header("Nom").getAttribute("aria-sort")).toBe("ascending");
    expect(listCalls().at(-1)?.get("sort")).toBeNull();

    fireEvent.click(within(header("Ville")).getByRole("button", { name: "Ville" }));
    await waitFor(() => expect(listCalls().at(-1)?.get("sort")).toBe("city"));
    expect(listCalls().at(-1)?.get("order")).toBeNull();
    await waitFor(() => expect(names()).toEqual(["Bruno Petit", "Chloé Blanc", "Anne Roux"]));
    expect(header("Ville").getAttribute("aria-sort")).toBe("ascending");
    expect(header("Nom").getAttribute("aria-sort")).toBeNull();

    fireEvent.click(within(header("Ville")).getByRole("button", { name: "Ville" }));
    await waitFor(() => expect(listCalls().at(-1)?.get("order")).toBe("desc"));
    expect(listCalls().at(-1)?.get("sort")).toBe("city");
    await waitFor(() => expect(names()).toEqual(["Anne Roux", "Chloé Blanc", "Bruno Petit"]));
    expect(header("Ville").getAttribute("aria-sort")).toBe("descending");

    fireEvent.click(within(header("Client depuis")).getByRole("button", { name: "Client depuis" }));
    await waitFor(() => expect(listCalls().at(-1)?.get("sort")).toBe("created_at"));
    expect(listCalls().at(-1)?.get("order")).toBeNull();
    expect(header("Client depuis").getAttribute("aria-sort")).toBe("descending");
  });
});
