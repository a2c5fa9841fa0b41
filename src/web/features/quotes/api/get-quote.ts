import type { Quote } from "@shared/quotes";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { parseQuote } from "./parse-quote";
import { QUOTE_STALE_TIMES, quoteKeys } from "./quote-keys";

/** GET /api/quotes/:id — the quote with its lines (cache-buster `_t`, docs/domain/quotes.md#caching). */
export async function getQuote(id: string, signal?: AbortSignal): Promise<Quote> {
  return parseQuote(await api.get(`/quotes/${encodeURIComponent(id)}`, { _t: Date.now() }, { signal }));
}

export function quoteQueryOptions(id: string) {
  return queryOptions({
    queryKey: quoteKeys.detail(id),
    queryFn: ({ signal }) => getQuote(id, signal),
    staleTime: QUOTE_STALE_TIMES.detail,
  });
}
