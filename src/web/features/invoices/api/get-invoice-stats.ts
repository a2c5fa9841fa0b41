import type { InvoiceStats } from "@shared/invoices";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { invoiceFilterQuery } from "./get-invoices";
import { INVOICE_STALE_TIMES, type InvoiceFilters, invoiceKeys } from "./invoice-keys";

/** GET /api/invoices/stats with the list's filters: counts and amounts over the whole filtered set. */
export function getInvoiceStats(filters: InvoiceFilters, signal?: AbortSignal): Promise<InvoiceStats> {
  return api.get<InvoiceStats>("/invoices/stats", invoiceFilterQuery(filters), { signal });
}

/** The four stat cards (spec 3 §2.2), asked beside the list's page, not after it. */
export function invoiceStatsQueryOptions(filters: InvoiceFilters) {
  const normalised: InvoiceFilters = { ...filters, search: filters.search.trim() };
  return queryOptions({
    queryKey: invoiceKeys.stats(normalised),
    queryFn: ({ signal }) => getInvoiceStats(normalised, signal),
    placeholderData: keepPreviousData,
    staleTime: INVOICE_STALE_TIMES.list,
  });
}
