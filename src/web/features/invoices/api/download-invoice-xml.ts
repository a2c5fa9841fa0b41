import { EINVOICE_TEXTS } from "@shared/einvoice-rules";
import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { saveFile } from "@web/lib/save-file";
import { xmlFileName } from "../lib/export-period";
import { invoicePath } from "./get-invoice";

/**
 * GET /api/invoices/:id/xml — the Factur-X XML (CII, EN 16931) of an issued document alone, saved under
 * the server's name (`<reference>.xml`).
 */
export async function downloadInvoiceXml(invoice: { id: string; reference: string }): Promise<string> {
  return saveFile(await api.download(`${invoicePath(invoice.id)}/xml`), xmlFileName(invoice));
}

/** Its failure is toasted « Impossible de télécharger le XML » with the server's reason. */
export function useDownloadInvoiceXml() {
  return useMutation({ mutationFn: downloadInvoiceXml, meta: { errorTitle: EINVOICE_TEXTS.xmlFailed } });
}
