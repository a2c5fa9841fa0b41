import type { InvoiceList, InvoiceStats } from "@shared/invoices";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

/**
 * A client's invoices and what it owes, read from the invoices API (issue 32: « Factures », « Solde dû »
 * on the client's page). Keyed under the invoices feature's prefix (its `invoiceKeys.all`, features never
 * import each other): every invoice mutation, which refreshes that prefix, refreshes these too.
 */
const CLIENT_INVOICES_KEY = ["invoices", "of-client"] as const;

/** The client's latest 50 documents, newest first (GET /api/invoices?client_id=). */
export function clientInvoicesQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: [...CLIENT_INVOICES_KEY, clientId, "list"] as const,
    queryFn: ({ signal }) => api.get<InvoiceList>("/invoices", { page: 1, limit: 50, client_id: clientId }, { signal }),
  });
}

/** « Solde dû »: the unpaid remainder of its issued invoices (`pending_amount` of GET /api/invoices/stats). */
export function clientBalanceQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: [...CLIENT_INVOICES_KEY, clientId, "stats"] as const,
    queryFn: ({ signal }) => api.get<InvoiceStats>("/invoices/stats", { client_id: clientId }, { signal }),
  });
}
