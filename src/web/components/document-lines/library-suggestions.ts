import type { LibrarySuggestions } from "@shared/library";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

/**
 * GET /api/library/suggestions?q= — the price library's articles and ouvrages a document line's name
 * (a quote's, an invoice's) proposes as it is typed. Keyed under the library feature's prefix (« library »), which its
 * mutations refresh (features never import each other).
 */
export function librarySuggestionsQueryOptions(q: string) {
  return queryOptions({
    queryKey: ["library", "suggestions", q],
    queryFn: ({ signal }) => api.get<LibrarySuggestions>("/library/suggestions", { q }, { signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
