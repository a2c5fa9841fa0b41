import { csvNumber, toCsv } from "@shared/csv";
import { storedHtAfterDiscount } from "@shared/documents";
import { formatDate } from "@shared/format";
import { fromCents } from "@shared/money";
import { QUOTE_STATUS_LABELS } from "@shared/quote-rules";
import type { Quote } from "@shared/quotes";

/**
 * « Exporter la sélection » of the quotes' table (docs/domain/quotes.md#as-a-table): the ticked quotes
 * as the table shows them, written by the one CSV writer (ADR 0022: texts neutralised, amounts figures).
 * Loaded when first used, not with the list.
 */
export function quotesCsv(quotes: readonly Quote[]): string {
  return toCsv([
    ["Référence", "Objet", "Client", "Date", "Valable jusqu’au", "Statut", "Total HT", "TVA", "Total TTC"],
    ...quotes.map((quote) => [
      quote.reference,
      quote.name,
      quote.client.name,
      formatDate(quote.date),
      quote.valid_until ? formatDate(quote.valid_until) : "",
      QUOTE_STATUS_LABELS[quote.status],
      csvNumber(fromCents(storedHtAfterDiscount(quote)), 2),
      csvNumber(quote.tax_amount, 2),
      csvNumber(quote.total, 2),
    ]),
  ]);
}
