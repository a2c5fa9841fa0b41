import {
  accountSchema,
  companyUsersResponseSchema,
  platformCompaniesResponseSchema,
  platformDashboardSchema,
  roleSchema,
} from "@shared/accounts";
import { verifyResponseSchema } from "@shared/auth";
import { clientCountersSchema, clientListResponseSchema } from "@shared/clients";
import { companyInfoSchema, companySettingsSchema } from "@shared/company";
import { activeProjectsSchema, dashboardStatsSchema, todayTasksSchema } from "@shared/dashboard";
import { equipmentTemplateListResponseSchema } from "@shared/equipment-templates";
import { invoiceListResponseSchema, invoiceStatsSchema } from "@shared/invoices";
import { libraryListResponseSchema } from "@shared/library";
import { calendarWeekSchema } from "@shared/planning";
import { projectListResponseSchema } from "@shared/projects";
import { summaryOfQuotes } from "@shared/quote-figures";
import { quoteListResponseSchema } from "@shared/quotes";
import { teamListResponseSchema } from "@shared/teams";
import { vehicleListResponseSchema, vehicleSummarySchema } from "@shared/vehicles";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { verifyRequest } from "@web/features/auth/api/auth-api";
import { ClientsPage } from "@web/features/clients/components/clients-page";
import { makeInfo, makeSettings } from "@web/features/company/test/render";
import { makeDashboardStats } from "@web/features/dashboard/test/fixtures";
import { InvoicesPage } from "@web/features/invoices/components/invoices-page";
import { listAnswer as invoiceListAnswer, makeInvoiceRow, makeStats } from "@web/features/invoices/test/list-fixtures";
import { ProjectsPage } from "@web/features/projects/components/projects-page";
import { listAnswer, makeProject } from "@web/features/projects/test/list-fixtures";
import { QuotesPage } from "@web/features/quotes/components/quotes-page";
import { makeClient, makeQuote } from "@web/features/quotes/test/render";
import { type FakeApi, fakeApi } from "@web/test/fake-api";
import { installBrowserStubs, testQueryClient } from "@web/test/render";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { FIRST_REQUESTS, firstRequestsOf, SESSION_CHECK, startFirstRequests } from "../first-answers";
import { preloadRoute } from "./route-preload";

let api: FakeApi;

/**
 * `vi.waitFor` for 5 s instead of 1 (as Testing Library's waits, src/web/test/setup.ts): each screen's
 * prefetch module is imported first, which takes more than a second on a busy machine.
 */
const until = (check: () => void) => vi.waitFor(check, { timeout: 5_000 });

/** A stored session as the login leaves it (src/web/lib/session.ts keys). */
function storeSession(permissions: string[], role = "Administrateur") {
  localStorage.setItem("token", "stored-token");
  localStorage.setItem(
    "auth_user",
    JSON.stringify({ id: "u1", email: "admin@exemple.fr", full_name: "Admin", company_id: "c1", role, permissions }),
  );
}

function serveQuotes() {
  const quote = makeQuote({ name: "Rénovation de la cuisine" });
  api.get("/api/quotes", quoteListResponseSchema, () => ({
    data: [quote],
    meta: {
      total: 1,
      page: 1,
      limit: 20,
      summary: summaryOfQuotes([quote]),
    },
  }));
  api.get("/api/clients", clientListResponseSchema, () => ({
    data: [makeClient({ name: "Famille Martin" })],
    meta: { total: 1, page: 1, limit: 1000 },
  }));
}

const waitForRequests = () => until(() => expect(api.fetch).toHaveBeenCalled());

