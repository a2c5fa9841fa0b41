import type { QueryClient } from "@tanstack/react-query";
import {
  activeProjectsQueryOptions,
  alertsQueryOptions,
  statsQueryOptions,
  todayTasksQueryOptions,
} from "./get-dashboard";

/**
 * The home's first queries with the cards' own queryOptions (same keys: the cards find them in the
 * cache), before its code has run (src/web/app/route-preload.ts): the stats, and what the user may
 * read of the day. The 12 months' history is left to its card (below the fold, its chart loads later).
 */
export function prefetchDashboardScreen(queryClient: QueryClient, can: (permission: string) => boolean) {
  const loads: Promise<unknown>[] = [queryClient.prefetchQuery(statsQueryOptions())];
  if (can("projects:view")) {
    loads.push(queryClient.prefetchQuery(todayTasksQueryOptions()));
    loads.push(queryClient.prefetchQuery(activeProjectsQueryOptions()));
  }
  // isTeamLeader (@shared/permissions): an administrator or a holder of team:manage.
  if (can("admin:access") || can("team:manage")) loads.push(queryClient.prefetchQuery(alertsQueryOptions()));
  return Promise.all(loads);
}
