import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { invoiceFigures } from "../invoice-figures";
import { computeTotals, fromCents } from "../money";
import { quoteTotalsInEuros } from "../quote-rules";
import { documentFigures, type StoredTotals, storedHtAfterDiscount, totalsRows } from "./totals";

const labels = (stored: StoredTotals) => {
  const { rows, grand } = totalsRows(stored);
  return [...rows.map((r) => [r.key, r.label, r.amount]), [grand.key, grand.label, grand.amount]];
};

/** A quote of 1 500 € HT: 500 € at 20 %, 1 000 € at 5,5 %. */
const quote: StoredTotals = {
  vat_breakdown: [
    { rate: 20, net: 500, tax: 100 },
    { rate: 5.5, net: 1000, tax: 55 },
  ],
  subtotal: 1500,
  tax_amount: 155,
  total: 1655,
  discount: 0,
};

describe("totalsRows: the stored figures as every reader prints them, in integer cents", () => {
  it("Total HT, VAT per rate on its base, Total TVA, Total TTC", () => {
    expect(labels(quote)).toEqual([
      ["subtotal", "Total HT", 150_000],
      ["vat-20", "TVA 20\u00a0%", 10_000],
      ["vat-5.5", "TVA 5,5\u00a0%", 5_500],
      ["tax", "Total TVA", 15_500],
      ["total", "Total TTC", 165_500],
    ]);
    expect(totalsRows(quote).rows[1]?.vat).toEqual({ rate: 20, base: 50_000 });
  });

  it("« Total HT après remise » is exact in cents where floating point is not (0.1 + 0.2 − 0.1)", () => {
    // 0.1 + 0.2 = 0.30000000000000004 and 0.3 − 0.1 = 0.19999999999999998 in floating point.
    const stored = { ...quote, subtotal: 0.1 + 0.2, discount: 0.1, vat_breakdown: [], tax_amount: 0, total: 0.2 };
    expect(stored.subtotal - stored.discount).not.toBe(0.2);
    const net = totalsRows(stored).rows.find((r) => r.key === "net");
    expect(net).toEqual({ key: "net", label: "Total HT après remise", amount: 20 });
    expect(storedHtAfterDiscount({ subtotal: 1.1, discount: 0.3 })).toBe(80);
    expect(fromCents(storedHtAfterDiscount({ subtotal: 1.1, discount: 0.3 }))).toBe(0.8);
  });

  it("a discount: « Remise (10 %) » taken off, then « Total HT après remise »; a fixed amount is « Remise »", () => {
    const stored = {
      ...quote,
      discount: 150,
      discount_percentage: 10,
      vat_breakdown: [
        { rate: 20, net: 450, tax: 90 },
        { rate: 5.5, net: 900, tax: 49.5 },
      ],
      tax_amount: 139.5,
      total: 1489.5,
    };
    expect(labels(stored).slice(0, 3)).toEqual([
      ["subtotal", "Total HT", 150_000],
      ["discount", "Remise (10\u00a0%)", 15_000],
      ["net", "Total HT après remise", 135_000],
    ]);
    expect(totalsRows(stored).rows[1]?.tone).toBe("deduction");
    expect(totalsRows({ ...stored, discount_percentage: 0 }).rows[1]?.label).toBe("Remise");
    expect(totalsRows({ ...stored, discount_percentage: undefined }).rows[1]?.label).toBe("Remise");
  });

  it("a final invoice: the deposits HT, « Reste HT », this invoice's VAT, « Net à payer TTC »; the whole work's figures", () => {
    const stored: StoredTotals = {
      kind: "invoice",
      subtotal: 1000,
      discount: 50.05,
      discount_percentage: 0,
      deposits_net: 300.1,
      deposits_tax: 60.02,
      deposits: [{}],
      vat_breakdown: [{ rate: 20, net: 649.85, tax: 129.97 }],
      tax_amount: 129.97,
      total: 779.82,
    };
    expect(labels(stored)).toEqual([
      ["subtotal", "Total HT", 100_000],
      ["discount", "Remise", 5_005],
      ["net", "Total HT après remise", 94_995],
      ["deposits", "Acomptes déjà facturés HT", 30_010],
      ["remaining", "Reste HT", 64_985],
      ["vat-20", "TVA 20\u00a0%", 12_997],
      ["tax", "Total TVA", 12_997],
      ["total", "Net à payer TTC", 77_982],
    ]);
    expect(documentFigures(stored)).toMatchObject({
      deposits: 36_012,
      whole_tax: 18_999,
      whole_total: 113_994,
    });
    // The whole work's TTC is its HT after discount and its VAT, deposits not deducted.
    const f = documentFigures(stored);
    expect(f.net + f.whole_tax).toBe(f.whole_total);
    expect(f.whole_total - f.deposits).toBe(f.total);
  });

  it("deposits listed but worth 0 still deduct (the invoice names them); none: no deposit row", () => {
    expect(totalsRows({ ...quote, deposits: [{}], deposits_net: 0 }).grand.label).toBe("Net à payer TTC");
    expect(totalsRows({ ...quote, deposits: [], deposits_net: 0 }).rows.map((r) => r.key)).not.toContain("deposits");
  });

  it("a credit note's total is « Montant de l’avoir TTC », with or without deposits, never « Net à payer »", () => {
    expect(totalsRows({ ...quote, kind: "credit_note" }).grand).toEqual({
      key: "total",
      label: "Montant de l’avoir TTC",
      amount: 165_500,
    });
    const ofFinal = totalsRows({ ...quote, kind: "credit_note", deposits_net: 300, deposits: [{}] });
    expect(ofFinal.grand.label).toBe("Montant de l’avoir TTC");
    expect(ofFinal.rows.map((r) => r.label)).toContain("Acomptes déjà facturés HT");
  });

  it("several VAT rates, in the stored order, keyed by rate (5,5 % and 2,1 % too)", () => {
    const stored: StoredTotals = {
      ...quote,
      subtotal: 300.3,
      vat_breakdown: [
        { rate: 20, net: 100.1, tax: 20.02 },
        { rate: 5.5, net: 100.1, tax: 5.51 },
        { rate: 2.1, net: 100.1, tax: 2.1 },
      ],
      tax_amount: 27.63,
      total: 327.93,
    };
    const vat = totalsRows(stored).rows.filter((r) => r.vat);
    expect(vat.map((r) => [r.key, r.label, r.amount, r.vat?.base])).toEqual([
      ["vat-20", "TVA 20\u00a0%", 2002, 10_010],
      ["vat-5.5", "TVA 5,5\u00a0%", 551, 10_010],
      ["vat-2.1", "TVA 2,1\u00a0%", 210, 10_010],
    ]);
  });
});

