import { csvNumber, toCsv } from "@shared/csv";
import { formatDate } from "@shared/format";
import { INVOICE_DISPLAY_LABELS, INVOICE_KIND_LABELS, invoiceDisplayState } from "@shared/invoice-rules";
import type { InvoiceRow } from "@shared/invoices";

/**
 * « Exporter la sélection » of the invoices' table (docs/domain/invoices.md#as-a-table): the ticked
 * documents as the table shows them, written by the one CSV writer (ADR 0022: texts neutralised, amounts
 * figures). Loaded when first used, not with the list.
 */
export function invoicesCsv(invoices: readonly InvoiceRow[]): string {
  return toCsv([
    ["Référence", "Type", "Objet", "Client", "Date", "Échéance", "Statut", "Total HT", "TVA", "Total TTC", "Reste dû"],
    ...invoices.map((invoice) => [
      invoice.reference,
      INVOICE_KIND_LABELS[invoice.kind],
      invoice.name,
      invoice.client_name,
      formatDate(invoice.date),
      invoice.due_date ? formatDate(invoice.due_date) : "",
      INVOICE_DISPLAY_LABELS[invoiceDisplayState(invoice)],
      csvNumber(invoice.subtotal, 2),
      csvNumber(invoice.tax_amount, 2),
      csvNumber(invoice.total, 2),
      csvNumber(invoice.balance_due, 2),
    ]),
  ]);
}
