import { CLIENT_LIMITS } from "@shared/client-rules";
import type { ClientListResponse } from "@shared/clients";
import { infiniteQueryOptions, keepPreviousData } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { nextPage } from "@web/lib/next-page";
import { type ClientListFilters, clientKeys } from "./client-keys";

/** GET /api/clients?page&limit&status&search&sort&order — one page (by name by default), with the filtered total. */
export async function getClients(
  filters: ClientListFilters & { page: number; limit?: number },
  signal?: AbortSignal,
): Promise<ClientListResponse> {
  return api.get<ClientListResponse>(
    "/clients",
    {
      page: filters.page,
      limit: filters.limit ?? CLIENT_LIMITS.defaultLimit,
      status: filters.status,
      search: filters.search.trim() || undefined,
      sort: filters.sort,
      order: filters.order,
    },
    { signal },
  );
}

/**
 * The list, page after page (« Charger plus »). While the search changes the previous pages stay
 * on screen (no flicker) until the new answer arrives.
 */
export function clientsInfiniteQueryOptions(filters: ClientListFilters) {
  return infiniteQueryOptions({
    queryKey: clientKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getClients({ ...filters, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
