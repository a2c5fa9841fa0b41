import type { Quote } from "@shared/quotes";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

/**
 * GET /api/quotes/:id — the quote an invoice is written from (/invoices/new?quote_id=). Keyed under the
 * quotes feature's details prefix (« quotes », « detail »), which its mutations refresh (features never
 * import each other); an entry of its own, the quotes feature keeps its parsed copy.
 */
export function invoiceQuoteQueryOptions(quoteId: string) {
  return queryOptions({
    queryKey: ["quotes", "detail", quoteId, "for-invoice"] as const,
    queryFn: ({ signal }) => api.get<Quote>(`/quotes/${encodeURIComponent(quoteId)}`, undefined, { signal }),
    staleTime: 60_000,
  });
}
