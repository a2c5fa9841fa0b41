import type { Invoice } from "@shared/invoices";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { INVOICE_STALE_TIMES, invoiceKeys } from "./invoice-keys";

export const invoicePath = (id: string) => `/invoices/${encodeURIComponent(id)}`;

/** GET /api/invoices/:id — the invoice with its lines, payments, deposits and credit note. */
export function getInvoice(id: string, signal?: AbortSignal): Promise<Invoice> {
  return api.get<Invoice>(invoicePath(id), undefined, { signal });
}

export function invoiceQueryOptions(id: string) {
  return queryOptions({
    queryKey: invoiceKeys.detail(id),
    queryFn: ({ signal }) => getInvoice(id, signal),
    staleTime: INVOICE_STALE_TIMES.detail,
  });
}
