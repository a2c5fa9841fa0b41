import type { QueryClient } from "@tanstack/react-query";
import { libraryInfiniteQueryOptions } from "./get-library";
import type { LibraryListFilters } from "./library-keys";

/** What /library shows first: the active items, no search, no filter (the initial state of LibraryPage). */
export const FIRST_LIBRARY_FILTERS: LibraryListFilters = {
  search: "",
  kind: undefined,
  category: undefined,
  status: "active",
};

/**
 * Starts the first query of /library with the page's own queryOptions (same key: the page finds it in
 * the cache), before its code has run (src/web/app/route-preload.ts).
 */
export function prefetchLibraryScreen(queryClient: QueryClient) {
  return queryClient.prefetchInfiniteQuery(libraryInfiniteQueryOptions(FIRST_LIBRARY_FILTERS));
}
