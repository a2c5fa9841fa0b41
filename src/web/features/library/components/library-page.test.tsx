import { companyTaxRatesSchema } from "@shared/company";
import { type LibraryItem, libraryItemDetailSchema, libraryListResponseSchema } from "@shared/library";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { type FakeApi, fakeApi, installBrowserStubs, makeItem, renderWithProviders } from "../test/render";
import { LibraryPage } from "./library-page";

let api: FakeApi;

const tiles = makeItem({ name: "Carreau 45×45" });
const glue = makeItem({
  name: "Colle carrelage",
  unit: "kg",
  unit_price: 1.2,
  cost_price: 0.8,
  supplier_reference: null,
});
const labour = makeItem({
  name: "Main-d'œuvre carreleur",
  unit: "heure",
  unit_price: 45,
  cost_price: 30,
  category: "main_oeuvre",
  supplier_reference: null,
});

/** The library API over an in-memory list, filtered as the server does. */
function serve(book: LibraryItem[]) {
  api.get("/api/library/items", libraryListResponseSchema, ({ query }) => {
    const search = query.get("search")?.toLowerCase() ?? "";
    const kind = query.get("kind");
    const found = book.filter(
      (i) =>
        (!kind || i.kind === kind) &&
        (i.archived ? "archived" : "active") === (query.get("status") ?? "active") &&
        `${i.name} ${i.supplier_reference ?? ""}`.toLowerCase().includes(search),
    );
    // The server's orders the table asks for (sort=unit_price, order=desc): enough to see the rows follow.
    if (query.get("sort") === "unit_price") found.sort((x, y) => x.unit_price - y.unit_price);
    if (query.get("order") === "desc") found.reverse();
    const limit = Number(query.get("limit"));
    return { data: found.slice(0, limit), meta: { total: found.length, page: 1, limit } };
  });
}

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
});
afterEach(cleanup);

