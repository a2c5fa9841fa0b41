import {
  activeProjectsSchema,
  type DashboardStats,
  dashboardAlertsSchema,
  dashboardHistorySchema,
  dashboardStatsSchema,
  type TodayTask,
  todayTasksSchema,
} from "@shared/dashboard";
import { DASHBOARD_TEXTS } from "@shared/dashboard-rules";
import { messageDraftSchema } from "@shared/messages";
import { DEFAULT_ROLES, type PermissionCode } from "@shared/permissions";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { apiError, type FakeApi, fakeApi, never } from "@web/test/fake-api";
import { EVERY_PERMISSION, installBrowserStubs, renderWithProviders } from "@web/test/render";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HOME_TEXTS } from "../lib/figures";
import {
  makeActiveProject,
  makeAlert,
  makeAlerts,
  makeCompagnonStats,
  makeDashboardStats,
  makeHistory,
  makeTodayTask,
} from "../test/fixtures";
import { DashboardPage } from "./dashboard-page";
import { DashboardPanels, KpiCards } from "./home-figures";
import { KPI_CARD_HEIGHT } from "./kpi-frame";

// The chart draws on a canvas jsdom lacks: its lazily loaded module is replaced; the table is the test's.
vi.mock("./history-chart", () => ({ HistoryChart: () => <div data-testid="history-chart" /> }));

const COMPAGNON = DEFAULT_ROLES.find((role) => role.name === "Compagnon")?.permissions as PermissionCode[];

let api: FakeApi;
let logged: ReturnType<typeof vi.spyOn>;

function serve({
  stats = makeDashboardStats(),
  today = [makeTodayTask()],
}: {
  stats?: DashboardStats;
  today?: TodayTask[];
} = {}) {
  api.get("/api/dashboard/stats", dashboardStatsSchema, () => stats);
  api.get("/api/dashboard/today-tasks", todayTasksSchema, () => today);
  api.get("/api/dashboard/active-projects", activeProjectsSchema, () => [
    makeActiveProject({ id: "11111111-1111-4111-8111-111111111111", name: "Cuisine Martin" }),
    makeActiveProject({ name: "Toiture Bernard", status: "en pause", team: null }),
  ]);
  api.get("/api/dashboard/alerts", dashboardAlertsSchema, () =>
    makeAlerts(
      [
        makeAlert({ id: "22222222-2222-4222-8222-222222222222", title: "DEV-2026-0012 · Rénovation salle de bain" }),
        makeAlert({
          kind: "invoice",
          id: "33333333-3333-4333-8333-333333333333",
          title: "FAC-2026-0007 · Dupont",
          detail: "En retard de 12\u00a0jours · 1\u202f234,00\u00a0€",
          href: "/invoices/33333333-3333-4333-8333-333333333333",
        }),
      ],
      { quote: 4 },
    ),
  );
  api.get("/api/dashboard/history", dashboardHistorySchema, () => makeHistory());
}

function page(permissions: readonly PermissionCode[] = EVERY_PERMISSION) {
  return renderWithProviders(
    <DashboardPage
      firstName="Jean"
      context="Durand Rénovation"
      actions={[]}
      kpis={<KpiCards />}
      panels={<DashboardPanels />}
    />,
    { permissions },
  );
}

const kpi = (key: string) => screen.getByTestId(`kpi-${key}`);

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  logged = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  logged.mockRestore();
});

