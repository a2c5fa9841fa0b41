import { parisToday } from "@shared/dates";
import type { QueryClient } from "@tanstack/react-query";
import { weekFromParam } from "../lib/planning-week";
import { weekQueryOptions } from "./get-week";

/**
 * Starts the first query of /calendar (the week of `?week=`, every team) with the page's own
 * queryOptions (same key: the page finds it in the cache), before its code has run
 * (src/web/app/route-preload.ts).
 */
export function prefetchPlanningScreen(queryClient: QueryClient, search = window.location.search) {
  const week = weekFromParam(new URLSearchParams(search).get("week"), parisToday());
  return queryClient.prefetchQuery(weekQueryOptions(week, null));
}
