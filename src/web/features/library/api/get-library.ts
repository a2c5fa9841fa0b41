import type { LibraryItemDetail, LibraryListResponse, LibrarySuggestions } from "@shared/library";
import { LIBRARY_LIMITS } from "@shared/library-rules";
import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { nextPage } from "@web/lib/next-page";
import { type LibraryListFilters, libraryKeys } from "./library-keys";

/** GET /api/library/items — one page (by name by default, else `sort` and `order`), with the filtered total. */
export async function getLibraryItems(
  filters: LibraryListFilters & { page: number; limit?: number },
  signal?: AbortSignal,
): Promise<LibraryListResponse> {
  return api.get<LibraryListResponse>(
    "/library/items",
    {
      page: filters.page,
      limit: filters.limit ?? LIBRARY_LIMITS.defaultLimit,
      search: filters.search.trim() || undefined,
      kind: filters.kind,
      category: filters.category,
      status: filters.status,
      sort: filters.sort,
      order: filters.order,
    },
    { signal },
  );
}

/** The list, page after page (« Charger plus »); the previous pages stay while a filter changes. */
export function libraryInfiniteQueryOptions(filters: LibraryListFilters) {
  return infiniteQueryOptions({
    queryKey: libraryKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getLibraryItems({ ...filters, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** GET /api/library/items/:id — an ouvrage with its parts. */
export function libraryItemQueryOptions(id: string) {
  return queryOptions({
    queryKey: libraryKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<LibraryItemDetail>(`/library/items/${encodeURIComponent(id)}`, undefined, { signal }),
    staleTime: 30_000,
  });
}

/** GET /api/library/suggestions?q= — what a name field proposes as the user types. */
export function librarySuggestionsQueryOptions(q: string) {
  return queryOptions({
    queryKey: libraryKeys.suggestions(q),
    queryFn: ({ signal }) => api.get<LibrarySuggestions>("/library/suggestions", { q }, { signal }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