describe("the company home", () => {
  it("shows an administrator the figures of the answers, each card from its own request", async () => {
    serve();
    page();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toMatch(/Jean$/);
    await waitFor(() => expect(screen.getByTestId("kpi-activeProjects").textContent).toContain("8"));
    expect(kpi("activeProjects").textContent).toContain("+2 depuis le mois dernier");
    expect(kpi("pendingQuotes").textContent).toContain("5");
    expect(kpi("pendingQuotes").textContent).toContain("\u22121 depuis le mois dernier");
    expect(kpi("clientSatisfaction").textContent).toContain("87,5\u00a0%");
    expect(kpi("clientSatisfaction").textContent).toContain("+1,5\u00a0pt depuis le mois dernier");
    expect(kpi("monthlyRevenue").textContent).toContain("12,4\u00a0k€");
    expect(kpi("monthlyRevenue").textContent).toContain("+12,5\u00a0% par rapport au mois dernier");

    const business = screen.getByRole("region", { name: DASHBOARD_TEXTS.businessOverview });
    expect(within(business).getByTestId("business-revenue").textContent).toBe("12\u202f449,50\u00a0€");
    expect(within(business).getByTestId("business-clients").textContent).toBe("37");
    expect(within(business).getByTestId("business-growth").textContent).toBe("+12,5\u00a0%");

    const projects = screen.getByRole("region", { name: DASHBOARD_TEXTS.projectsInProgress });
    const martin = await within(projects).findByRole("link", { name: /Cuisine Martin/ });
    expect(martin.getAttribute("href")).toBe("/projects/11111111-1111-4111-8111-111111111111");
    expect(within(martin).getByText("En cours")).toBeTruthy();
    expect(within(projects).getByRole("link", { name: /Toiture Bernard/ }).textContent).toContain("En pause");

    const today = screen.getByRole("region", { name: DASHBOARD_TEXTS.todayPlanning });
    const task = await within(today).findByRole("link", { name: /Salle de bain Leroy/ });
    expect(task.textContent).toContain("Jour 2 sur 5");
    expect(task.textContent).toContain("Équipe Nord");
    expect(within(task).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("40");

    // Each endpoint asked once.
    for (const path of ["stats", "today-tasks", "active-projects", "alerts", "history"])
      expect(api.requests("GET", `/api/dashboard/${path}`)).toHaveLength(1);
  });

  it("the alerts lead to what they are about, grouped by kind, with the count beyond those listed", async () => {
    serve();
    page();
    const alerts = screen.getByRole("region", { name: DASHBOARD_TEXTS.alerts });
    const quote = await within(alerts).findByRole("link", { name: /DEV-2026-0012/ });
    expect(quote.getAttribute("href")).toBe("/quotes?search=DEV-2026-0012");
    expect(
      within(alerts)
        .getByRole("link", { name: /FAC-2026-0007/ })
        .getAttribute("href"),
    ).toBe("/invoices/33333333-3333-4333-8333-333333333333");
    expect(within(alerts).getByRole("heading", { name: /Devis à relancer/ }).textContent).toContain("4");
    expect(within(alerts).getByRole("link", { name: "Voir les devis (+3)" }).getAttribute("href")).toBe("/quotes");
    expect(within(alerts).queryByRole("link", { name: /Voir les factures/ })).toBeNull();
    expect(within(alerts).getByText(/^5\salertes$/)).toBeTruthy();
  });

  it("a quote's or a late invoice's alert offers « Relancer »: the reminder's dialog (issue 18)", async () => {
    serve();
    api.get("/api/invoices/:id/send-draft", messageDraftSchema, () => ({
      to: ["dupont@exemple.fr"],
      cc: [],
      subject: "Relance\u00a0: facture FAC-2026-0007",
      body: "Bonjour,",
      attachment_name: "FAC-2026-0007.pdf",
    }));
    page();
    const alerts = screen.getByRole("region", { name: DASHBOARD_TEXTS.alerts });
    expect(
      await within(alerts).findByRole("button", { name: "Relancer DEV-2026-0012 · Rénovation salle de bain" }),
    ).toBeTruthy();
    fireEvent.click(within(alerts).getByRole("button", { name: "Relancer FAC-2026-0007 · Dupont" }));
    expect(await screen.findByText("dupont@exemple.fr", undefined, { timeout: 5000 })).toBeTruthy();
    expect(api.requests("GET", "/api/invoices/33333333-3333-4333-8333-333333333333/send-draft")).toHaveLength(1);
  });

  it("a Compagnon sees his day and no money: no revenue card, no business overview, no alerts, no chart", async () => {
    serve({ stats: makeCompagnonStats() });
    page(COMPAGNON);
    await waitFor(() => expect(kpi("activeProjects").textContent).toContain("3"));
    expect(screen.queryByTestId("kpi-monthlyRevenue")).toBeNull();
    expect(screen.getByTestId("kpi-pendingQuotes")).toBeTruthy();
    expect(screen.getByTestId("kpi-clientSatisfaction")).toBeTruthy();
    expect(screen.queryByText(/k€/)).toBeNull();
    expect(screen.queryByRole("region", { name: DASHBOARD_TEXTS.businessOverview })).toBeNull();
    expect(screen.queryByRole("region", { name: DASHBOARD_TEXTS.alerts })).toBeNull();
    expect(screen.queryByRole("region", { name: DASHBOARD_TEXTS.history })).toBeNull();
    expect(await screen.findByRole("link", { name: /Salle de bain Leroy/ })).toBeTruthy();
    expect(api.requests("GET", "/api/dashboard/alerts")).toHaveLength(0);
    expect(api.requests("GET", "/api/dashboard/history")).toHaveLength(0);
  });

  it("one failing card says so with « Réessayer » while the others show; the failure is logged", async () => {
    serve();
    let fail = true;
    api.get("/api/dashboard/active-projects", activeProjectsSchema, () =>
      fail ? apiError(500, "Erreur interne") : [makeActiveProject({ name: "Cuisine Martin" })],
    );
    page();
    const projects = screen.getByRole("region", { name: DASHBOARD_TEXTS.projectsInProgress });
    expect(await within(projects).findByText(DASHBOARD_TEXTS.loadFailed)).toBeTruthy();
    await waitFor(() => expect(kpi("activeProjects").textContent).toContain("8"));
    expect(await screen.findByRole("link", { name: /Salle de bain Leroy/ })).toBeTruthy();
    expect(logged).toHaveBeenCalled();
    expect(String(logged.mock.calls[0]?.[0])).toContain("chantiers en cours");

    fail = false;
    fireEvent.click(within(projects).getByRole("button", { name: "Réessayer" }));
    expect(await within(projects).findByRole("link", { name: /Cuisine Martin/ })).toBeTruthy();
    expect(within(projects).queryByText(DASHBOARD_TEXTS.loadFailed)).toBeNull();
  });

  it("each KPI card, its figures loading or there, is as tall as the home's place for it (nothing below moves)", async () => {
    serve();
    let answer: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    api.get("/api/dashboard/stats", dashboardStatsSchema, async () => {
      await held;
      return makeDashboardStats();
    });
    page();
    const grid = await screen.findByRole("list", { name: HOME_TEXTS.kpis });
    expect(grid.getAttribute("aria-busy")).toBe("true");
    const skeletons = within(grid).getAllByRole("listitem");
    expect(skeletons.length).toBeGreaterThan(0);
    // KpiPlace (home-route.tsx) holds 9.375rem a row, 10rem from 1024 px: the skeletons and the cards too.
    for (const card of skeletons) expect(card.className).toContain(KPI_CARD_HEIGHT);
    answer?.();
    const kpis = () => screen.getByRole("list", { name: HOME_TEXTS.kpis });
    await waitFor(() => expect(kpis().getAttribute("aria-busy")).toBe("false"));
    for (const card of within(kpis()).getAllByRole("listitem")) expect(card.className).toContain(KPI_CARD_HEIGHT);
    expect(KPI_CARD_HEIGHT).toBe("min-h-[9.375rem] lg:min-h-[10rem]");
  });

  it("failed stats leave the lists; the lists loading show skeletons, not an empty text", async () => {
    serve();
    api.get("/api/dashboard/stats", dashboardStatsSchema, () => apiError(500, "Erreur interne"));
    api.get("/api/dashboard/today-tasks", todayTasksSchema, () => never());
    page();
    expect(await screen.findByTestId("kpi-error")).toBeTruthy();
    expect(screen.getByTestId("kpi-error").textContent).toContain(DASHBOARD_TEXTS.loadFailed);
    const today = screen.getByRole("region", { name: DASHBOARD_TEXTS.todayPlanning });
    expect(within(today).getByRole("status", { name: "Chargement…" })).toBeTruthy();
    expect(within(today).queryByText(DASHBOARD_TEXTS.noTaskToday)).toBeNull();
    expect(await screen.findByRole("link", { name: /Cuisine Martin/ })).toBeTruthy();
  });

  it("an empty day says « Aucune tâche programmée pour aujourd'hui »; a satisfaction without answer « — »", async () => {
    serve({
      today: [],
      stats: makeDashboardStats({
        clientSatisfaction: null,
        changes: { activeProjects: 0, pendingQuotes: 0, clientSatisfaction: null },
      }),
    });
    page();
    expect(await screen.findByText("Aucune tâche programmée pour aujourd'hui")).toBeTruthy();
    await waitFor(() => expect(kpi("clientSatisfaction").textContent).toContain("—"));
    expect(kpi("clientSatisfaction").textContent).toContain("Aucune réponse sur 12\u00a0mois");
  });

  it("the 12 months' figures are in a table for screen readers, the chart loads after the first paint", async () => {
    serve();
    page();
    const history = screen.getByRole("region", { name: DASHBOARD_TEXTS.history });
    const table = await within(history).findByRole("table", { name: "Facturé et encaissé par mois" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(13);
    expect(rows[1]?.textContent).toBe("décembre 20251\u202f000,00\u00a0€800,00\u00a0€");
    expect(rows[12]?.textContent).toContain("novembre 2026");
    expect(within(history).getByTestId("history-total-invoiced").textContent).toBe("78\u202f000,00\u00a0€");
    expect(await within(history).findByTestId("history-chart")).toBeTruthy();
    const acceptance = screen.getByRole("region", { name: DASHBOARD_TEXTS.acceptanceRate });
    expect(within(acceptance).getByTestId("acceptance-rate").textContent).toBe("66,7\u00a0%");
    expect(acceptance.textContent).toContain("12\u00a0acceptés sur 18\u00a0devis répondus");
  });

  it("without its cards: greeting and quick actions only, nothing asked", () => {
    serve();
    renderWithProviders(<DashboardPage firstName="Jean" context={null} actions={[]} />);
    expect(screen.getByRole("heading", { level: 1 })).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Indicateurs du mois" })).toBeNull();
    expect(api.fetch).not.toHaveBeenCalled();
  });
});
