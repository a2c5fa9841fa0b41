import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applicableDiscount, computeTotals, fromCents, marginOf, toCents } from "./money";

describe("computeTotals — worked examples", () => {
  it("a single line at 20 %", () => {
    const t = computeTotals({ items: [{ quantity: 3, unit_price: 45.5, tax_rate: 20 }] });
    expect(t).toMatchObject({ subtotal: 13650, discount: 0, tax_amount: 2730, total: 16380 });
    expect(t.vat).toEqual([{ rate: 20, base: 13650, discount: 0, net: 13650, tax: 2730 }]);
  });

  it("rounds each line half away from zero", () => {
    // 0.333 × 10.05 = 3.34665 € → 3.35 €
    const t = computeTotals({ items: [{ quantity: 0.333, unit_price: 10.05, tax_rate: 0 }] });
    expect(t.lines[0]?.subtotal).toBe(335);
    // 1.5 × 0.01 = 0.015 → 0.02
    expect(computeTotals({ items: [{ quantity: 1.5, unit_price: 0.01, tax_rate: 0 }] }).subtotal).toBe(2);
  });

  it("taxes the base after discount, spread over the rates (the journey's quote)", () => {
    // 20 %: 2 × 150 = 300 ; 10 %: 4 × 37.5 = 150 ; 5.5 %: 10 × 12.34 = 123.40 ; discount 10 %.
    const t = computeTotals({
      items: [
        { quantity: 2, unit_price: 150, tax_rate: 20 },
        { quantity: 4, unit_price: 37.5, tax_rate: 10 },
        { quantity: 10, unit_price: 12.34, tax_rate: 5.5 },
      ],
      discount_percentage: 10,
    });
    expect(t.subtotal).toBe(57340);
    expect(t.discount).toBe(5734);
    // Shares: 10 % → round(5734 × 15000 / 57340) = 1500 ; 5.5 % → round(5734 × 12340 / 57340) = 1234 ;
    // 20 % (largest base) takes the rest: 3000.
    expect(t.vat).toEqual([
      { rate: 20, base: 30000, discount: 3000, net: 27000, tax: 5400 },
      { rate: 10, base: 15000, discount: 1500, net: 13500, tax: 1350 },
      { rate: 5.5, base: 12340, discount: 1234, net: 11106, tax: 611 },
    ]);
    expect(t.tax_amount).toBe(7361);
    expect(t.total).toBe(57340 - 5734 + 7361);
  });

  it("uses the fixed amount only when the percentage is 0, and never discounts below zero", () => {
    const items = [{ quantity: 1, unit_price: 100, tax_rate: 20 }];
    expect(computeTotals({ items, discount_amount: 15 }).discount).toBe(1500);
    expect(computeTotals({ items, discount_percentage: 5, discount_amount: 15 }).discount).toBe(500);
    expect(computeTotals({ items, discount_amount: 250 })).toMatchObject({ discount: 10000, tax_amount: 0, total: 0 });
  });

  it("applies one discount: a percentage above 0 (the amount becomes 0), else the amount", () => {
    expect(applicableDiscount({ discount_percentage: 5, discount_amount: 15 })).toEqual({
      discount_percentage: 5,
      discount_amount: 0,
    });
    expect(applicableDiscount({ discount_percentage: 0, discount_amount: 15 })).toEqual({
      discount_percentage: 0,
      discount_amount: 15,
    });
    expect(applicableDiscount({})).toEqual({ discount_percentage: 0, discount_amount: 0 });
  });

  it("breaks ties between equal bases by the higher rate", () => {
    const t = computeTotals({
      items: [
        { quantity: 1, unit_price: 100, tax_rate: 10 },
        { quantity: 1, unit_price: 100, tax_rate: 20 },
        { quantity: 1, unit_price: 100, tax_rate: 5.5 },
      ],
      discount_amount: 0.1,
    });
    // 10 cents: 5.5 % and 10 % get round(10/3) = 3 each, 20 % (tie, higher rate) takes 4.
    expect(t.vat.map((v) => [v.rate, v.discount])).toEqual([
      [20, 4],
      [10, 3],
      [5.5, 3],
    ]);
  });

  it("handles an empty quote and VAT-free lines", () => {
    expect(computeTotals({ items: [] })).toEqual({
      lines: [],
      subtotal: 0,
      discount: 0,
      vat: [],
      tax_amount: 0,
      total: 0,
    });
    expect(computeTotals({ items: [{ quantity: 2, unit_price: 80, tax_rate: 0 }] }).tax_amount).toBe(0);
  });

  it("converts between euros and cents without drift", () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
    expect(fromCents(1999)).toBe(19.99);
  });
});

