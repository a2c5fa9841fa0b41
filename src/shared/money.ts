/**
 * Money (docs/decisions/0002-money.md): integer cents, quantities in thousandths,
 * rates in hundredths of a percent, rounding half away from zero, VAT on the base after discount
 * with a breakdown per rate. One function for the form, the API and the PDF.
 */

export interface TotalsLineInput {
  /**
   * A quote's line kind (docs/domain/quotes.md#line-kinds): only priced lines ("item", the default)
   * count; a section heading or a text line never changes a total.
   */
  kind?: string;
  /** Quantity, up to 3 decimals. */
  quantity: number;
  /** Unit price in euros excluding VAT, up to 2 decimals. */
  unit_price: number;
  /** VAT rate in percent, up to 2 decimals (20, 10, 5.5, 2.1, 0). */
  tax_rate: number;
}

export interface TotalsInput {
  items: readonly TotalsLineInput[];
  /** Discount in percent (0–100, 2 decimals); when 0, `discount_amount` applies. */
  discount_percentage?: number | null;
  /** Fixed discount in euros, used only when the percentage is 0. */
  discount_amount?: number | null;
}

export interface VatBreakdown {
  /** Rate in percent. */
  rate: number;
  /** Σ line subtotals at this rate, before discount (cents). */
  base: number;
  /** Share of the discount borne by this rate (cents). */
  discount: number;
  /** Taxable base after discount (cents). */
  net: number;
  /** VAT at this rate (cents). */
  tax: number;
}

export interface Totals {
  lines: { subtotal: number; tax: number; total: number }[];
  subtotal: number;
  discount: number;
  vat: VatBreakdown[];
  tax_amount: number;
  total: number;
}

/** a / b rounded half away from zero, on integers (the one rounding of every amount, ADR 0002). */
export function roundDiv(a: bigint, b: bigint): bigint {
  const negative = a < 0n !== b < 0n;
  const absA = a < 0n ? -a : a;
  const absB = b < 0n ? -b : b;
  const q = (absA * 2n + absB) / (absB * 2n);
  return negative ? -q : q;
}

import { applicableDiscount, htAfterDiscount } from "./documents/discount";
import { formatEuro } from "./format";

/** The one discount rule (ADR 0002) lives with the documents; here for the callers of money. */
export { applicableDiscount };

/**
 * The largest amount a money column holds (numeric(12,2)): every amount a body sends (a price, a
 * discount, a payment) and every amount the server computes from it (a line's HT, VAT and TTC, a
 * document's subtotal, VAT and total) stays within it, else 400 (docs/domain/money.md#limits).
 */
export const AMOUNT_MAX = 9_999_999_999.99;
const AMOUNT_MAX_CENTS = 999_999_999_999;

export const MONEY_TEXTS = {
  amountTooLarge: `Montant trop grand (${formatEuro(AMOUNT_MAX)} au maximum)`,
  totalTooLarge: `Le total dépasse ${formatEuro(AMOUNT_MAX)}\u00a0: réduisez les quantités ou les prix`,
} as const;

/** Whether an amount in euros fits a money column (AMOUNT_MAX). */
export const amountFits = (euros: number): boolean => Math.abs(euros) <= AMOUNT_MAX;

/** Whether every amount of `totals` (each line's, the document's) fits a money column (AMOUNT_MAX). */
export function totalsFit(totals: Totals): boolean {
  const fits = (cents: number) => Math.abs(cents) <= AMOUNT_MAX_CENTS;
  return (
    totals.lines.every((l) => fits(l.subtotal) && fits(l.tax) && fits(l.total)) &&
    fits(totals.subtotal) &&
    fits(totals.tax_amount) &&
    fits(totals.total)
  );
}

/** Euros (≤ 2 decimals) → cents. */
export function toCents(euros: number): number {
  return Math.round(euros * 100);
}

/** Cents → euros for the wire and the database (numeric(12,2)). */
export function fromCents(cents: number): number {
  return cents / 100;
}

const toMilli = (quantity: number) => BigInt(Math.round(quantity * 1000));

