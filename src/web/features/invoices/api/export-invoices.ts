import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { saveFile } from "@web/lib/save-file";
import { type ExportPeriod, exportFileName } from "../lib/export-period";

/**
 * GET /api/invoices/export?from&to — the issued invoices, deposit invoices and credit notes of a period
 * as one ZIP (each one's Factur-X and a CSV summary), saved under the server's name.
 */
export async function exportInvoices(period: ExportPeriod): Promise<string> {
  return saveFile(await api.download("/invoices/export", { from: period.from, to: period.to }), exportFileName(period));
}

/** The dialog shows its failure itself (a field's message under the field, else a toast). */
export function useExportInvoices() {
  return useMutation({ mutationFn: exportInvoices });
}
