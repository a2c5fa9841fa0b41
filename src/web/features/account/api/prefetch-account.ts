import type { QueryClient } from "@tanstack/react-query";
import { accountQueryOptions } from "./account";

/** Starts GET /api/account under the key « Mon compte » reads, before its code has run (app/route-preload.ts). */
export function prefetchAccountScreen(queryClient: QueryClient) {
  return queryClient.prefetchQuery(accountQueryOptions());
}
