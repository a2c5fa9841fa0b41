import { formatPercent } from "../format";
import { toCents } from "../money";
import { htAfterDiscount } from "./discount";

/**
 * The totals of a commercial document as every reader shows them (docs/domain/money.md#where-each-figure-is-derived):
 * the figures derived from the stored ones (ADR 0002: the server computes and stores the totals; a
 * reader derives what is not stored — « Total HT après remise », « Reste HT », the whole work's VAT and
 * TTC of a final invoice — here and nowhere else), in integer cents, and the labelled rows the screens
 * print. Zod-free: the web's pages import it. Formatting (euros, deductions) stays with the callers.
 */

/** The totals as stored and answered by the API (euros): a quote's, an invoice's, a credit note's. */
export interface StoredTotals {
  subtotal: number;
  /** The discount granted (euros, 0 when none). */
  discount: number;
  /** The percentage it was asked as (0: a fixed amount, or none): the label « Remise (10 %) ». */
  discount_percentage?: number;
  vat_breakdown: readonly { rate: number; net: number; tax: number }[];
  /** This document's VAT (a final invoice's: after its deposits). */
  tax_amount: number;
  /** This document's TTC (a final invoice's: what remains due after its deposits). */
  total: number;
  /** An invoice's kind: a credit note's grand row is « Montant de l’avoir TTC ». */
  kind?: string;
  /** A final invoice: the deposits it deducts (euros) and the deposit invoices. */
  deposits_net?: number;
  deposits_tax?: number;
  deposits?: readonly unknown[];
}

/** The figures of a document in cents: the stored ones and those derived from them. */
export interface DocumentFigures {
  /** « Total HT », before the discount. */
  subtotal: number;
  /** « Remise ». */
  discount: number;
  /** « Total HT après remise » (BT-109 of the Factur-X XML). */
  net: number;
  /** The deposits deducted, HT, VAT and TTC (BT-113: the TTC). */
  deposits_net: number;
  deposits_tax: number;
  deposits: number;
  /** « Reste HT »: HT after the discount, less the deposits. */
  remaining: number;
  /** This document's VAT and TTC (« Total TVA », « Total TTC » / « Net à payer TTC »; BT-115: the TTC). */
  tax: number;
  total: number;
  /** The whole work's VAT and TTC, deposits not deducted (BT-110, BT-112); this document's when none. */
  whole_tax: number;
  whole_total: number;
}

/** A final invoice that deducts deposits already invoiced (docs/domain/invoices.md#final-invoice). */
export const deductsDeposits = (stored: Pick<StoredTotals, "deposits" | "deposits_net">): boolean =>
  (stored.deposits?.length ?? 0) > 0 || (stored.deposits_net ?? 0) > 0;

/** « Total HT après remise » (cents) of stored totals (euros). */
export const storedHtAfterDiscount = (stored: Pick<StoredTotals, "subtotal" | "discount">): number =>
  htAfterDiscount({ subtotal: toCents(stored.subtotal), discount: toCents(stored.discount) });

/** Every figure of a document in integer cents, from its stored figures (euros). */
export function documentFigures(stored: Omit<StoredTotals, "vat_breakdown">): DocumentFigures {
  const subtotal = toCents(stored.subtotal);
  const discount = toCents(stored.discount);
  const net = htAfterDiscount({ subtotal, discount });
  const depositsNet = toCents(stored.deposits_net ?? 0);
  const depositsTax = toCents(stored.deposits_tax ?? 0);
  const tax = toCents(stored.tax_amount);
  const total = toCents(stored.total);
  return {
    subtotal,
    discount,
    net,
    deposits_net: depositsNet,
    deposits_tax: depositsTax,
    deposits: depositsNet + depositsTax,
    remaining: net - depositsNet,
    tax,
    total,
    whole_tax: tax + depositsTax,
    whole_total: total + depositsNet + depositsTax,
  };
}

