import type { Quote } from "@shared/quotes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import type { QuotePayload } from "../lib/quote-form";
import { parseQuote } from "./parse-quote";
import { quoteKeys, quoteRefreshes } from "./quote-keys";

/**
 * PUT /api/quotes/:id — the whole quote (a status change is a PUT with the new status); 409 when
 * the stored quote is final, or (with the `version` the form was loaded with) when someone saved it
 * since (ADR 0024).
 */
export async function updateQuote({
  id,
  body,
  version,
}: {
  id: string;
  body: QuotePayload;
  version?: string | null;
}): Promise<Quote> {
  return parseQuote(await api.put(`/quotes/${encodeURIComponent(id)}`, body, { version }));
}

export function useUpdateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuote,
    meta: { invalidates: quoteRefreshes.update },
    onSuccess: (quote) => queryClient.setQueryData(quoteKeys.detail(quote.id), quote),
    // A 409 means the quote changed elsewhere (finalised): refresh what is on screen.
    onError: (_error, { id }) => queryClient.invalidateQueries({ queryKey: quoteKeys.detail(id) }),
  });
}
