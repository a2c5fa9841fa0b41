import type { QueryClient } from "@tanstack/react-query";
import { rolesQueryOptions } from "./get-roles";

/** Starts the first query of /app/admin/roles with the page's own queryOptions (src/web/app/route-preload.ts). */
export function prefetchRolesScreen(queryClient: QueryClient) {
  return queryClient.prefetchQuery(rolesQueryOptions());
}
