import type { Quote } from "@shared/quotes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import type { QuotePayload } from "../lib/quote-form";
import { parseQuote } from "./parse-quote";
import { quoteKeys, quoteRefreshes } from "./quote-keys";

/** POST /api/quotes (201, the created quote with its reference and server totals). */
export async function createQuote(body: QuotePayload): Promise<Quote> {
  return parseQuote(await api.post("/quotes", body));
}

export function useCreateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuote,
    meta: { invalidates: quoteRefreshes.create },
    onSuccess: (quote) => queryClient.setQueryData(quoteKeys.detail(quote.id), quote),
  });
}
