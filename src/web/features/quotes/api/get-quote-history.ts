import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import type { QuoteHistoryEntry } from "../lib/quote-history";
import { quoteKeys } from "./quote-keys";

/** GET /api/quotes/:id/history — newest first. */
export async function getQuoteHistory(id: string, signal?: AbortSignal): Promise<QuoteHistoryEntry[]> {
  const entries = await api.get<QuoteHistoryEntry[]>(`/quotes/${encodeURIComponent(id)}/history`, undefined, {
    signal,
  });
  return [...entries].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

export function quoteHistoryQueryOptions(id: string) {
  return queryOptions({
    queryKey: quoteKeys.history(id),
    queryFn: ({ signal }) => getQuoteHistory(id, signal),
    staleTime: 0,
  });
}
