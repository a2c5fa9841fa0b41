import { formatDeduction, formatEuro, formatPercent } from "@shared/format";
import type { Invoice } from "@shared/invoices";

export interface TotalsRow {
  key: string;
  label: string;
  /** « sur 1 200,00 € »: the base of a VAT rate. */
  hint?: string;
  value: string;
  tone?: "muted" | "deduction";
}

type TotalsSource = Pick<
  Invoice,
  "subtotal" | "discount" | "discount_percentage" | "vat_breakdown" | "tax_amount" | "total" | "deposits_net" | "kind"
> & { deposits: readonly unknown[] };

/** A credit note's total, on its page as on its PDF (« Montant de l'avoir »). */
const CREDIT_NOTE_TOTAL_LABEL = "Montant de l’avoir TTC";

/** A final invoice that deducts deposits already invoiced (docs/domain/invoices.md#final-invoice). */
export const deductsDeposits = (invoice: TotalsSource): boolean =>
  invoice.deposits.length > 0 || invoice.deposits_net > 0;

/**
 * The totals of a document as the server computed them (ADR 0002: read, never re-derived): total HT,
 * the discount, the deposits deducted (HT) for a final invoice, VAT per rate on its base, total VAT,
 * then « Total TTC » — « Net à payer TTC » when deposits are deducted (what the client still owes).
 */
export function totalsRows(invoice: TotalsSource): { rows: TotalsRow[]; grandLabel: string; grandValue: string } {
  const rows: TotalsRow[] = [{ key: "subtotal", label: "Total HT", value: formatEuro(invoice.subtotal) }];
  const net = invoice.subtotal - invoice.discount;
  if (invoice.discount > 0) {
    rows.push({
      key: "discount",
      label: invoice.discount_percentage > 0 ? `Remise (${formatPercent(invoice.discount_percentage)})` : "Remise",
      value: formatDeduction(invoice.discount),
      tone: "deduction",
    });
    rows.push({ key: "net", label: "Total HT après remise", value: formatEuro(net) });
  }
  const deposits = deductsDeposits(invoice);
  if (deposits) {
    rows.push({
      key: "deposits",
      label: "Acomptes déjà facturés HT",
      value: formatDeduction(invoice.deposits_net),
      tone: "deduction",
    });
    rows.push({ key: "remaining", label: "Reste HT", value: formatEuro(net - invoice.deposits_net) });
  }
  for (const vat of invoice.vat_breakdown) {
    rows.push({
      key: `vat-${vat.rate}`,
      label: `TVA ${formatPercent(vat.rate)}`,
      hint: `sur ${formatEuro(vat.net)}`,
      value: formatEuro(vat.tax),
      tone: "muted",
    });
  }
  rows.push({ key: "tax", label: "Total TVA", value: formatEuro(invoice.tax_amount) });
  return {
    rows,
    // A credit note repeats the invoice it cancels, deductions included: its total is what it credits
    // (issue 32: never « Net à payer »).
    grandLabel: invoice.kind === "credit_note" ? CREDIT_NOTE_TOTAL_LABEL : deposits ? "Net à payer TTC" : "Total TTC",
    grandValue: formatEuro(invoice.total),
  };
}
