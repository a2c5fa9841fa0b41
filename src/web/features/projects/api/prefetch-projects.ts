import type { QueryClient } from "@tanstack/react-query";
import { projectsInfiniteQueryOptions } from "./get-projects";

/**
 * Starts the first query of /projects (the first page of every worksite, with the status counts) with
 * the page's own queryOptions (same key: the page finds it in the cache), before its code has run
 * (src/web/app/route-preload.ts).
 */
export function prefetchProjectsScreen(queryClient: QueryClient) {
  return queryClient.prefetchInfiniteQuery(projectsInfiniteQueryOptions({ search: "" }));
}
