import { QUOTE_DEFAULTS } from "@shared/quote-rules";
import type { quoteListResponseSchema } from "@shared/quotes";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import type { z } from "zod";
import { QUOTE_STALE_TIMES, type QuoteListParams, quoteKeys } from "./quote-keys";

export type QuoteListResponse = z.infer<typeof quoteListResponseSchema>;

/** GET /api/quotes?page&limit&status&client_id&search — one page and the summary of the filtered set. */
export async function getQuotes(params: QuoteListParams, signal?: AbortSignal): Promise<QuoteListResponse> {
  return api.get<QuoteListResponse>(
    "/quotes",
    {
      page: params.page,
      limit: QUOTE_DEFAULTS.pageSize,
      status: params.status,
      client_id: params.clientId,
      search: params.search.trim() || undefined,
    },
    { signal },
  );
}

/** One page of the list; the previous page stays on screen while the next one loads. */
export function quotesQueryOptions(params: QuoteListParams) {
  return queryOptions({
    queryKey: quoteKeys.list(params),
    queryFn: ({ signal }) => getQuotes(params, signal),
    placeholderData: keepPreviousData,
    staleTime: QUOTE_STALE_TIMES.list,
  });
}
