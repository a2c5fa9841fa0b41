import type { QueryClient } from "@tanstack/react-query";
import { quotesQueryOptions } from "./get-quotes";
import type { QuoteListParams } from "./quote-keys";

/** What /quotes shows first: page 1, no filter (the initial state of QuotesPage). */
export const FIRST_QUOTES_PAGE: QuoteListParams = { page: 1, status: undefined, clientId: undefined, search: "" };

/**
 * Starts the first queries of /quotes with the page's own queryOptions (same keys: the page finds them
 * in the cache), before its code has run (src/web/app/route-preload.ts).
 */
export function prefetchQuotesScreen(queryClient: QueryClient, _can: (permission: string) => boolean) {
  // The client filter is a picker that searches when opened: nothing of the client book is loaded here.
  return queryClient.prefetchQuery(quotesQueryOptions(FIRST_QUOTES_PAGE));
}
