import type { Quote } from "@shared/quotes";
import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { parseQuote } from "./parse-quote";
import { quoteRefreshes } from "./quote-keys";

export interface DuplicateQuoteOptions {
  name?: string;
  reset_status: boolean;
  reset_dates: boolean;
  include_items: boolean;
}

/** Duplication (docs/domain/quotes.md#form-rules): name + ' (Copie)' (server default), status and dates reset, lines included. */
export const DEFAULT_DUPLICATE: DuplicateQuoteOptions = { reset_status: true, reset_dates: true, include_items: true };

/** POST /api/quotes/:id/duplicate (201, the new quote). */
export async function duplicateQuote({
  id,
  options = DEFAULT_DUPLICATE,
}: {
  id: string;
  options?: DuplicateQuoteOptions;
}): Promise<Quote> {
  return parseQuote(await api.post(`/quotes/${encodeURIComponent(id)}/duplicate`, options));
}

export function useDuplicateQuote() {
  return useMutation({
    mutationFn: duplicateQuote,
    meta: { invalidates: quoteRefreshes.duplicate, errorTitle: "Erreur lors de la duplication" },
  });
}
