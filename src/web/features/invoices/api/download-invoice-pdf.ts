import type { InvoiceKind } from "@shared/invoice-rules";
import { INVOICE_TEXTS } from "@shared/invoice-rules";
import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { saveFile } from "@web/lib/save-file";
import { pdfFileName } from "../lib/invoice-format";
import { invoicePath } from "./get-invoice";

/**
 * GET /api/invoices/:id/pdf with the session token, saved under the server's name
 * (facture-{reference}.pdf, avoir-{reference}.pdf for a credit note).
 */
export async function downloadInvoicePdf(invoice: {
  id: string;
  reference: string;
  kind: InvoiceKind;
}): Promise<string> {
  return saveFile(await api.download(`${invoicePath(invoice.id)}/pdf`), pdfFileName(invoice));
}

/** Its failure is toasted « Impossible de générer le PDF » with the server's reason. */
export function useDownloadInvoicePdf() {
  return useMutation({ mutationFn: downloadInvoicePdf, meta: { errorTitle: INVOICE_TEXTS.pdfFailed } });
}
