/**
 * Query keys of the company home (docs/domain/dashboard.md#web): one query per card. Another feature
 * refreshes them by the prefix `["dashboard"]` (a finished worksite changes the figures).
 */
export const dashboardKeys = {
  all: ["dashboard"] as const,
  stats: () => [...dashboardKeys.all, "stats"] as const,
  todayTasks: () => [...dashboardKeys.all, "today-tasks"] as const,
  activeProjects: () => [...dashboardKeys.all, "active-projects"] as const,
  alerts: () => [...dashboardKeys.all, "alerts"] as const,
  history: () => [...dashboardKeys.all, "history"] as const,
};
