import type { QuoteTemplate } from "@shared/quote-templates";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { quoteKeys } from "./quote-keys";

/** GET /api/quote-templates — the company's templates, for the picker of the create form. */
export async function getQuoteTemplates(signal?: AbortSignal) {
  return (await api.get<{ data: QuoteTemplate[] }>("/quote-templates", undefined, { signal })).data;
}

export function quoteTemplatesQueryOptions() {
  return queryOptions({
    queryKey: quoteKeys.templates(),
    queryFn: ({ signal }) => getQuoteTemplates(signal),
    staleTime: 60_000,
  });
}
