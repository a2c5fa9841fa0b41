import { QUOTE_DEFAULTS, QUOTE_SORT_ORDERS } from "@shared/quote-rules";
import type { quoteListResponseSchema } from "@shared/quotes";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import type { z } from "zod";
import { QUOTE_STALE_TIMES, type QuoteListParams, quoteKeys } from "./quote-keys";

export type QuoteListResponse = z.infer<typeof quoteListResponseSchema>;

/**
 * GET /api/quotes?page&limit&status&client_id&search&state&sort&order — one page and the summary of the
 * filtered set. The default order is left out, so the first page's URL is the one the cold start asks for.
 */
export async function getQuotes(params: QuoteListParams, signal?: AbortSignal): Promise<QuoteListResponse> {
  return api.get<QuoteListResponse>(
    "/quotes",
    {
      page: params.page,
      limit: QUOTE_DEFAULTS.pageSize,
      status: params.status,
      client_id: params.clientId,
      search: params.search.trim() || undefined,
      state: params.state,
      sort: params.sort && params.sort !== "date" ? params.sort : undefined,
      order: params.order,
    },
    { signal },
  );
}

/**
 * One page of the list; the previous page stays on screen while the next one loads. The default order
 * is keyed as no order, so the page prefetched at start-up is the one the list reads.
 */
export function quotesQueryOptions(params: QuoteListParams) {
  const sort = params.sort ?? "date";
  const normalised = {
    ...params,
    sort: sort === "date" ? undefined : sort,
    // A sort's own direction is no order (the key and URL of the default list stay the same).
    order: params.order === QUOTE_SORT_ORDERS[sort] ? undefined : params.order,
  };
  return queryOptions({
    queryKey: quoteKeys.list(normalised),
    queryFn: ({ signal }) => getQuotes(normalised, signal),
    placeholderData: keepPreviousData,
    staleTime: QUOTE_STALE_TIMES.list,
  });
}
