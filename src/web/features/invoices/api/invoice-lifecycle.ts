import { INVOICE_TEXTS } from "@shared/invoice-rules";
import type { CancelInput, Invoice, MarkPaid, PaymentCancel, PaymentInput, RefundInput } from "@shared/invoices";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { invoicePath } from "./get-invoice";
import { invoiceKeys, invoiceRefreshes } from "./invoice-keys";

/**
 * The lifecycle of an invoice once written (docs/domain/invoices.md#lifecycle): issue, payments,
 * « Marquer comme payée », cancel by a credit note, delete a draft. Each answer is the invoice as it
 * now is (the credit note for a cancel): it is put in the cache at once, then what the mutation
 * declares is refreshed.
 */

/** The answer is the invoice's new state: shown at once, before the refresh. */
const keep = (queryClient: QueryClient) => (invoice: Invoice) =>
  queryClient.setQueryData(invoiceKeys.detail(invoice.id), invoice);

/** A refusal (409: changed elsewhere) refreshes what is on screen. */
const refreshOnError = (queryClient: QueryClient) => (_error: unknown, variables: { id: string }) =>
  queryClient.invalidateQueries({ queryKey: invoiceKeys.detail(variables.id) });

/** POST /api/invoices/:id/issue — « Marquer comme envoyée »: the definitive FAC-YYYY-NNNN, frozen. */
export function useIssueInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => api.post<Invoice>(`${invoicePath(id)}/issue`),
    meta: { invalidates: invoiceRefreshes.status, errorTitle: INVOICE_TEXTS.statusFailed },
    onSuccess: keep(queryClient),
    onError: refreshOnError(queryClient),
  });
}

/** POST /api/invoices/:id/pay — « Marquer comme payée »: the balance, today, by bank transfer unless said. */
export function useMarkInvoicePaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body = {} }: { id: string; body?: MarkPaid }) =>
      api.post<Invoice>(`${invoicePath(id)}/pay`, body),
    meta: { invalidates: invoiceRefreshes.status, errorTitle: INVOICE_TEXTS.statusFailed },
    onSuccess: keep(queryClient),
    onError: refreshOnError(queryClient),
  });
}

/** The body of POST /api/invoices/:id/payments as the dialog sends it (amount in euros). */
export type PaymentPayload = Omit<PaymentInput, "reference"> & { reference?: string | null };

/**
 * POST /api/invoices/:id/payments — one payment. Its failure is shown by the dialog (the amount's
 * field for « Le montant dépasse le reste à payer »), not toasted here.
 */
export function useAddPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PaymentPayload }) =>
      api.post<Invoice>(`${invoicePath(id)}/payments`, body),
    meta: { invalidates: invoiceRefreshes.status },
    onSuccess: keep(queryClient),
  });
}

/**
 * POST /api/invoices/:id/payments/:paymentId/cancel — « Annuler le règlement » (issue 34): the payment kept,
 * cancelled with its reason; answers the invoice, its figures without it. Its failure is shown by the
 * dialog (the reason's field for a 400), not toasted here.
 */
export function useCancelPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paymentId, body }: { id: string; paymentId: string; body: PaymentCancel }) =>
      api.post<Invoice>(`${invoicePath(id)}/payments/${encodeURIComponent(paymentId)}/cancel`, body),
    meta: { invalidates: invoiceRefreshes.status },
    onSuccess: keep(queryClient),
    onError: refreshOnError(queryClient),
  });
}

/** DELETE /api/invoices/:id/payments/:paymentId — answers the invoice without it. */
export function useRemovePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paymentId }: { id: string; paymentId: string }) =>
      api.delete<Invoice>(`${invoicePath(id)}/payments/${encodeURIComponent(paymentId)}`),
    meta: { invalidates: invoiceRefreshes.status, errorTitle: INVOICE_TEXTS.paymentRemoveFailed },
    onSuccess: keep(queryClient),
    onError: refreshOnError(queryClient),
  });
}

/**
 * POST /api/invoices/:id/cancel — « Annuler la facture »: answers the CREDIT NOTE (AV-YYYY-NNNN); the
 * invoice, now « Annulée », is refreshed with the rest.
 */
export function useCancelInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    // Issue 32: with payments received, what becomes of them (refunded or kept as credit); else no body.
    mutationFn: ({ id, body }: { id: string; body?: CancelInput | undefined }) =>
      body ? api.post<Invoice>(`${invoicePath(id)}/cancel`, body) : api.post<Invoice>(`${invoicePath(id)}/cancel`),
    meta: { invalidates: invoiceRefreshes.cancel, errorTitle: INVOICE_TEXTS.statusFailed },
    onSuccess: keep(queryClient),
    onError: refreshOnError(queryClient),
  });
}

/** The body of POST /api/invoices/:id/refunds as the form sends it. */
export type RefundPayload = Omit<RefundInput, "reference"> & { reference?: string | null };

/**
 * POST /api/invoices/:id/refunds (issue 32) — money paid back on a credit note; answers the credit note.
 * Money leaves: the client's balance and the home's figures are refreshed with the invoices.
 */
export function useRecordRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RefundPayload }) =>
      api.post<Invoice>(`${invoicePath(id)}/refunds`, body),
    meta: { invalidates: invoiceRefreshes.status, errorTitle: INVOICE_TEXTS.refundFailed },
    onSuccess: keep(queryClient),
    onError: refreshOnError(queryClient),
  });
}

/** DELETE /api/invoices/:id (204) — a draft only (409 « Facture non éditable » otherwise). */
export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => api.delete(invoicePath(id)),
    meta: { invalidates: invoiceRefreshes.delete, errorTitle: INVOICE_TEXTS.deleteFailed },
    onSuccess: (_answer, { id }) => queryClient.removeQueries({ queryKey: invoiceKeys.detail(id) }),
    onError: refreshOnError(queryClient),
  });
}
