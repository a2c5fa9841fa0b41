import { describe, expect, it } from "vitest";
import { totalsRows } from "./invoice-totals";

const base = {
  kind: "invoice" as const,
  subtotal: 1000,
  discount: 0,
  discount_percentage: 0,
  vat_breakdown: [
    { rate: 20, net: 400, tax: 80 },
    { rate: 10, net: 600, tax: 60 },
  ],
  tax_amount: 140,
  total: 1140,
  deposits_net: 0,
  deposits: [],
};

const view = (rows: ReturnType<typeof totalsRows>["rows"]) => rows.map((r) => [r.label, r.hint ?? "", r.value]);

describe("totalsRows: the server's figures, in the order an accountant reads them", () => {
  it("total HT, VAT per rate on its base, total VAT, total TTC", () => {
    const totals = totalsRows(base);
    expect(view(totals.rows)).toEqual([
      ["Total HT", "", "1\u202f000,00\u00a0€"],
      ["TVA 20\u00a0%", "sur 400,00\u00a0€", "80,00\u00a0€"],
      ["TVA 10\u00a0%", "sur 600,00\u00a0€", "60,00\u00a0€"],
      ["Total TVA", "", "140,00\u00a0€"],
    ]);
    expect([totals.grandLabel, totals.grandValue]).toEqual(["Total TTC", "1\u202f140,00\u00a0€"]);
  });

  it("a discount: its rate, the amount taken off, the total after it", () => {
    const totals = totalsRows({
      ...base,
      discount: 100,
      discount_percentage: 10,
      vat_breakdown: [{ rate: 20, net: 900, tax: 180 }],
      tax_amount: 180,
      total: 1080,
    });
    expect(view(totals.rows).slice(0, 3)).toEqual([
      ["Total HT", "", "1\u202f000,00\u00a0€"],
      ["Remise (10\u00a0%)", "", "−\u00a0100,00\u00a0€"],
      ["Total HT après remise", "", "900,00\u00a0€"],
    ]);
  });

  it("a final invoice: the deposits deducted HT, what remains, its VAT, « Net à payer TTC »", () => {
    const totals = totalsRows({
      ...base,
      deposits_net: 300,
      deposits: [{}],
      vat_breakdown: [
        { rate: 20, net: 280, tax: 56 },
        { rate: 10, net: 420, tax: 42 },
      ],
      tax_amount: 98,
      total: 798,
    });
    expect(view(totals.rows)).toEqual([
      ["Total HT", "", "1\u202f000,00\u00a0€"],
      ["Acomptes déjà facturés HT", "", "−\u00a0300,00\u00a0€"],
      ["Reste HT", "", "700,00\u00a0€"],
      ["TVA 20\u00a0%", "sur 280,00\u00a0€", "56,00\u00a0€"],
      ["TVA 10\u00a0%", "sur 420,00\u00a0€", "42,00\u00a0€"],
      ["Total TVA", "", "98,00\u00a0€"],
    ]);
    expect([totals.grandLabel, totals.grandValue]).toEqual(["Net à payer TTC", "798,00\u00a0€"]);
  });

  it("a credit note's total is « Montant de l’avoir TTC », with or without deposits, never « Net à payer » (issue 32)", () => {
    const plain = totalsRows({ ...base, kind: "credit_note" });
    expect([plain.grandLabel, plain.grandValue]).toEqual(["Montant de l’avoir TTC", "1\u202f140,00\u00a0€"]);
    const ofFinal = totalsRows({ ...base, kind: "credit_note", deposits_net: 300, deposits: [{}] });
    expect(ofFinal.grandLabel).toBe("Montant de l’avoir TTC");
  });
});
