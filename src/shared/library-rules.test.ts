import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UNITS } from "./documents/lines";
import { LIBRARY_CATEGORIES, type OuvragePart, priceOuvrage } from "./library-rules";
import { lineAmount } from "./money";

const tiles: OuvragePart = {
  quantity: 1.05,
  unit_price_cents: 3250,
  cost_price_cents: 2140,
  category: "fourniture",
  unit: "m²",
};
const glue: OuvragePart = {
  quantity: 5,
  unit_price_cents: 120,
  cost_price_cents: 80,
  category: "fourniture",
  unit: "kg",
};
const labour: OuvragePart = {
  quantity: 0.75,
  unit_price_cents: 4500,
  cost_price_cents: 3000,
  category: "main_oeuvre",
  unit: "heure",
};

describe("priceOuvrage", () => {
  it("sums its parts, each rounded to the cent as a quote line is", () => {
    expect(priceOuvrage({ parts: [tiles, glue, labour], pricing: "parts" })).toEqual({
      cost_cents: 2247 + 400 + 2250,
      sale_cents: 3413 + 600 + 3375, // 1.05 × 32.50 = 34.125 → 34.13
      parts_sale_cents: 3413 + 600 + 3375,
      labour_hours: 0.75,
    });
  });

  it("sells at cost × coefficient (4 decimals), or at the forced price whatever its parts", () => {
    expect(priceOuvrage({ parts: [tiles, glue, labour], pricing: "coefficient", coefficient: 1.5 }).sale_cents).toBe(
      7346,
    );
    expect(priceOuvrage({ parts: [tiles], pricing: "coefficient", coefficient: 1.3333 }).sale_cents).toBe(2996); // 2247 × 1.3333 = 2995.93
    const forced = priceOuvrage({ parts: [tiles, glue], pricing: "forced", forced_price_cents: 9900 });
    expect(forced).toMatchObject({ sale_cents: 9900, cost_cents: 2647, parts_sale_cents: 4013 });
  });

  it("counts as labour time only the labour parts counted in hours", () => {
    const dayOfLabour: OuvragePart = { ...labour, unit: "jour", quantity: 1 };
    const subcontracted: OuvragePart = { ...labour, category: "sous_traitance", quantity: 2 };
    expect(
      priceOuvrage({ parts: [labour, dayOfLabour, subcontracted, { ...labour, quantity: 0.5 }], pricing: "parts" })
        .labour_hours,
    ).toBe(1.25);
  });

  it("property: the cost is the sum of the parts' rounded amounts, and the order of the parts changes nothing", () => {
    const part = fc.record({
      quantity: fc.integer({ min: 1, max: 1_000_000 }).map((milli) => milli / 1000),
      unit_price_cents: fc.integer({ min: 0, max: 1_000_000 }),
      cost_price_cents: fc.integer({ min: 0, max: 1_000_000 }),
      category: fc.constantFrom(...LIBRARY_CATEGORIES),
      unit: fc.constantFrom(...UNITS),
    });
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 12 }), (parts) => {
        const price = priceOuvrage({ parts, pricing: "parts" });
        expect(price.cost_cents).toBe(parts.reduce((sum, p) => sum + lineAmount(p.quantity, p.cost_price_cents), 0));
        expect(Number.isInteger(price.sale_cents)).toBe(true);
        expect(priceOuvrage({ parts: [...parts].reverse(), pricing: "parts" })).toEqual(price);
      }),
    );
  });

  it("property: a coefficient of 1 sells at cost; a higher one never sells below it", () => {
    const part = fc.record({
      quantity: fc.integer({ min: 1, max: 100_000 }).map((milli) => milli / 1000),
      unit_price_cents: fc.integer({ min: 0, max: 100_000 }),
      cost_price_cents: fc.integer({ min: 0, max: 100_000 }),
      category: fc.constantFrom(...LIBRARY_CATEGORIES),
      unit: fc.constantFrom(...UNITS),
    });
    fc.assert(
      fc.property(
        fc.array(part, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 10_000, max: 50_000 }),
        (parts, c) => {
          const atCost = priceOuvrage({ parts, pricing: "coefficient", coefficient: 1 });
          expect(atCost.sale_cents).toBe(atCost.cost_cents);
          const marked = priceOuvrage({ parts, pricing: "coefficient", coefficient: c / 10_000 });
          expect(marked.sale_cents).toBeGreaterThanOrEqual(marked.cost_cents);
        },
      ),
    );
  });
});
