import { describe, expect, it } from "vitest";
import { depositByRate, totalOf } from "./invoice-rules";
import { computeTotals } from "./money";

/** A seeded generator: the same cases on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe("a deposit of an amount", () => {
  it("is the amount asked to the cent, or one cent under it when VAT rounding skips that amount", () => {
    const next = random(14);
    const rates = [20, 10, 5.5];
    let exact = 0;
    const cases = 2000;
    for (let n = 0; n < cases; n++) {
      const items = Array.from({ length: 1 + Math.floor(next() * 4) }, () => ({
        quantity: 1 + Math.floor(next() * 5),
        unit_price: Math.round(next() * 200_000) / 100 + 1,
        tax_rate: rates[Math.floor(next() * rates.length)] ?? 20,
      }));
      const quote = computeTotals({ items });
      const asked = 100 + Math.floor(next() * (quote.total - 100));
      const deposit = depositByRate(quote.vat, BigInt(asked), BigInt(quote.total), asked);
      const invoiced = totalOf(deposit);
      expect(invoiced).toBeLessThanOrEqual(asked);
      expect(asked - invoiced).toBeLessThanOrEqual(1);
      // Each rate's tax stays the tax of its base, as every invoice's.
      for (const r of deposit) expect(r.tax).toBe(Math.round((r.net * r.rate) / 100));
      if (invoiced === asked) exact += 1;
    }
    // Most amounts are reachable exactly (at 20 %, one cent in six is not).
    expect(exact / cases).toBeGreaterThan(0.8);
  });

  it("splits 1 500 € over a quote at 20 % as 1 250 € HT and 250 € of VAT", () => {
    const quote = computeTotals({ items: [{ quantity: 1, unit_price: 5000, tax_rate: 20 }] });
    expect(depositByRate(quote.vat, 150_000n, BigInt(quote.total), 150_000)).toEqual([
      { rate: 20, net: 125_000, tax: 25_000 },
    ]);
  });
});
