import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { depositRates, invoiceFigures, vatInCents, withoutVat } from "./invoice-figures";
import {
  daysLate,
  depositByRate,
  finalInvoiceFigures,
  INVOICE_DISPLAY_LABELS,
  invoiceDisplayState,
  isEditable,
  isOverdue,
  type RateAmounts,
  remainderByRate,
  totalOf,
} from "./invoice-rules";
import { computeTotals, type TotalsLineInput, toCents } from "./money";

/**
 * The invoices' pure rules (docs/domain/invoices.md): overdue, deposits split per rate, the final
 * invoice as the remainder — the sum of a quote's invoices is the quote, to the cent, per rate — and
 * the figures an invoice is stored with.
 */

/** A quote's lines at the renovation rates, and one discount (a percentage or an amount). */
const quoteArb = fc
  .record({
    items: fc.array(
      fc.record({
        quantity: fc.integer({ min: 1, max: 200_000 }).map((milli) => milli / 1000),
        unit_price: fc.integer({ min: 1, max: 500_000 }).map((cents) => cents / 100),
        tax_rate: fc.constantFrom(20, 10, 5.5),
      }),
      { minLength: 1, maxLength: 8 },
    ),
    discount_percentage: fc.oneof(
      fc.constant(0),
      fc.integer({ min: 1, max: 5000 }).map((bp) => bp / 100),
    ),
    discountShare: fc.integer({ min: 0, max: 50 }),
  })
  .map(({ items, discount_percentage, discountShare }) => {
    const subtotal = computeTotals({ items }).subtotal;
    // A fixed discount (only when no percentage): up to half the subtotal.
    const discount_amount = discount_percentage > 0 ? 0 : Math.floor((subtotal * discountShare) / 100) / 100;
    return { items, discount_percentage, discount_amount };
  })
  .filter((quote) => computeTotals(quote).total > 0);

/** A deposit asked: a percentage (2 decimals) or a share of the total as an amount TTC. */
const askArb = fc.oneof(
  fc.integer({ min: 1, max: 6000 }).map((bp) => ({ percentage: bp / 100 })),
  fc.integer({ min: 1, max: 6000 }).map((share) => ({ share })),
);

/** The quote's VAT per rate in cents, as its stored breakdown says it. */
const quoteVat = (quote: { items: readonly TotalsLineInput[]; discount_percentage: number; discount_amount: number }) =>
  computeTotals(quote).vat.map((v) => ({ rate: v.rate, net: v.net, tax: v.tax }));

/** The deposits of `asks` that fit, in order (a deposit beyond the quote is refused, as the server does). */
function depositsOf(vat: RateAmounts[], total: number, asks: readonly ({ percentage: number } | { share: number })[]) {
  const deposits: RateAmounts[][] = [];
  for (const ask of asks) {
    const rates = depositRates(
      vat,
      total,
      "share" in ask ? { amount: Math.max(1, Math.round((total * ask.share) / 10_000)) / 100 } : ask,
    );
    if (!rates || rates.length === 0) continue;
    if (remainderByRate(vat, [...deposits, rates])) deposits.push(rates);
  }
  return deposits;
}

describe("the displayed state (issue 32): derived, the stored status unchanged", () => {
  const sent = { status: "sent" as const, paid_amount: 0, balance_due: 1100, emailed_at: null };
  it("« Émise » until e-mailed, « Envoyée » then, « Partiellement payée » with payments short of the total", () => {
    expect(invoiceDisplayState(sent)).toBe("issued");
    expect(invoiceDisplayState({ ...sent, emailed_at: "2026-03-12T10:00:00.000Z" })).toBe("sent");
    expect(invoiceDisplayState({ ...sent, paid_amount: 100, balance_due: 1000 })).toBe("partially_paid");
    expect(invoiceDisplayState({ ...sent, status: "paid", paid_amount: 1100, balance_due: 0 })).toBe("paid");
    expect(invoiceDisplayState({ ...sent, status: "draft" })).toBe("draft");
    expect(invoiceDisplayState({ ...sent, status: "cancelled", paid_amount: 100 })).toBe("cancelled");
    expect(INVOICE_DISPLAY_LABELS.issued).toBe("Émise");
    expect(INVOICE_DISPLAY_LABELS.partially_paid).toBe("Partiellement payée");
  });
});

