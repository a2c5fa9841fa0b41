import type { QueryClient } from "@tanstack/react-query";
import type { ClientListFilters } from "./client-keys";
import { clientCountersQueryOptions } from "./get-client-counters";
import { clientsInfiniteQueryOptions } from "./get-clients";

/** What /clients shows first: every client, no search (the initial state of ClientsPage). */
export const FIRST_CLIENTS_FILTERS: ClientListFilters = { search: "", status: undefined };

/**
 * Starts the first queries of /clients with the page's own queryOptions (same keys: the page finds them
 * in the cache), before its code has run (src/web/app/route-preload.ts).
 */
export function prefetchClientsScreen(queryClient: QueryClient) {
  return Promise.all([
    queryClient.prefetchInfiniteQuery(clientsInfiniteQueryOptions(FIRST_CLIENTS_FILTERS)),
    queryClient.prefetchQuery(clientCountersQueryOptions()),
  ]);
}
