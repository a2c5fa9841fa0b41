import type { ClientBalance } from "@shared/invoices";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { invoiceKeys } from "./invoice-keys";

/**
 * GET /api/invoices/balance/:clientId (issue 32): what the client owes and its credit notes that keep
 * credit — the payment dialog offers them as « Avoir ».
 */
export function clientBalanceQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: invoiceKeys.balance(clientId),
    queryFn: ({ signal }) =>
      api.get<ClientBalance>(`/invoices/balance/${encodeURIComponent(clientId)}`, undefined, { signal }),
  });
}