describe("overdue (design §5.10)", () => {
  const sent = { status: "sent" as const, due_date: "2026-03-01" };
  it("is a sent invoice whose due date is before today; days late count calendar days", () => {
    expect(isOverdue(sent, "2026-03-01")).toBe(false);
    expect(isOverdue(sent, "2026-03-02")).toBe(true);
    expect(daysLate(sent, "2026-03-02")).toBe(1);
    expect(daysLate(sent, "2026-04-01")).toBe(31);
  });
  it("never for a draft, a paid or cancelled invoice, a credit note, or without due date", () => {
    for (const status of ["draft", "paid", "cancelled"] as const) {
      expect(isOverdue({ ...sent, status }, "2026-05-01")).toBe(false);
      expect(daysLate({ ...sent, status }, "2026-05-01")).toBe(0);
    }
    expect(isOverdue({ ...sent, kind: "credit_note" }, "2026-05-01")).toBe(false);
    expect(isOverdue({ ...sent, due_date: null }, "2026-05-01")).toBe(false);
  });
  it("only a draft that is not a credit note is editable", () => {
    expect(isEditable({ status: "draft" })).toBe(true);
    expect(isEditable({ status: "sent" })).toBe(false);
    expect(isEditable({ status: "draft", kind: "credit_note" })).toBe(false);
  });
});

