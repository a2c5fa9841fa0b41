import { type PlatformCompany, platformCompaniesResponseSchema } from "@shared/accounts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiError, type FakeApi, fakeApi, installBrowserStubs, makeCompany, renderAt } from "../test/render";
import { CompaniesPage } from "./companies-page";

let api: FakeApi;

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The companies API over an in-memory list, filtered and paged as the server does. */
function serve(companies: PlatformCompany[]) {
  api.get("/api/superadmin/companies", platformCompaniesResponseSchema, ({ query }) => {
    const search = query.get("search")?.toLowerCase() ?? "";
    const found = companies.filter(
      (c) =>
        c.name.toLowerCase().includes(search) &&
        (!query.get("status") || c.status === query.get("status")) &&
        (!query.get("plan") || c.plan === query.get("plan")),
    );
    const page = Number(query.get("page"));
    const limit = Number(query.get("limit"));
    return {
      data: found.slice((page - 1) * limit, page * limit),
      pagination: { page, limit, total: found.length, totalPages: Math.ceil(found.length / limit) },
    };
  });
}

const durand = makeCompany({ name: "Durand Rénovation" });
const martin = makeCompany({ name: "Martin Charpente", status: "essai", plan: "essai", users: 1, city: "Annecy" });
const leroy = makeCompany({ name: "Leroy Plomberie", status: "inactif", suspended: true, plan: "standard" });

const lastQuery = () => api.requests("GET", "/api/superadmin/companies").at(-1)?.query;

describe("the companies list", () => {
  it("shows a table on a computer: status badge, plan, users, each name leading to the company", async () => {
    serve([durand, martin, leroy]);
    renderAt(<CompaniesPage isMobile={false} />, "/superadmin/companies");
    expect(await screen.findByRole("heading", { name: "3\u00a0entreprises" })).toBeTruthy();
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell")[1]?.textContent)).toEqual(["Actif", "Essai", "Inactif"]);
    expect(rows[1]?.textContent).toContain("Essai gratuit");
    expect(screen.getByRole("link", { name: "Martin Charpente" }).getAttribute("href")).toBe(
      `/superadmin/companies/${martin.id}`,
    );
    expect(lastQuery()?.toString()).toBe("page=1&limit=20");
  });

  it("shows cards on a phone", async () => {
    serve([durand, martin]);
    renderAt(<CompaniesPage isMobile />, "/superadmin/companies");
    const card = await screen.findByRole("article", { name: "Martin Charpente" });
    expect(card.textContent).toContain("Essai gratuit · 1\u00a0utilisateur · Annecy");
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("opens filtered from the address (a quick action) and keeps the filters in it", async () => {
    serve([durand, martin, leroy]);
    renderAt(<CompaniesPage isMobile={false} />, "/superadmin/companies?status=essai");
    expect(await screen.findByRole("heading", { name: "1\u00a0entreprise trouvée" })).toBeTruthy();
    expect(lastQuery()?.get("status")).toBe("essai");
    expect(screen.getByRole("radio", { name: "Essai" }).getAttribute("aria-checked")).toBe("true");

    fireEvent.click(screen.getByRole("radio", { name: "Toutes" }));
    fireEvent.change(screen.getByRole("combobox", { name: "Filtrer par formule" }), { target: { value: "standard" } });
    expect(await screen.findByRole("link", { name: "Leroy Plomberie" })).toBeTruthy();
    expect(lastQuery()?.get("plan")).toBe("standard");
    expect(lastQuery()?.get("status")).toBeNull();
    expect(screen.getByRole("status", { name: "Adresse" }).textContent).toBe("/superadmin/companies?plan=standard");
  });

  it("searches 300 ms after the last key and says when nothing matches", async () => {
    serve([durand, martin]);
    renderAt(<CompaniesPage isMobile={false} />, "/superadmin/companies");
    await screen.findByRole("link", { name: "Durand Rénovation" });
    fireEvent.change(screen.getByRole("searchbox", { name: "Rechercher une entreprise" }), {
      target: { value: "zzz" },
    });
    expect(await screen.findByText("Aucune entreprise trouvée")).toBeTruthy();
    expect(lastQuery()?.get("search")).toBe("zzz");
    fireEvent.click(screen.getAllByRole("button", { name: "Effacer les filtres" })[0] as HTMLElement);
    expect(await screen.findByRole("link", { name: "Durand Rénovation" })).toBeTruthy();
  });

  it("pages by 20: « Page 1 sur 2 », then the second page", async () => {
    const many = Array.from({ length: 25 }, (_, n) =>
      makeCompany({ name: `Entreprise ${String(n + 1).padStart(2, "0")}` }),
    );
    serve(many);
    renderAt(<CompaniesPage isMobile={false} />, "/superadmin/companies");
    expect(await screen.findByText("Page 1 sur 2")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Suivant" }));
    expect(await screen.findByRole("link", { name: "Entreprise 25" })).toBeTruthy();
    expect(screen.getByText("Page 2 sur 2")).toBeTruthy();
    expect(lastQuery()?.get("page")).toBe("2");
  });

  it("has an empty state leading to the creation, and an error alone with « Réessayer »", async () => {
    serve([]);
    const { unmount } = renderAt(<CompaniesPage isMobile={false} />, "/superadmin/companies");
    expect(await screen.findByText("Aucune entreprise")).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "Nouvelle entreprise" }).at(-1)?.getAttribute("href")).toBe(
      "/superadmin/companies/new",
    );
    unmount();

    let fail = true;
    api.get("/api/superadmin/companies", platformCompaniesResponseSchema, () =>
      fail
        ? apiError(500, "Erreur interne du serveur")
        : { data: [durand], pagination: { page: 1, limit: 20, total: 1, totalPages: 1 } },
    );
    renderAt(<CompaniesPage isMobile={false} />, "/superadmin/companies");
    expect(await screen.findByText("Impossible de charger les entreprises")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Réessayer" }));
    await waitFor(() => expect(screen.getByRole("link", { name: "Durand Rénovation" })).toBeTruthy());
  });
});
