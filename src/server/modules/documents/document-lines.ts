import type { InvoiceItemInput } from "@shared/invoices";

/**
 * A stored line of any kind as a line to write again or to show elsewhere: its kind, words and
 * figures as written, nothing else (never a quote's cost): an invoice made from a quote, the page a
 * client signs.
 */
export const lineAsWritten = (item: InvoiceItemInput): InvoiceItemInput => ({
  kind: item.kind,
  name: item.name,
  description: item.description,
  quantity: item.quantity,
  unit: item.unit,
  unit_price: item.unit_price,
  tax_rate: item.tax_rate,
});
