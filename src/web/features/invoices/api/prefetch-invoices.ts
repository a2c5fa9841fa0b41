import type { QueryClient } from "@tanstack/react-query";
import { invoiceStatsQueryOptions } from "./get-invoice-stats";
import { invoicesQueryOptions } from "./get-invoices";
import type { InvoiceListParams } from "./invoice-keys";

/** What /invoices shows first: page 1, no filter (the initial state of InvoicesPage). */
export const FIRST_INVOICES_PAGE: InvoiceListParams = { page: 1, search: "" };

/**
 * Starts the first queries of /invoices (the first page and the stats, in parallel) with the page's
 * own queryOptions (same keys: the page finds them in the cache), before its code has run
 * (src/web/app/route-preload.ts).
 */
export function prefetchInvoicesScreen(queryClient: QueryClient) {
  return Promise.all([
    queryClient.prefetchQuery(invoicesQueryOptions(FIRST_INVOICES_PAGE)),
    queryClient.prefetchQuery(invoiceStatsQueryOptions({ search: "" })),
  ]);
}
