import type { QueryClient } from "@tanstack/react-query";
import { teamsInfiniteQueryOptions } from "./get-teams";

/**
 * Starts the first query of /teams (no search) with the page's own queryOptions (same key: the page
 * finds it in the cache), before its code has run (src/web/app/route-preload.ts).
 */
export function prefetchTeamsScreen(queryClient: QueryClient) {
  return queryClient.prefetchInfiniteQuery(teamsInfiniteQueryOptions(""));
}
