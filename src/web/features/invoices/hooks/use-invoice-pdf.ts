import { INVOICE_TEXTS, type InvoiceKind } from "@shared/invoice-rules";
import { toastSuccess } from "@web/lib/api-errors";
import { useDownloadInvoicePdf } from "../api/download-invoice-pdf";

/**
 * « Télécharger le PDF » of a list row or the detail: « PDF généré » once saved; its failure is toasted
 * « Impossible de générer le PDF » by the mutation. `pending(id)` tells which button shows a spinner.
 */
export function useInvoicePdf() {
  const pdf = useDownloadInvoicePdf();
  return {
    pending: (id: string) => pdf.isPending && pdf.variables?.id === id,
    download: async (invoice: { id: string; reference: string; kind: InvoiceKind }) => {
      try {
        await pdf.mutateAsync(invoice);
        toastSuccess(INVOICE_TEXTS.pdfDone);
      } catch {
        // Toasted by the mutation (its errorTitle).
      }
    },
  };
}
