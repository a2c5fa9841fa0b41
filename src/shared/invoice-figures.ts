import { storedLineFigures } from "./documents/lines";
import { depositByRate, finalInvoiceFigures, type RateAmounts } from "./invoice-rules";
import { computeTotals, fromCents, isPricedLine, type TotalsLineInput, toCents } from "./money";

/**
 * The figures an invoice is stored with (docs/domain/invoices.md#figures), computed by the server from
 * its lines with the quotes' one totals function, then, for a final invoice, the deposits deducted per
 * rate. Pure, no zod: the server stores them, the tests recompute them.
 */

/** VAT per rate in euros, as `vat_breakdown` stores it. */
export interface StoredVat {
  rate: number;
  net: number;
  tax: number;
}

export interface InvoiceFigures {
  /** Each line's stored figures (euros): a heading carries its section's subtotal HT, a text 0. */
  lines: { subtotal: number; tax_amount: number; total: number }[];
  subtotal: number;
  discount: number;
  deposits_net: number;
  deposits_tax: number;
  tax_amount: number;
  /** What the client owes on this invoice: subtotal − discount − deposits + VAT. */
  total: number;
  vat_breakdown: StoredVat[];
}

/**
 * The lines at VAT 0 (a company under VAT franchise, a reverse-charge invoice: docs/domain/invoices.md#vat):
 * every priced line's rate becomes 0, the others are untouched.
 */
export function withoutVat<T extends Pick<TotalsLineInput, "kind" | "tax_rate">>(items: readonly T[]): T[] {
  return items.map((item) => (isPricedLine(item) ? { ...item, tax_rate: 0 } : item));
}

/** A stored breakdown (euros) in cents. */
export const vatInCents = (vat: readonly StoredVat[]): RateAmounts[] =>
  vat.map((v) => ({ rate: v.rate, net: toCents(v.net), tax: toCents(v.tax) }));

/**
 * An invoice's figures from its lines and discount, minus `deposits` (each a deposit invoice's VAT per
 * rate, in cents) when it is a final invoice. `null` when the deposits exceed the lines at some rate.
 */
export function invoiceFigures(
  input: { items: readonly TotalsLineInput[]; discount_percentage: number; discount_amount: number },
  deposits: readonly (readonly RateAmounts[])[] = [],
): InvoiceFigures | null {
  const totals = computeTotals(input);
  const final = finalInvoiceFigures(totals, deposits);
  if (!final) return null;
  return {
    lines: storedLineFigures(input.items, totals),
    subtotal: fromCents(final.subtotal),
    discount: fromCents(final.discount),
    deposits_net: fromCents(final.deposits_net),
    deposits_tax: fromCents(final.deposits_tax),
    tax_amount: fromCents(final.tax_amount),
    total: fromCents(final.total),
    vat_breakdown: final.vat.map((v) => ({ rate: v.rate, net: fromCents(v.net), tax: fromCents(v.tax) })),
  };
}

/**
 * A deposit's VAT per rate (cents) on a quote whose VAT is `quoteVat` and total `quoteTotal` (cents)
 * (docs/domain/invoices.md#deposits): `percentage` p is the fraction p/100; an `amount` A TTC the
 * fraction A/total, the largest rate's base nudged so that the deposit is A to the cent, or one cent under
 * it when the VAT's rounding skips A (`depositByRate`). Rates whose share is 0
 * are left out. `null` when the quote has nothing to invoice.
 */
export function depositRates(
  quoteVat: readonly RateAmounts[],
  quoteTotal: number,
  deposit: { percentage?: number | undefined; amount?: number | undefined },
): RateAmounts[] | null {
  if (quoteTotal <= 0) return null;
  const rates =
    deposit.amount !== undefined
      ? depositByRate(quoteVat, BigInt(toCents(deposit.amount)), BigInt(quoteTotal), toCents(deposit.amount))
      : depositByRate(quoteVat, BigInt(Math.round((deposit.percentage ?? 0) * 100)), 10_000n);
  return rates.filter((r) => r.net !== 0 || r.tax !== 0);
}
