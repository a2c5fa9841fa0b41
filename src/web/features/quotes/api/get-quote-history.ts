import { quoteHistoryEntrySchema } from "@shared/quote-history";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { z } from "zod";
import type { QuoteHistoryEntry } from "../lib/quote-history";
import { quoteKeys } from "./quote-keys";

const historySchema = z.array(quoteHistoryEntrySchema);

/** GET /api/quotes/:id/history — newest first. */
export async function getQuoteHistory(id: string, signal?: AbortSignal): Promise<QuoteHistoryEntry[]> {
  const entries = historySchema.parse(
    await api.get(`/quotes/${encodeURIComponent(id)}/history`, undefined, { signal }),
  );
  return [...entries].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

export function quoteHistoryQueryOptions(id: string) {
  return queryOptions({
    queryKey: quoteKeys.history(id),
    queryFn: ({ signal }) => getQuoteHistory(id, signal),
    staleTime: 0,
  });
}