/** quantity × unit price in cents, rounded once: a line's amount (a quote line, an ouvrage's part, a cost). */
export function lineAmount(quantity: number, priceCents: number): number {
  return Number(roundDiv(toMilli(quantity) * BigInt(priceCents), 1000n));
}

/** Whether a line carries an amount: an item line (a section heading or a text line does not). */
export const isPricedLine = (line: Pick<TotalsLineInput, "kind">): boolean =>
  line.kind === undefined || line.kind === "item";

export interface Margin {
  /** Sale − cost (cents); negative when sold at a loss. */
  amount_cents: number;
  /** Margin over the sale price (« taux de marque »), in percent with 2 decimals; null without a sale price. */
  rate: number | null;
}

/** The margin of a sale price over its cost: amount and rate on the sale price (docs/domain/library.md#margin). */
export function marginOf(saleCents: number, costCents: number): Margin {
  const amount = saleCents - costCents;
  if (saleCents === 0) return { amount_cents: amount, rate: null };
  return { amount_cents: amount, rate: Number(roundDiv(BigInt(amount) * 10_000n, BigInt(saleCents))) / 100 };
}
/** Percent with 2 decimals → hundredths of a percent. */
const toBasisPoints = (percent: number) => BigInt(Math.round(percent * 100));

export function computeTotals(input: TotalsInput): Totals {
  // Every line keeps its place (index i of `lines` is item i); unpriced ones are 0 and have no rate.
  const lines = input.items.map((item) => {
    if (!isPricedLine(item)) return { subtotal: 0n, tax: 0n, rateBp: null };
    const subtotal = BigInt(lineAmount(item.quantity, toCents(item.unit_price)));
    const tax = roundDiv(subtotal * toBasisPoints(item.tax_rate), 10_000n);
    return { subtotal, tax, rateBp: toBasisPoints(item.tax_rate) };
  });
  const subtotal = lines.reduce((sum, l) => sum + l.subtotal, 0n);

  // At most one of the two is not 0.
  const applied = applicableDiscount(input);
  let discount =
    roundDiv(subtotal * toBasisPoints(applied.discount_percentage), 10_000n) + BigInt(toCents(applied.discount_amount));
  if (discount < 0n) discount = 0n;
  if (discount > subtotal) discount = subtotal > 0n ? subtotal : 0n;

  // Bases per rate; the discount is spread in proportion, the largest base takes the remainder.
  const byRate = new Map<bigint, bigint>();
  for (const line of lines) {
    if (line.rateBp !== null) byRate.set(line.rateBp, (byRate.get(line.rateBp) ?? 0n) + line.subtotal);
  }
  const ordered = [...byRate.entries()].sort(([rateA, baseA], [rateB, baseB]) =>
    baseA !== baseB ? (baseB > baseA ? 1 : -1) : rateB > rateA ? 1 : rateB < rateA ? -1 : 0,
  );
  const shares = ordered.map(([, base], index) =>
    index === 0 || subtotal === 0n ? 0n : roundDiv(discount * base, subtotal),
  );
  const othersShare = shares.reduce((sum, s) => sum + s, 0n);
  if (shares.length > 0) shares[0] = discount - othersShare;

  const vat: VatBreakdown[] = ordered.map(([rateBp, base], index) => {
    const share = shares[index] ?? 0n;
    const net = base - share;
    const tax = roundDiv(net * rateBp, 10_000n);
    return {
      rate: Number(rateBp) / 100,
      base: Number(base),
      discount: Number(share),
      net: Number(net),
      tax: Number(tax),
    };
  });
  vat.sort((a, b) => b.rate - a.rate);
  const taxAmount = vat.reduce((sum, v) => sum + v.tax, 0);

  return {
    lines: lines.map((l) => ({ subtotal: Number(l.subtotal), tax: Number(l.tax), total: Number(l.subtotal + l.tax) })),
    subtotal: Number(subtotal),
    discount: Number(discount),
    vat,
    tax_amount: taxAmount,
    total: htAfterDiscount({ subtotal: Number(subtotal), discount: Number(discount) }) + taxAmount,
  };
}