describe("LibraryPage", () => {
  it("shows each item's price HT per unit, its cost and margin, and filters by kind on the server", async () => {
    serve([tiles, glue]);
    renderWithProviders(<LibraryPage isMobile={false} />);
    const card = (await screen.findByRole("article", { name: "Carreau 45×45" })) as HTMLElement;
    for (const text of ["32,50\u00a0€ HT / m²", "Déboursé 21,40\u00a0€ / m²", "Marge 11,10\u00a0€ (34,15\u00a0%)"])
      expect(card.textContent).toContain(text);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("2\u00a0éléments");

    fireEvent.click(screen.getByRole("radio", { name: "Ouvrages" }));
    await waitFor(() => expect(api.requests("GET", "/api/library/items").at(-1)?.query.get("kind")).toBe("ouvrage"));
    expect(await screen.findByText("Aucun élément trouvé")).toBeTruthy();
  });

  it("composes an ouvrage from articles, with its price, margin and labour time as it is typed", async () => {
    serve([tiles, glue, labour]);
    api.post("/api/library/items", libraryItemDetailSchema, ({ body }) => ({
      ...makeItem({ kind: "ouvrage", name: (body as { name: string }).name, category: null, pricing: "parts" }),
      components: [],
    }));
    renderWithProviders(<LibraryPage isMobile={false} />);
    await screen.findByRole("article", { name: "Carreau 45×45" });
    fireEvent.click(screen.getByRole("button", { name: "Nouvel ouvrage" }));
    const dialog = await screen.findByRole("dialog", { name: "Nouvel ouvrage" });
    fireEvent.change(within(dialog).getByLabelText("Nom *"), { target: { value: "Pose carrelage sol" } });

    const search = within(dialog).getByRole("combobox", { name: "Ajouter un article à l’ouvrage" });
    for (const [term, name] of [
      ["carreau", "Carreau 45×45"],
      ["colle", "Colle carrelage"],
      ["main", "Main-d'œuvre carreleur"],
    ] as const) {
      fireEvent.focus(search);
      fireEvent.change(search, { target: { value: term } });
      fireEvent.mouseDown(await within(dialog).findByRole("option", { name: new RegExp(name) }));
    }
    fireEvent.change(within(dialog).getByLabelText("Quantité de Carreau 45×45 (m²)"), { target: { value: "1.05" } });
    fireEvent.change(within(dialog).getByLabelText("Quantité de Colle carrelage (kg)"), { target: { value: "5" } });
    fireEvent.change(within(dialog).getByLabelText("Quantité de Main-d'œuvre carreleur (heure)"), {
      target: { value: "0.75" },
    });
    // Sale price, cost (« déboursé »), margin and labour time, computed as the server will.
    const figures = () =>
      within(within(dialog).getByLabelText("Prix et marge"))
        .getAllByRole("definition")
        .map((figure) => figure.textContent);
    await waitFor(() =>
      expect(figures()).toEqual(["73,88\u00a0€", "48,97\u00a0€", "24,91\u00a0€ (33,72\u00a0%)", "45\u00a0min"]),
    );

    fireEvent.click(within(dialog).getByRole("button", { name: "Ajouter à la bibliothèque" }));
    await waitFor(() => expect(api.requests("POST", "/api/library/items")).toHaveLength(1));
    expect(api.requests("POST", "/api/library/items")[0]?.body).toMatchObject({
      kind: "ouvrage",
      name: "Pose carrelage sol",
      pricing: "parts",
      components: [
        { article_id: tiles.id, quantity: 1.05 },
        { article_id: glue.id, quantity: 5 },
        { article_id: labour.id, quantity: 0.75 },
      ],
    });
  });

  it("refuses an article without a sale price, in French, before asking the server", async () => {
    serve([]);
    renderWithProviders(<LibraryPage isMobile={false} />);
    fireEvent.click(await screen.findByRole("button", { name: "Nouvel article" }));
    const dialog = await screen.findByRole("dialog", { name: "Nouvel article" });
    fireEvent.change(within(dialog).getByLabelText("Nom *"), { target: { value: "Robinet" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Ajouter à la bibliothèque" }));
    expect(await within(dialog).findByText("Indiquez le prix de vente HT")).toBeTruthy();
    expect(api.requests("POST")).toHaveLength(0);
  });

  it("offers the company's VAT rates for an article (issue 31), its own added ones included", async () => {
    serve([]);
    api.get("/api/company/tax-rates", companyTaxRatesSchema, () => ({ tax_rates: [20, 13, 10, 5.5, 2.1, 0.9, 0] }));
    renderWithProviders(<LibraryPage isMobile={false} />);
    fireEvent.click(await screen.findByRole("button", { name: "Nouvel article" }));
    const dialog = await screen.findByRole("dialog", { name: "Nouvel article" });
    const rate = within(dialog).getByLabelText("TVA *") as HTMLSelectElement;
    await waitFor(() =>
      expect(Array.from(rate.options).map((o) => o.value)).toEqual(["20", "13", "10", "5.5", "2.1", "0.9", "0"]),
    );
  });

  it("only shows the library to a user without library:edit: no creation, no « … » menu", async () => {
    serve([tiles]);
    renderWithProviders(<LibraryPage isMobile={false} />, { permissions: ["library:view"] });
    await screen.findByRole("article", { name: "Carreau 45×45" });
    expect(screen.queryByRole("button", { name: "Nouvel article" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Plus d’actions/ })).toBeNull();
  });
});

describe("LibraryPage as a table (docs/domain/library.md#as-a-table)", () => {
  beforeEach(() => localStorage.setItem("propulse:list-view:library", "table"));
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("renders the items as a table with their columns (prices not added up); the selection is exported with its ids", async () => {
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: vi.fn(() => "blob:lib"), revokeObjectURL: vi.fn() }));
    serve([tiles, glue, labour]);
    api.get("/api/library/export", z.string(), () => "Type;Nom");
    renderWithProviders(<LibraryPage isMobile={false} />);
    const table = await screen.findByRole("table", { name: "Éléments de la bibliothèque" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["", "Nom", "Type", "Unité", "Prix de vente HT", "Déboursé HT", "Marge", "TVA"]);
    const row = within(table).getByText("Carreau 45×45").closest("tr") as HTMLElement;
    expect(row.textContent).toContain("11,10\u00a0€ (34,15\u00a0%)");
    expect(screen.queryByText("Total de la page")).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: "Sélectionner Colle carrelage" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Sélectionner Main-d'œuvre carreleur" }));
    fireEvent.click(screen.getByRole("button", { name: "Exporter la sélection" }));
    await waitFor(() => expect(api.requests("GET", "/api/library/export")).toHaveLength(1));
    const query = api.requests("GET", "/api/library/export")[0]?.query;
    expect(query?.get("ids")?.split(",").sort()).toEqual([glue.id, labour.id].sort());
    expect(query?.get("status")).toBe("active");
    // A row opens its item, as the card does.
    fireEvent.click(within(row).getByText("Carreau 45×45"));
    expect(await screen.findByRole("dialog")).toBeTruthy();
  });

  it("sorts on the server from a header, clicked again the other way round; aria-sort follows", async () => {
    serve([tiles, glue, labour]);
    renderWithProviders(<LibraryPage isMobile={false} />);
    const table = await screen.findByRole("table", { name: "Éléments de la bibliothèque" });
    const calls = () => api.requests("GET", "/api/library/items").map((request) => request.query);
    const header = (name: string) => within(table).getByRole("columnheader", { name });
    const names = () =>
      within(table)
        .getAllByRole("row")
        .slice(1)
        .map((row) => within(row).getAllByRole("cell")[1]?.textContent);
    expect(header("Nom").getAttribute("aria-sort")).toBe("ascending");

    fireEvent.click(within(header("Prix de vente HT")).getByRole("button", { name: "Prix de vente HT" }));
    await waitFor(() => expect(calls().at(-1)?.get("sort")).toBe("unit_price"));
    expect(calls().at(-1)?.get("order")).toBeNull();
    await waitFor(() => expect(names()).toEqual(["Colle carrelage", "Carreau 45×45", "Main-d'œuvre carreleur"]));
    expect(header("Prix de vente HT").getAttribute("aria-sort")).toBe("ascending");
    expect(header("Nom").getAttribute("aria-sort")).toBeNull();

    fireEvent.click(within(header("Prix de vente HT")).getByRole("button", { name: "Prix de vente HT" }));
    await waitFor(() => expect(calls().at(-1)?.get("order")).toBe("desc"));
    await waitFor(() => expect(names()).toEqual(["Main-d'œuvre carreleur", "Carreau 45×45", "Colle carrelage"]));
    expect(header("Prix de vente HT").getAttribute("aria-sort")).toBe("descending");

    fireEvent.click(within(header("Type")).getByRole("button", { name: "Type" }));
    await waitFor(() => expect(calls().at(-1)?.get("sort")).toBe("kind"));
    expect(calls().at(-1)?.get("order")).toBeNull();
    expect(header("Type").getAttribute("aria-sort")).toBe("ascending");
  });
});
