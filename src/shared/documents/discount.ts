/**
 * The one discount rule of a commercial document (ADR 0002), zod-free and without imports (`money.ts`
 * computes the totals with it): one discount applies — a percentage above 0, otherwise the fixed
 * amount — never above the subtotal, and « Total HT après remise » is the subtotal less it.
 */

/** Percent with 2 decimals → hundredths of a percent. */
const toBasisPoints = (percent: number) => Math.round(percent * 100);

/**
 * One discount applies: a percentage above 0, otherwise the fixed amount; the one that does not apply
 * is 0. The only statement of this rule: the totals (`computeTotals`) and the documents' input schemas
 * (which store what it returns) both go through it.
 */
export function applicableDiscount(input: {
  discount_percentage?: number | null | undefined;
  discount_amount?: number | null | undefined;
}): { discount_percentage: number; discount_amount: number } {
  const percentage = input.discount_percentage ?? 0;
  return toBasisPoints(percentage) > 0
    ? { discount_percentage: percentage, discount_amount: 0 }
    : { discount_percentage: 0, discount_amount: input.discount_amount ?? 0 };
}

/**
 * « Total HT après remise » in cents: the subtotal HT less the discount granted, both in cents. The
 * one derivation of that figure (the totals, the screens, the PDF, the Factur-X XML, the margin and the
 * quotes' figures all read it from here).
 */
export const htAfterDiscount = (cents: { subtotal: number; discount: number }): number =>
  cents.subtotal - cents.discount;
