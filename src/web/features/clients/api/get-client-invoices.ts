import type { ClientBalance, InvoiceList } from "@shared/invoices";
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

/**
 * « Solde dû » (issue 32, ADR 0030): what its issued invoices still wait for, less the credit its credit
 * notes keep on its account (GET /api/invoices/balance/:clientId, one statement on the server).
 */
export function clientBalanceQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: [...CLIENT_INVOICES_KEY, clientId, "balance"] as const,
    queryFn: ({ signal }) =>
      api.get<ClientBalance>(`/invoices/balance/${encodeURIComponent(clientId)}`, undefined, { signal }),
  });
}
