import type { QueryClient } from "@tanstack/react-query";
import { rolesQueryOptions, usersQueryOptions } from "./get-users";

/**
 * Starts the first queries of /users (no search, every role) with the page's own queryOptions (same
 * keys: the page finds them in the cache), before its code has run (src/web/app/route-preload.ts).
 */
export function prefetchUsersScreen(queryClient: QueryClient, can: (permission: string) => boolean) {
  return Promise.all([
    queryClient.prefetchQuery(usersQueryOptions({ search: "", roleId: "" })),
    can("roles:view") ? queryClient.prefetchQuery(rolesQueryOptions()) : undefined,
  ]);
}
