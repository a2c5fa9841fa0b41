import { depositRates } from "@shared/invoice-figures";
import { fromCents, toCents } from "@shared/money";
import type { Quote } from "@shared/quotes";
import { readNumber } from "@web/components/document-lines/line-fields";

/** A deposit is asked as a share of the quote's total or as an amount TTC (docs/domain/invoices.md#deposits). */
export type DepositMode = "percentage" | "amount";

/** What the dialog proposes first: 30 % of the quote, the usual deposit at signature. */
export const DEFAULT_DEPOSIT_PERCENTAGE = 30;

export interface DepositFigures {
  /** Euros: HT, VAT, TTC, split over the quote's VAT rates as the server splits them. */
  net: number;
  tax: number;
  total: number;
}

/**
 * The deposit the server will invoice for `value` typed in `mode` (docs/domain/invoices.md#deposits:
 * the server's own rule, `depositRates`). Null while the value is not a deposit:
 * 0 or less, a percentage above 100, an amount above the quote's total.
 */
export function depositFigures(
  quote: Pick<Quote, "total" | "vat_breakdown">,
  mode: DepositMode,
  value: string,
): DepositFigures | null {
  const typed = readNumber(value);
  const quoteTotal = toCents(quote.total);
  if (typed <= 0 || quoteTotal <= 0) return null;
  const wanted = mode === "percentage" ? typed * 100 : toCents(typed);
  if (wanted > (mode === "percentage" ? 10_000 : quoteTotal)) return null;
  const rates = depositRates(
    quote.vat_breakdown.map((v) => ({ rate: v.rate, net: toCents(v.net), tax: toCents(v.tax) })),
    quoteTotal,
    mode === "percentage" ? { percentage: typed } : { amount: typed },
  );
  if (!rates) return null;
  const net = rates.reduce((sum, r) => sum + r.net, 0);
  const tax = rates.reduce((sum, r) => sum + r.tax, 0);
  return { net: fromCents(net), tax: fromCents(tax), total: fromCents(net + tax) };
}

/** The body of POST /api/invoices/deposit/:quoteId: the one figure typed. */
export function depositBody(mode: DepositMode, value: string): { percentage: number } | { amount: number } {
  const figure = readNumber(value);
  return mode === "percentage" ? { percentage: figure } : { amount: figure };
}