function renderWith(queryClient: ReturnType<typeof testQueryClient>, ui: ReactElement) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  installBrowserStubs();
  localStorage.clear();
  api = fakeApi().install();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("preloadRoute: a signed-in cold start asks for the screen's data at once", () => {
  it("/quotes: the first page, under the keys the page reads (no second request), and never the whole client book", async () => {
    storeSession(["quotes:view", "clients:view"]);
    serveQuotes();
    const queryClient = testQueryClient();
    preloadRoute(queryClient, "/quotes");
    await waitForRequests();
    await until(() => expect(api.requests("GET", "/api/quotes")).toHaveLength(1));
    expect(api.requests("GET", "/api/quotes")[0]?.query.get("page")).toBe("1");

    renderWith(queryClient, <QuotesPage isMobile={false} />);
    expect(await screen.findByText("Rénovation de la cuisine")).toBeTruthy();
    expect(api.requests("GET", "/api/quotes")).toHaveLength(1);
    // The client filter is a picker: it searches when opened, it does not load /api/clients?limit=1000.
    expect(api.requests("GET", "/api/clients")).toHaveLength(0);
  });

  it("/clients: the first page and the counters, read by the page without asking again", async () => {
    storeSession(["clients:view"]);
    api.get("/api/clients", clientListResponseSchema, () => ({
      data: [makeClient({ name: "Famille Martin" })],
      meta: { total: 1, page: 1, limit: 20 },
    }));
    api.get("/api/clients/counters", clientCountersSchema, () => ({ total: 1, active: 1, with_phone: 0 }));
    const queryClient = testQueryClient();
    preloadRoute(queryClient, "/clients/");
    await until(() => expect(api.requests("GET", "/api/clients/counters")).toHaveLength(1));
    await until(() => expect(api.requests("GET", "/api/clients")).toHaveLength(1));

    renderWith(queryClient, <ClientsPage isMobile={false} hasCompany />);
    expect((await screen.findAllByText("Famille Martin")).length).toBeGreaterThan(0);
    expect(api.requests("GET", "/api/clients")).toHaveLength(1);
    expect(api.requests("GET", "/api/clients/counters")).toHaveLength(1);
  });

  it("/projects: the first page with its counts, read by the page without asking again", async () => {
    storeSession(["projects:view"]);
    const site = makeProject({ name: "Salle de bain Leroy" });
    api.get("/api/projects", projectListResponseSchema, ({ query }) => listAnswer([site], query));
    const queryClient = testQueryClient();
    preloadRoute(queryClient, "/projects");
    await until(() => expect(api.requests("GET", "/api/projects")).toHaveLength(1));

    renderWith(queryClient, <ProjectsPage isMobile={false} />);
    expect(await screen.findByRole("article", { name: "Salle de bain Leroy" })).toBeTruthy();
    expect(api.requests("GET", "/api/projects")).toHaveLength(1);
  });

  it("/invoices: the first page and the stats, side by side, read by the page without asking again", async () => {
    storeSession(["invoices:view"]);
    const row = makeInvoiceRow({ reference: "FAC-2026-0042", name: "Terrasse Roux" });
    api.get("/api/invoices", invoiceListResponseSchema, ({ query }) => invoiceListAnswer([row], query));
    api.get("/api/invoices/stats", invoiceStatsSchema, () => makeStats());
    const queryClient = testQueryClient();
    preloadRoute(queryClient, "/invoices");
    await until(() => expect(api.requests("GET", "/api/invoices")).toHaveLength(1));
    await until(() => expect(api.requests("GET", "/api/invoices/stats")).toHaveLength(1));

    renderWith(queryClient, <InvoicesPage isMobile={false} />);
    expect(await screen.findByText("FAC-2026-0042")).toBeTruthy();
    expect(api.requests("GET", "/api/invoices")).toHaveLength(1);
    expect(api.requests("GET", "/api/invoices/stats")).toHaveLength(1);
  });

  it("/: nothing of the dashboard before the first paint (the cards ask for their figures once the greeting is on screen)", async () => {
    storeSession(["projects:view", "quotes:view", "team:manage", "invoices:view"]);
    const queryClient = testQueryClient();
    await preloadRoute(queryClient, "/");
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const path of ["stats", "today-tasks", "active-projects", "alerts", "history"])
      expect(api.requests("GET", `/api/dashboard/${path}`)).toHaveLength(0);
  });

  it("asks what first-answers.ts asks early, URL for URL, so that the screens take those answers", async () => {
    storeSession([
      "clients:view",
      "quotes:view",
      "settings:view",
      "library:view",
      "equipment:view",
      "teams:view",
      "vehicles:view",
      "calendar:view",
      "projects:view",
      "invoices:view",
      "users:view",
      "roles:view",
    ]);
    serveQuotes();
    api.get("/api/clients/counters", clientCountersSchema, () => ({ total: 1, active: 1, with_phone: 0 }));
    api.get("/api/library/items", libraryListResponseSchema, () => ({
      data: [],
      meta: { total: 0, page: 1, limit: 50 },
    }));
    api.get("/api/teams", teamListResponseSchema, () => ({ data: [], meta: { total: 0, page: 1, limit: 50 } }));
    api.get("/api/equipment-templates", equipmentTemplateListResponseSchema, () => ({
      data: [],
      meta: { total: 0, page: 1, limit: 20 },
    }));
    api.get("/api/vehicles", vehicleListResponseSchema, () => ({ data: [], meta: { total: 0, page: 1, limit: 50 } }));
    api.get("/api/vehicles/summary", vehicleSummarySchema, () => ({
      total: 0,
      by_status: { available: 0, maintenance: 0, in_use: 0 },
      needs_attention: 0,
    }));
    api.get("/api/company/info", companyInfoSchema, () => makeInfo());
    api.get("/api/company/settings", companySettingsSchema, () => makeSettings());
    api.get("/api/calendar/week", calendarWeekSchema, ({ query }) => ({
      week_start: query.get("week_start") ?? "",
      days: [],
    }));
    api.get("/api/projects", projectListResponseSchema, () => ({
      data: [],
      meta: {
        total: 0,
        page: 1,
        limit: 20,
        counts: { all: 0, "à faire": 0, "en cours": 0, "en pause": 0, livré: 0, annulé: 0 },
      },
    }));
    api.get("/api/invoices", invoiceListResponseSchema, ({ query }) => invoiceListAnswer([], query));
    api.get("/api/invoices/stats", invoiceStatsSchema, () => makeStats());
    api.get("/api/company/users", companyUsersResponseSchema, () => ({ data: [] }));
    api.get("/api/company/roles", z.object({ data: z.array(roleSchema) }), () => ({ data: [] }));
    api.get("/api/account", accountSchema, () => ({
      id: "u1",
      full_name: "Admin",
      email: "admin@exemple.fr",
      company_name: "Durand Rénovation",
      roles: ["Administrateur"],
      last_login_at: null,
    }));
    api.get("/api/dashboard/stats", dashboardStatsSchema, () => makeDashboardStats());
    api.get("/api/dashboard/today-tasks", todayTasksSchema, () => []);
    api.get("/api/dashboard/active-projects", activeProjectsSchema, () => []);
    const companyPaths = Object.keys(FIRST_REQUESTS).filter((path) => !path.startsWith("/superadmin"));
    for (const path of companyPaths) preloadRoute(testQueryClient(), path);
    const expected = companyPaths.flatMap((path) => firstRequestsOf(path));
    await until(() => expect(api.requests("GET")).toHaveLength(expected.length));
    const asked = api.requests("GET").map((r) => (r.query.size > 0 ? `${r.path}?${r.query}` : r.path));
    expect(asked.sort()).toEqual([...expected].sort());
  });

  it("the SuperAdmin's platform screens: what first-answers.ts asks early, URL for URL", async () => {
    storeSession(["*"], "superadmin");
    api.get("/api/superadmin/dashboard", platformDashboardSchema, () => ({
      kpis: { companies: 0, active_subscriptions: 0, users: 0, alerts: 0, new_companies_this_month: 0 },
      recent_companies: [],
      alerts: [],
    }));
    api.get("/api/superadmin/companies", platformCompaniesResponseSchema, () => ({
      data: [],
      pagination: { page: 1, limit: 20, total: 0, totalPages: 0 },
    }));
    const platformPaths = Object.keys(FIRST_REQUESTS).filter((path) => path.startsWith("/superadmin"));
    expect(platformPaths.length).toBeGreaterThan(0);
    for (const path of platformPaths) preloadRoute(testQueryClient(), path);
    const expected = platformPaths.flatMap((path) => firstRequestsOf(path));
    await until(() => expect(api.requests("GET")).toHaveLength(expected.length));
    const asked = api.requests("GET").map((r) => (r.query.size > 0 ? `${r.path}?${r.query}` : r.path));
    expect(asked.sort()).toEqual([...expected].sort());
  });

  it("a one-time link's page loads its own code and asks for nothing, signed in or not", async () => {
    preloadRoute(testQueryClient(), "/invitation/abc123");
    storeSession(["quotes:view"]);
    preloadRoute(testQueryClient(), "/reinitialiser/abc123");
    preloadRoute(testQueryClient(), "/signer/abc123");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it("takes an answer asked early instead of asking again", async () => {
    storeSession(["quotes:view"]);
    serveQuotes();
    window.propulseFirstAnswers = startFirstRequests("/quotes", "stored-token", api.fetch);
    expect(api.requests("GET", "/api/quotes")).toHaveLength(1);
    const queryClient = testQueryClient();
    preloadRoute(queryClient, "/quotes");
    renderWith(queryClient, <QuotesPage isMobile={false} />);
    expect(await screen.findByText("Rénovation de la cuisine")).toBeTruthy();
    expect(api.requests("GET", "/api/quotes")).toHaveLength(1);
    delete window.propulseFirstAnswers;
  });

  it("the session check asked early is the one the session provider takes (no second request)", async () => {
    storeSession(["quotes:view"]);
    serveQuotes();
    api.get("/api/auth/verify", verifyResponseSchema, () => ({
      valid: true as const,
      user: {
        id: "u1",
        email: "admin@exemple.fr",
        full_name: "Admin",
        avatarUrl: null,
        companyId: "c1",
        company_id: "c1",
        company_name: "Durand Rénovation",
        role: "Administrateur",
        roles: [],
        permissions: ["quotes:view"],
      },
    }));
    window.propulseFirstAnswers = startFirstRequests("/quotes", "stored-token", api.fetch);
    expect(api.requests("GET", SESSION_CHECK)).toHaveLength(1);
    const user = await verifyRequest();
    expect(user.full_name).toBe("Admin");
    expect(api.requests("GET", SESSION_CHECK)).toHaveLength(1);
    delete window.propulseFirstAnswers;
  });

  it("asks for nothing without a stored session, without the screen's permission, or for a SuperAdmin", async () => {
    serveQuotes();
    preloadRoute(testQueryClient(), "/quotes");
    storeSession(["clients:view"]);
    preloadRoute(testQueryClient(), "/quotes");
    storeSession(["*"], "superadmin");
    preloadRoute(testQueryClient(), "/quotes");
    // A route without a preload (and the chunks' own imports) asks for nothing either.
    storeSession(["quotes:view"]);
    preloadRoute(testQueryClient(), "/users");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.fetch).not.toHaveBeenCalled();
  });
});
