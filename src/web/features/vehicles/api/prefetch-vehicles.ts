import type { QueryClient } from "@tanstack/react-query";
import { vehicleSummaryQueryOptions, vehiclesInfiniteQueryOptions } from "./get-vehicles";

/**
 * Starts the first queries of /vehicles (every vehicle, and the summary) with the page's own
 * queryOptions (same keys: the page finds them in the cache), before its code has run
 * (src/web/app/route-preload.ts).
 */
export function prefetchVehiclesScreen(queryClient: QueryClient) {
  return Promise.all([
    queryClient.prefetchInfiniteQuery(vehiclesInfiniteQueryOptions({ search: "" })),
    queryClient.prefetchQuery(vehicleSummaryQueryOptions()),
  ]);
}