const lineArb = fc.record({
  kind: fc.constantFrom("item", "item", "item", "section", "text"),
  quantity: fc.integer({ min: 1, max: 100_000 }).map((q) => q / 1000),
  unit_price: fc.integer({ min: 0, max: 1_000_000 }).map((c) => c / 100),
  tax_rate: fc.constantFrom(20, 10, 5.5, 2.1, 0),
});
const discountArb = fc.oneof(
  fc.record({
    discount_percentage: fc.integer({ min: 0, max: 10_000 }).map((b) => b / 100),
    discount_amount: fc.constant(0),
  }),
  fc.record({
    discount_percentage: fc.constant(0),
    discount_amount: fc.integer({ min: 0, max: 50_000 }).map((c) => c / 100),
  }),
);

describe("totalsRows over random documents: the rows add up to the cent", () => {
  it("a quote's stored figures: HT − discount = after discount = Σ VAT bases; Σ VAT = Total TVA; HT after discount + TVA = TTC", () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 12 }), discountArb, (items, discount) => {
        const cents = computeTotals({ items, ...discount });
        const stored = quoteTotalsInEuros({ items, ...discount });
        const { rows, grand, figures } = totalsRows({ ...stored, discount_percentage: discount.discount_percentage });
        const amount = (key: string) => rows.find((r) => r.key === key)?.amount;
        expect(amount("subtotal")).toBe(cents.subtotal);
        expect(figures.net).toBe(cents.subtotal - cents.discount);
        if (cents.discount > 0) expect(amount("net")).toBe(cents.subtotal - cents.discount);
        else expect(amount("net")).toBeUndefined();
        const vat = rows.filter((r) => r.vat);
        expect(vat.reduce((s, r) => s + (r.vat?.base ?? 0), 0)).toBe(figures.net);
        expect(vat.reduce((s, r) => s + r.amount, 0)).toBe(amount("tax"));
        expect(figures.net + (amount("tax") ?? 0)).toBe(grand.amount);
        expect(grand.amount).toBe(cents.total);
      }),
    );
  });

  it("a final invoice's stored figures: after discount − deposits = Reste HT = Σ VAT bases; the whole work adds up", () => {
    let finals = 0;
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 8 }),
        discountArb,
        fc.integer({ min: 1, max: 90 }),
        (items, discount, percent) => {
          const whole = computeTotals({ items, ...discount });
          // One deposit of `percent` % of every rate's base after discount, and its VAT.
          const deposit = whole.vat.map((v) => {
            const net = Math.round((v.net * percent) / 100);
            return { rate: v.rate, net, tax: Math.round((net * v.rate) / 100) };
          });
          const stored = invoiceFigures({ items, ...discount }, [deposit]);
          if (!stored) return;
          finals += 1;
          const { rows, grand, figures } = totalsRows({ ...stored, kind: "invoice", deposits: [deposit] });
          const amount = (key: string) => rows.find((r) => r.key === key)?.amount;
          expect(amount("remaining")).toBe(whole.subtotal - whole.discount - figures.deposits_net);
          expect(rows.filter((r) => r.vat).reduce((s, r) => s + (r.vat?.base ?? 0), 0)).toBe(amount("remaining"));
          expect(figures.whole_total).toBe(whole.total);
          expect(figures.whole_tax).toBe(whole.tax_amount);
          expect(grand).toMatchObject({ label: "Net à payer TTC", amount: whole.total - figures.deposits });
        },
      ),
    );
    expect(finals).toBeGreaterThan(50);
  });
});