const money = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => c / 100);
const line = fc.record({
  quantity: fc.integer({ min: 1, max: 10_000_000 }).map((m) => m / 1000),
  unit_price: money(100_000),
  tax_rate: fc.constantFrom(0, 2.1, 5.5, 10, 20),
});
const quote = fc.record({
  items: fc.array(line, { minLength: 0, maxLength: 30 }),
  discount_percentage: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 0, max: 10_000 }).map((b) => b / 100),
  ),
  discount_amount: money(50_000),
});

describe("computeTotals — properties over thousands of random quotes", () => {
  it("keeps every amount an integer number of cents and the identities exact", () => {
    fc.assert(
      fc.property(quote, (q) => {
        const t = computeTotals(q);
        const all = [
          t.subtotal,
          t.discount,
          t.tax_amount,
          t.total,
          ...t.lines.flatMap((l) => [l.subtotal, l.tax, l.total]),
        ];
        for (const v of t.vat) all.push(v.base, v.discount, v.net, v.tax);
        for (const amount of all) expect(Number.isSafeInteger(amount)).toBe(true);
        // On the wire (euros) every amount has at most 2 decimals.
        for (const amount of all) expect(Math.round(fromCents(amount) * 100)).toBe(amount);

        expect(t.subtotal).toBe(t.lines.reduce((s, l) => s + l.subtotal, 0));
        expect(t.total).toBe(t.subtotal - t.discount + t.vat.reduce((s, v) => s + v.tax, 0));
        expect(t.vat.reduce((s, v) => s + v.base, 0)).toBe(t.subtotal);
        expect(t.vat.reduce((s, v) => s + v.discount, 0)).toBe(t.discount);
        expect(t.discount).toBeGreaterThanOrEqual(0);
        expect(t.discount).toBeLessThanOrEqual(t.subtotal);
        for (const v of t.vat) {
          expect(v.net).toBeGreaterThanOrEqual(0);
          expect(v.net).toBe(v.base - v.discount);
        }
      }),
      { numRuns: 3000 },
    );
  }, 60_000);

  it("without a discount, taxes each rate on the sum of its rounded lines", () => {
    // Independent check in plain integer arithmetic (no shared helper): half-up on positive values.
    const halfUp = (num: bigint, den: bigint) => (num * 2n + den) / (den * 2n);
    fc.assert(
      fc.property(quote, (q) => {
        const t = computeTotals({ items: q.items });
        for (const v of t.vat) {
          const base = q.items
            .filter((i) => i.tax_rate === v.rate)
            .reduce(
              (s, i) =>
                s + halfUp(BigInt(Math.round(i.quantity * 1000)) * BigInt(Math.round(i.unit_price * 100)), 1000n),
              0n,
            );
          expect(v.base).toBe(Number(base));
          expect(v.tax).toBe(Number(halfUp(base * BigInt(Math.round(v.rate * 100)), 10_000n)));
        }
      }),
      { numRuns: 1000 },
    );
  }, 60_000);
});

describe("marginOf", () => {
  it("is the sale price minus the cost, and its share of the sale price (« taux de marque »)", () => {
    expect(marginOf(10_000, 7_000)).toEqual({ amount_cents: 3_000, rate: 30 });
    expect(marginOf(7_388, 4_897)).toEqual({ amount_cents: 2_491, rate: 33.72 });
    expect(marginOf(5_000, 6_000)).toEqual({ amount_cents: -1_000, rate: -20 });
    expect(marginOf(0, 1_200)).toEqual({ amount_cents: -1_200, rate: null });
  });
});
