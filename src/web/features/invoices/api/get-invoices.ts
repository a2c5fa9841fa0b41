import { INVOICE_DEFAULTS } from "@shared/invoice-rules";
import type { InvoiceList } from "@shared/invoices";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { INVOICE_STALE_TIMES, type InvoiceFilters, type InvoiceListParams, invoiceKeys } from "./invoice-keys";

/** The query string of the list and the stats: the filters set, nothing for those left out. */
export function invoiceFilterQuery(filters: InvoiceFilters) {
  return {
    search: filters.search.trim() || undefined,
    status: filters.status,
    client_id: filters.clientId,
    quote_id: filters.quoteId,
    project_id: filters.projectId,
  };
}

/**
 * GET /api/invoices?page&limit&search&status&client_id&quote_id&project_id&sort&order — one page
 * (`invoices` + `pagination`, spec 3 §3). Page and limit first: the cold start's URL
 * (first-answers.ts) is the one the page asks.
 */
export function getInvoices(params: InvoiceListParams, signal?: AbortSignal): Promise<InvoiceList> {
  return api.get<InvoiceList>(
    "/invoices",
    {
      page: params.page,
      limit: INVOICE_DEFAULTS.pageSize,
      ...invoiceFilterQuery(params),
      sort: params.sort,
      order: params.order,
    },
    { signal },
  );
}

/** One page of the list; the previous page stays on screen while the next one loads. */
export function invoicesQueryOptions(params: InvoiceListParams) {
  const normalised: InvoiceListParams = { ...params, search: params.search.trim() };
  return queryOptions({
    queryKey: invoiceKeys.list(normalised),
    queryFn: ({ signal }) => getInvoices(normalised, signal),
    placeholderData: keepPreviousData,
    staleTime: INVOICE_STALE_TIMES.list,
  });
}
