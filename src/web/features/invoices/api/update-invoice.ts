import type { Invoice } from "@shared/invoices";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import type { InvoiceUpdatePayload } from "../lib/invoice-form";
import { invoicePath } from "./get-invoice";
import { invoiceKeys, invoiceRefreshes } from "./invoice-keys";

/** PUT /api/invoices/:id: a draft written again (409 « Facture non éditable » once issued). */
/** The draft saved on the version its form was loaded with (ADR 0024). */
export function updateInvoice({
  id,
  body,
  version,
}: {
  id: string;
  body: InvoiceUpdatePayload;
  version?: string | null;
}): Promise<Invoice> {
  return api.put<Invoice>(invoicePath(id), body, { version });
}

/** The form toasts a failure itself (« Impossible de modifier la facture », the field errors under the fields). */
export function useUpdateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInvoice,
    meta: { invalidates: invoiceRefreshes.update },
    onSuccess: (invoice) => queryClient.setQueryData(invoiceKeys.detail(invoice.id), invoice),
  });
}
