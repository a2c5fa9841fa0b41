import { fromCents, isPricedLine, type Totals, type TotalsLineInput } from "../money";

/**
 * The lines of a commercial document (a quote, an invoice, a deposit invoice, a credit note — and the
 * kinds to come): what a line may be, its units, its VAT rates and the subtotal of each section. Zod-free
 * (a list page may import it); the line's input schema is `./line-schema.ts`.
 */

/**
 * A line's kind (docs/domain/quotes.md#line-kinds): a priced line (article or ouvrage, from the library
 * or typed), a section heading (« lot ») whose subtotal HT is shown and printed, or a text line without
 * amount. Lines sent without a kind are priced lines (the spec's API).
 */
export const LINE_KINDS = ["item", "section", "text"] as const;
export type LineKind = (typeof LINE_KINDS)[number];

/** Units (docs/domain/quotes.md#form-rules). */
export const UNITS = ["unité", "heure", "jour", "m²", "m", "ml", "kg", "forfait"] as const;
export type Unit = (typeof UNITS)[number];

/**
 * The VAT rates in force in metropolitan France (0: a line without VAT, category Z, or E / AE under the
 * franchise or reverse charge: docs/domain/einvoicing.md#vat-categories). A line carries one of them or
 * one of the company's own (`extra_tax_rates`, docs/decisions/0020-vat-rates.md).
 */
export const VAT_RATES = [20, 10, 5.5, 2.1, 0] as const;
/** At most this many rates of its own per company (Corsica or overseas: a handful). */
export const EXTRA_TAX_RATES_MAX = 10;

/** The rates a company's lines may carry: those in force and its own, highest first. */
export function allowedTaxRates(extra: readonly number[] = []): number[] {
  return [...new Set<number>([...VAT_RATES, ...extra])].sort((a, b) => b - a);
}

/** Whether `rate` is one of `allowed` (rates are compared to the hundredth, as stored). */
export const isAllowedTaxRate = (rate: number, allowed: readonly number[]): boolean =>
  allowed.some((r) => Math.round(r * 100) === Math.round(rate * 100));

/** « 20, 10, 5,5, 2,1 ou 0 » (French decimal commas). */
export function taxRatesList(rates: readonly number[]): string {
  const words = rates.map((r) => String(r).replace(".", ","));
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} ou ${words.at(-1)}` : (words[0] ?? "");
}

/**
 * Each section heading's subtotal HT (cents) at its index, 0 elsewhere: the amounts of the priced
 * lines that follow it, up to the next heading (docs/domain/quotes.md#line-kinds).
 */
export function sectionSubtotals(items: readonly Pick<TotalsLineInput, "kind">[], lineSubtotals: readonly number[]) {
  const result = items.map(() => 0);
  let current = -1;
  items.forEach((item, index) => {
    if (item.kind === "section") current = index;
    else if (current >= 0 && isPricedLine(item)) result[current] = (result[current] ?? 0) + (lineSubtotals[index] ?? 0);
  });
  return result;
}

/** A line's figures as stored and answered (euros). */
export interface StoredLineFigures {
  subtotal: number;
  tax_amount: number;
  total: number;
}

/**
 * Each line's stored figures (euros) from the totals computed over them (`computeTotals`, cents): a
 * priced line its HT, VAT and TTC; a section heading its section's subtotal HT (never counted again:
 * the totals read priced lines only), its VAT and TTC 0; a text line 0.
 */
export function storedLineFigures(
  items: readonly Pick<TotalsLineInput, "kind">[],
  totals: Pick<Totals, "lines">,
): StoredLineFigures[] {
  const sections = sectionSubtotals(
    items,
    totals.lines.map((l) => l.subtotal),
  );
  return totals.lines.map((line, index) =>
    items[index]?.kind === "section"
      ? { subtotal: fromCents(sections[index] ?? 0), tax_amount: 0, total: 0 }
      : { subtotal: fromCents(line.subtotal), tax_amount: fromCents(line.tax), total: fromCents(line.total) },
  );
}
