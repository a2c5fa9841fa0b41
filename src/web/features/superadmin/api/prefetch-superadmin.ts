import type { QueryClient } from "@tanstack/react-query";
import { companiesQueryOptions, dashboardQueryOptions } from "./superadmin-api";

/**
 * The first queries of /superadmin and /superadmin/companies with the screens' own queryOptions (same
 * keys: the screens find them in the cache), before their code has run (src/web/app/route-preload.ts).
 */
export function prefetchPlatformDashboard(queryClient: QueryClient) {
  return queryClient.prefetchQuery(dashboardQueryOptions());
}

export function prefetchPlatformCompanies(queryClient: QueryClient) {
  return queryClient.prefetchQuery(companiesQueryOptions({ search: "", status: null, plan: null, page: 1 }));
}
