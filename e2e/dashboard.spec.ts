import { mkdirSync } from "node:fs";
import type { DashboardAlerts, DashboardHistory, DashboardStats, TodayTask } from "../src/shared/dashboard";
import { DASHBOARD_TEXTS, formatChange } from "../src/shared/dashboard-rules";
import { formatCount, formatEuro, formatPercent, NARROW_NBSP, NBSP } from "../src/shared/format";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { isMobileProject, signIn } from "./support/auth";
import { reviewShot } from "./support/screenshots";
import { expect, type Page, type TestInfo, test } from "./support/test";

/** Where the home's screenshots go for review (issue 16: an administrator and a Compagnon, both viewports). */
const SHOTS = "/tmp/shots-dashboard";

/** An answer of the API with the signed-in session's token, as the home asks for it. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const response = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), `${path} : ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** The « CA mensuel » card's figure (features/dashboard/lib/figures.ts formatKiloEuro). */
function kiloEuro(euros: number): string {
  const thousands = Math.round(euros / 100) / 10;
  const text = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1, signDisplay: "negative" }).format(thousands);
  return `${text.replace(/\s/g, NARROW_NBSP)}${NBSP}k€`;
}

/** The chart is drawn once its card is in view and the page idle: brought into view, then the page's top. */
async function shoot(page: Page, testInfo: TestInfo, name: string, withChart: boolean) {
  if (withChart) {
    const history = page.getByRole("region", { name: DASHBOARD_TEXTS.history });
    await history.scrollIntoViewIfNeeded();
    await expect(history.locator("canvas")).toBeVisible();
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  mkdirSync(SHOTS, { recursive: true });
  await reviewShot(page, { path: `${SHOTS}/${testInfo.project.name}-${name}.png`, fullPage: true });
  // What a phone shows, screen after screen, its touch-sized controls kept (a full-page shot drops the emulation).
  if (isMobileProject(testInfo.project.name)) {
    const { height, screen } = await page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      screen: window.innerHeight,
    }));
    for (let n = 0; n * (screen - 120) < height - 120 && n < 10; n++) {
      await page.evaluate((y) => window.scrollTo(0, y), n * (screen - 120));
      await reviewShot(page, { path: `${SHOTS}/${testInfo.project.name}-${name}-viewport-${n}.png` });
    }
    await page.evaluate(() => window.scrollTo(0, 0));
  }
}

test.describe("Tableau de bord", () => {
  test("l'administrateur voit les chiffres de l'API, et une alerte ouvre son devis", async ({ page }, testInfo) => {
    await signIn(page, "admin", "/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Pierre");
    const stats = await apiGet<DashboardStats>(page, "/api/dashboard/stats");
    expect(stats.monthlyRevenue).not.toBeNull();

    const kpis = page.getByRole("list", { name: "Indicateurs du mois" });
    const card = (key: string) => kpis.getByTestId(`kpi-${key}`);
    await expect(card("activeProjects")).toContainText(formatCount(stats.activeProjects ?? -1));
    await expect(card("pendingQuotes")).toContainText(formatCount(stats.pendingQuotes ?? -1));
    await expect(card("monthlyRevenue")).toContainText(kiloEuro(stats.monthlyRevenue ?? 0));
    await expect(card("clientSatisfaction")).toContainText(
      stats.clientSatisfaction === null ? "—" : formatPercent(stats.clientSatisfaction),
    );
    if (stats.changes.activeProjects !== null)
      await expect(card("activeProjects")).toContainText(
        `${formatChange(stats.changes.activeProjects)} depuis le mois dernier`,
      );
    if (stats.monthlyGrowth !== null)
      await expect(card("monthlyRevenue")).toContainText(formatChange(stats.monthlyGrowth, `${NBSP}%`));

    const business = page.getByRole("region", { name: DASHBOARD_TEXTS.businessOverview });
    await expect(business.getByTestId("business-revenue")).toHaveText(formatEuro(stats.monthlyRevenue ?? 0));
    await expect(business.getByTestId("business-clients")).toHaveText(formatCount(stats.activeClients ?? -1));

    // The 12 months: the totals of the answer, the chart drawn after the first paint.
    const history = await apiGet<DashboardHistory>(page, "/api/dashboard/history");
    const invoiced = history.months.reduce((sum, m) => sum + m.invoiced, 0);
    await expect(page.getByTestId("history-total-invoiced")).toHaveText(formatEuro(invoiced));
    await shoot(page, testInfo, "admin", true);
    await expectNoSeriousA11yViolations(page, "accueil administrateur");

    // An alert leads to its quote.
    const alerts = await apiGet<DashboardAlerts>(page, "/api/dashboard/alerts");
    const quote = alerts.data.find((alert) => alert.kind === "quote");
    expect(quote, "les données de démo ont un devis à relancer").toBeDefined();
    const reference = (quote?.title ?? "").split(" · ")[0] ?? "";
    const alertsCard = page.getByRole("region", { name: DASHBOARD_TEXTS.alerts });
    await alertsCard.getByRole("link", { name: new RegExp(reference) }).click();
    await expect(page).toHaveURL(/\/quotes(\/|\?search=)/);
    await expect(page.getByText(reference).first()).toBeVisible();
  });

  test("un Compagnon voit sa journée, et pas le chiffre d'affaires ni les devis en attente", async ({
    page,
  }, testInfo) => {
    await signIn(page, "compagnon", "/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Julien");
    const stats = await apiGet<DashboardStats>(page, "/api/dashboard/stats");
    expect(stats.monthlyRevenue).toBeNull();
    // Issue 32: no money for a Compagnon, the quotes waiting included.
    expect(stats.pendingQuotes).toBeNull();
    const today = await apiGet<TodayTask[]>(page, "/api/dashboard/today-tasks");

    const day = page.getByRole("region", { name: DASHBOARD_TEXTS.todayPlanning });
    if (today.length === 0) await expect(day.getByText(DASHBOARD_TEXTS.noTaskToday)).toBeVisible();
    for (const task of today) await expect(day.getByRole("link", { name: new RegExp(task.title) })).toBeVisible();

    const kpis = page.getByRole("list", { name: "Indicateurs du mois" });
    await expect(kpis.getByTestId("kpi-activeProjects")).toContainText(formatCount(stats.activeProjects ?? -1));
    await expect(kpis.getByTestId("kpi-monthlyRevenue")).toHaveCount(0);
    await expect(kpis.getByTestId("kpi-pendingQuotes")).toHaveCount(0);
    await expect(page.getByText(DASHBOARD_TEXTS.monthlyRevenue)).toHaveCount(0);
    await expect(page.getByRole("region", { name: DASHBOARD_TEXTS.businessOverview })).toHaveCount(0);
    await expect(page.getByRole("region", { name: DASHBOARD_TEXTS.alerts })).toHaveCount(0);
    await expect(page.getByRole("region", { name: DASHBOARD_TEXTS.history })).toHaveCount(0);
    await expect(page.getByText("k€")).toHaveCount(0);
    await shoot(page, testInfo, "compagnon", false);
    await expectNoSeriousA11yViolations(page, "accueil compagnon");
  });
});
