import { INVOICE_TEXTS } from "@shared/invoice-rules";
import type { DepositInput, Invoice } from "@shared/invoices";
import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { quoteRefreshes } from "./quote-keys";

/**
 * POST /api/invoices/deposit/:quoteId (201): the deposit invoice (facture d'acompte, a draft) of a
 * validated quote, for a percentage of its total or an amount TTC. The quote card asks it itself
 * (features never import each other); the invoices feature shows the answer.
 */
export function createDepositInvoice({ quoteId, body }: { quoteId: string; body: DepositInput }): Promise<Invoice> {
  return api.post<Invoice>(`/invoices/deposit/${encodeURIComponent(quoteId)}`, body);
}

export function useCreateDepositInvoice() {
  return useMutation({
    mutationFn: createDepositInvoice,
    meta: { invalidates: quoteRefreshes.deposit, errorTitle: INVOICE_TEXTS.createFailed },
  });
}
