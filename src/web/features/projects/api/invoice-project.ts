import { INVOICE_TEXTS } from "@shared/invoice-rules";
import type { Invoice } from "@shared/invoices";
import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { projectRefreshes } from "./project-keys";

/**
 * POST /api/invoices/from-project/:projectId (201): the worksite's « Facturer », a draft invoice of its
 * client (its quote's lines, its deposits deducted). Asked by the worksite page itself (features never
 * import each other); the invoices feature shows the answer.
 */
export function invoiceProject(projectId: string): Promise<Invoice> {
  return api.post<Invoice>(`/invoices/from-project/${encodeURIComponent(projectId)}`);
}

export function useInvoiceProject() {
  return useMutation({
    mutationFn: invoiceProject,
    meta: { invalidates: projectRefreshes.invoice, errorTitle: INVOICE_TEXTS.createFailed },
  });
}
