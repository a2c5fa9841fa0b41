import type { Invoice } from "@shared/invoices";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import type { InvoiceCreatePayload } from "../lib/invoice-form";
import { invoiceKeys, invoiceRefreshes } from "./invoice-keys";

/** POST /api/invoices (201): a draft with its provisional reference and the server's totals. */
export function createInvoice(body: InvoiceCreatePayload): Promise<Invoice> {
  return api.post<Invoice>("/invoices", body);
}

/** The form toasts a failure itself (« Impossible de créer la facture », the field errors under the fields). */
export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvoice,
    meta: { invalidates: invoiceRefreshes.create },
    onSuccess: (invoice) => queryClient.setQueryData(invoiceKeys.detail(invoice.id), invoice),
  });
}
