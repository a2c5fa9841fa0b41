import type { QueryClient } from "@tanstack/react-query";
import { companyInfoQueryOptions } from "./get-company-info";
import { companySettingsQueryOptions } from "./get-company-settings";

/**
 * Starts the queries of /settings with the page's own queryOptions (same keys: the page finds them in
 * the cache), before its code has run (src/web/app/route-preload.ts).
 */
export function prefetchSettingsScreen(queryClient: QueryClient) {
  return Promise.all([
    queryClient.prefetchQuery(companyInfoQueryOptions()),
    queryClient.prefetchQuery(companySettingsQueryOptions()),
  ]);
}