/** The labels of the totals, as the screens and the PDFs print them. */
export const TOTALS_LABELS = {
  subtotal: "Total HT",
  net: "Total HT après remise",
  deposits: "Acomptes déjà facturés HT",
  remaining: "Reste HT",
  tax: "Total TVA",
  total: "Total TTC",
  netDue: "Net à payer TTC",
  /** A credit note's total, on its page as on its PDF (« Montant de l'avoir »). */
  creditNote: "Montant de l’avoir TTC",
} as const;

/** « Remise (10 %) » for a percentage, « Remise » for a fixed amount (screens, PDF, Factur-X reason). */
export const discountLabel = (percentage: number | undefined): string =>
  percentage !== undefined && percentage > 0 ? `Remise (${formatPercent(percentage)})` : "Remise";

/** « TVA 20 % ». */
export const vatLabel = (rate: number): string => `TVA ${formatPercent(rate)}`;

export type TotalsRowKey = "subtotal" | "discount" | "net" | "deposits" | "remaining" | `vat-${number}` | "tax";

/** A row of the totals: amounts in integer cents. */
export interface TotalsRow {
  key: TotalsRowKey;
  label: string;
  /** Cents; a deduction's amount is positive (the caller prints it « − 100,00 € »). */
  amount: number;
  /** A VAT rate's row: its rate and its taxable base (cents), « TVA 20 % sur 400,00 € ». */
  vat?: { rate: number; base: number };
  /** `deduction`: an amount taken off (discount, deposits); `muted`: a VAT rate's detail. */
  tone?: "muted" | "deduction";
}

export interface TotalsRows {
  rows: TotalsRow[];
  /** The last row, highlighted: « Total TTC », « Net à payer TTC » or « Montant de l’avoir TTC » (cents). */
  grand: { key: "total"; label: string; amount: number };
  /** The figures the rows are made of (cents). */
  figures: DocumentFigures;
}

/**
 * The totals of a document as the server stored them (ADR 0002: read, never re-derived but here), in the
 * order an accountant reads them: Total HT; the discount and « Total HT après remise » when there is one;
 * for a final invoice the deposits already invoiced (HT) and « Reste HT »; VAT per rate on its base; Total
 * TVA; then « Total TTC » — « Net à payer TTC » when deposits are deducted (what the client still owes),
 * « Montant de l’avoir TTC » for a credit note (issue 32: never « Net à payer »).
 */
export function totalsRows(stored: StoredTotals): TotalsRows {
  const figures = documentFigures(stored);
  const rows: TotalsRow[] = [{ key: "subtotal", label: TOTALS_LABELS.subtotal, amount: figures.subtotal }];
  if (figures.discount > 0) {
    rows.push({
      key: "discount",
      label: discountLabel(stored.discount_percentage),
      amount: figures.discount,
      tone: "deduction",
    });
    rows.push({ key: "net", label: TOTALS_LABELS.net, amount: figures.net });
  }
  const deposits = deductsDeposits(stored);
  if (deposits) {
    rows.push({ key: "deposits", label: TOTALS_LABELS.deposits, amount: figures.deposits_net, tone: "deduction" });
    rows.push({ key: "remaining", label: TOTALS_LABELS.remaining, amount: figures.remaining });
  }
  for (const vat of stored.vat_breakdown) {
    rows.push({
      key: `vat-${vat.rate}`,
      label: vatLabel(vat.rate),
      amount: toCents(vat.tax),
      vat: { rate: vat.rate, base: toCents(vat.net) },
      tone: "muted",
    });
  }
  rows.push({ key: "tax", label: TOTALS_LABELS.tax, amount: figures.tax });
  // A credit note repeats the invoice it cancels, deductions included: its total is what it credits.
  const label =
    stored.kind === "credit_note" ? TOTALS_LABELS.creditNote : deposits ? TOTALS_LABELS.netDue : TOTALS_LABELS.total;
  return { rows, grand: { key: "total", label, amount: figures.total }, figures };
}
