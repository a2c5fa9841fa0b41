import { deductsDeposits, totalsRows as documentTotalsRows, type StoredTotals } from "@shared/documents";
import { formatDeduction, formatEuro } from "@shared/format";
import { fromCents } from "@shared/money";

export { deductsDeposits };

export interface TotalsRow {
  key: string;
  label: string;
  /** « sur 1 200,00 € »: the base of a VAT rate. */
  hint?: string;
  value: string;
  tone?: "muted" | "deduction";
}

/**
 * The totals of a document as the server stored them, written for the screen: the rows, labels and
 * figures are the shared `totalsRows` (src/shared/documents/totals.ts, in cents: the PDF's and the
 * Factur-X XML's), formatted here — a deduction « − 100,00 € », a VAT rate « sur » its base.
 */
export function totalsRows(invoice: StoredTotals): { rows: TotalsRow[]; grandLabel: string; grandValue: string } {
  const totals = documentTotalsRows(invoice);
  return {
    rows: totals.rows.map((row) => ({
      key: row.key,
      label: row.label,
      ...(row.vat && { hint: `sur ${formatEuro(fromCents(row.vat.base))}` }),
      value: row.tone === "deduction" ? formatDeduction(fromCents(row.amount)) : formatEuro(fromCents(row.amount)),
      ...(row.tone && { tone: row.tone }),
    })),
    grandLabel: totals.grand.label,
    grandValue: formatEuro(fromCents(totals.grand.amount)),
  };
}