describe("deposits and the final invoice (docs/domain/invoices.md#deposits)", () => {
  it("a worked example: 30 % of a quote at three rates, then the final invoice", () => {
    const quote = {
      items: [
        { quantity: 2, unit_price: 150, tax_rate: 20 },
        { quantity: 4, unit_price: 37.5, tax_rate: 10 },
        { quantity: 10, unit_price: 12.34, tax_rate: 5.5 },
      ],
      discount_percentage: 10,
      discount_amount: 0,
    };
    const totals = computeTotals(quote);
    expect(totals.total).toBe(58967);
    const deposit = depositByRate(quoteVat(quote), 30n, 100n);
    expect(deposit).toEqual([
      { rate: 20, net: 8100, tax: 1620 },
      { rate: 10, net: 4050, tax: 405 },
      { rate: 5.5, net: 3332, tax: 183 },
    ]);
    expect(totalOf(deposit)).toBe(17690);
    const final = finalInvoiceFigures(totals, [deposit]);
    expect(final).toMatchObject({
      subtotal: 57340,
      discount: 5734,
      deposits_net: 15482,
      deposits_tax: 2208,
      vat: [
        { rate: 20, net: 18900, tax: 3780 },
        { rate: 10, net: 9450, tax: 945 },
        { rate: 5.5, net: 7774, tax: 428 },
      ],
      total: 41277,
    });
    expect(17690 + 41277).toBe(totals.total);
  });

  it("deposits + final invoice = the quote, per rate and in total; nothing is ever negative", () => {
    fc.assert(
      fc.property(quoteArb, fc.array(askArb, { maxLength: 5 }), (quote, asks) => {
        const totals = computeTotals(quote);
        const vat = quoteVat(quote);
        const deposits = depositsOf(vat, totals.total, asks);
        const final = finalInvoiceFigures(totals, deposits);
        expect(final).not.toBeNull();
        if (!final) return;
        for (const v of vat) {
          const paid = deposits.flat().filter((d) => d.rate === v.rate);
          const finalRate = final.vat.find((r) => r.rate === v.rate);
          expect(finalRate).toBeDefined();
          expect((finalRate?.net ?? 0) + paid.reduce((s, d) => s + d.net, 0)).toBe(v.net);
          expect((finalRate?.tax ?? 0) + paid.reduce((s, d) => s + d.tax, 0)).toBe(v.tax);
          expect(finalRate?.net).toBeGreaterThanOrEqual(0);
          expect(finalRate?.tax).toBeGreaterThanOrEqual(0);
        }
        expect(final.total + deposits.reduce((s, d) => s + totalOf(d), 0)).toBe(totals.total);
        expect(final.total).toBe(totals.subtotal - totals.discount - final.deposits_net + final.tax_amount);
      }),
      { numRuns: 2000 },
    );
  });

  it("a 100 % deposit is the quote itself, per rate; anything beyond is refused", () => {
    fc.assert(
      fc.property(quoteArb, (quote) => {
        const vat = quoteVat(quote);
        const whole = depositByRate(vat, 1n, 1n);
        expect(whole).toEqual(vat);
        expect(remainderByRate(vat, [whole])?.every((r) => r.net === 0 && r.tax === 0)).toBe(true);
        const beyond = depositByRate(vat, 10_001n, 10_000n);
        if (beyond.some((b, i) => b.net > (vat[i]?.net ?? 0))) expect(remainderByRate(vat, [beyond])).toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it("a deposit of an amount meets it within a cent, in the quote's proportions", () => {
    fc.assert(
      fc.property(quoteArb, fc.integer({ min: 1, max: 10_000 }), (quote, share) => {
        const totals = computeTotals(quote);
        const amount = Math.max(1, Math.round((totals.total * share) / 10_000));
        const rates = depositRates(quoteVat(quote), totals.total, { amount: amount / 100 });
        expect(rates).not.toBeNull();
        expect(Math.abs(totalOf(rates ?? []) - amount)).toBeLessThanOrEqual(1);
        for (const r of rates ?? []) expect(r.net).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 1000 },
    );
  });

  it("a deposit at a rate the quote does not have is not deducted", () => {
    const vat = [{ rate: 20, net: 10_000, tax: 2000 }];
    expect(remainderByRate(vat, [[{ rate: 10, net: 100, tax: 10 }]])).toBeNull();
    expect(depositRates(vat, 0, { percentage: 30 })).toBeNull();
  });
});

describe("an invoice's stored figures (docs/domain/invoices.md#figures)", () => {
  it("add up: lines, VAT per rate after discount and deductions, total; a credit note recomputed is the invoice", () => {
    fc.assert(
      fc.property(quoteArb, fc.array(askArb, { maxLength: 3 }), (quote, asks) => {
        const totals = computeTotals(quote);
        const deposits = depositsOf(quoteVat(quote), totals.total, asks);
        const figures = invoiceFigures(quote, deposits);
        expect(figures).not.toBeNull();
        if (!figures) return;
        const cents = (v: number) => toCents(v);
        expect(figures.lines.reduce((s, l) => s + cents(l.subtotal), 0)).toBe(cents(figures.subtotal));
        const net = figures.vat_breakdown.reduce((s, v) => s + cents(v.net), 0);
        expect(net).toBe(cents(figures.subtotal) - cents(figures.discount) - cents(figures.deposits_net));
        expect(figures.vat_breakdown.reduce((s, v) => s + cents(v.tax), 0)).toBe(cents(figures.tax_amount));
        expect(cents(figures.total)).toBe(net + cents(figures.tax_amount));
        // A deposit's VAT, stored in euros, reads back in cents as it was (the final invoice reads it so).
        for (const d of deposits) {
          expect(vatInCents(d.map((r) => ({ rate: r.rate, net: r.net / 100, tax: r.tax / 100 })))).toEqual(d);
        }
        // A credit note is made of the same lines and deductions: the same figures, to the cent.
        expect(invoiceFigures(quote, deposits)).toEqual(figures);
      }),
      { numRuns: 1000 },
    );
  });

  it("a section heading carries its section's subtotal; a text line 0", () => {
    const figures = invoiceFigures({
      items: [
        { kind: "section", quantity: 0, unit_price: 0, tax_rate: 0 },
        { quantity: 2, unit_price: 10, tax_rate: 20 },
        { kind: "text", quantity: 0, unit_price: 0, tax_rate: 0 },
        { quantity: 1, unit_price: 5, tax_rate: 10 },
        { kind: "section", quantity: 0, unit_price: 0, tax_rate: 0 },
        { quantity: 1, unit_price: 7, tax_rate: 20 },
      ],
      discount_percentage: 0,
      discount_amount: 0,
    });
    expect(figures?.lines.map((l) => l.subtotal)).toEqual([25, 20, 0, 5, 7, 7]);
  });

  it("VAT 0 on every priced line (franchise, reverse charge)", () => {
    const items = withoutVat([
      { kind: "item", quantity: 1, unit_price: 100, tax_rate: 20 },
      { kind: "section", quantity: 0, unit_price: 0, tax_rate: 0 },
    ]);
    expect(items.map((i) => i.tax_rate)).toEqual([0, 0]);
    expect(invoiceFigures({ items, discount_percentage: 0, discount_amount: 0 })).toMatchObject({
      tax_amount: 0,
      total: 100,
    });
  });
});
