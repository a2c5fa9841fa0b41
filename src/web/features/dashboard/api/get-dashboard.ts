import type { ActiveProject, DashboardAlerts, DashboardHistory, DashboardStats, TodayTask } from "@shared/dashboard";
import { DASHBOARD_FRESHNESS_MS } from "@shared/dashboard-rules";
import { type QueryKey, queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { dashboardKeys } from "./dashboard-keys";

/**
 * One card, one query (spec 1 §9): fresh for the card's DASHBOARD_FRESHNESS_MS, never refetched when
 * the window gets the focus back. The answers are typed, not parsed: the home never loads zod.
 */
function cardQuery<T, K extends QueryKey>(queryKey: K, path: string, staleTime: number) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get<T>(path, undefined, { signal }),
    staleTime,
    refetchOnWindowFocus: false,
  });
}

/** GET /api/dashboard/stats — the KPI cards and « Aperçu business ». */
export const statsQueryOptions = () =>
  cardQuery<DashboardStats, ReturnType<typeof dashboardKeys.stats>>(
    dashboardKeys.stats(),
    "/dashboard/stats",
    DASHBOARD_FRESHNESS_MS.stats,
  );

/** GET /api/dashboard/today-tasks — « Planning d'aujourd'hui ». */
export const todayTasksQueryOptions = () =>
  cardQuery<TodayTask[], ReturnType<typeof dashboardKeys.todayTasks>>(
    dashboardKeys.todayTasks(),
    "/dashboard/today-tasks",
    DASHBOARD_FRESHNESS_MS.todayTasks,
  );

/** GET /api/dashboard/active-projects — « Projets en cours ». */
export const activeProjectsQueryOptions = () =>
  cardQuery<ActiveProject[], ReturnType<typeof dashboardKeys.activeProjects>>(
    dashboardKeys.activeProjects(),
    "/dashboard/active-projects",
    DASHBOARD_FRESHNESS_MS.activeProjects,
  );

/** GET /api/dashboard/alerts — « Alertes importantes » (administrators and team leaders). */
export const alertsQueryOptions = () =>
  cardQuery<DashboardAlerts, ReturnType<typeof dashboardKeys.alerts>>(
    dashboardKeys.alerts(),
    "/dashboard/alerts",
    DASHBOARD_FRESHNESS_MS.alerts,
  );

/** GET /api/dashboard/history — the 12 months' chart and the quotes' acceptance rate (invoices:view). */
export const historyQueryOptions = () =>
  cardQuery<DashboardHistory, ReturnType<typeof dashboardKeys.history>>(
    dashboardKeys.history(),
    "/dashboard/history",
    DASHBOARD_FRESHNESS_MS.history,
  );
