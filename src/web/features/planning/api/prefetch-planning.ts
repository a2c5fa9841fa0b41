import { parisToday } from "@shared/dates";
import type { QueryClient } from "@tanstack/react-query";
import { weekFromParam } from "../lib/planning-week";
import { planningTeamsQueryOptions } from "./get-planning-options";
import { weekQueryOptions } from "./get-week";

/**
 * Starts the first queries of /calendar with the page's own queryOptions (same keys: the page finds them
 * in the cache), before its code has run (src/web/app/route-preload.ts): the week of `?week=` (every team)
 * and, for whoever has the team filter (usePlanningAccess), the teams — asked with the week, not once the
 * page has rendered, so that the week's cards never wait behind them.
 */
export function prefetchPlanningScreen(
  queryClient: QueryClient,
  can: (permission: string) => boolean,
  search = window.location.search,
) {
  const week = weekFromParam(new URLSearchParams(search).get("week"), parisToday());
  const filtersTeams = (can("admin:access") || can("team:view")) && can("teams:view");
  return Promise.all([
    queryClient.prefetchQuery(weekQueryOptions(week, null)),
    filtersTeams ? queryClient.prefetchQuery(planningTeamsQueryOptions()) : undefined,
  ]);
}
