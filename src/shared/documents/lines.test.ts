import { describe, expect, it } from "vitest";
import { invoiceItemInputSchema } from "../invoices";
import { computeTotals } from "../money";
import { quoteItemInputSchema } from "../quotes";
import { allowedTaxRates, isAllowedTaxRate, sectionSubtotals, storedLineFigures, taxRatesList } from "./lines";

describe("a document's lines", () => {
  const items = [
    { kind: "section", quantity: 0, unit_price: 0, tax_rate: 0 },
    { kind: "item", quantity: 3, unit_price: 0.1, tax_rate: 20 },
    { kind: "text", quantity: 0, unit_price: 0, tax_rate: 0 },
    { kind: "item", quantity: 1, unit_price: 0.2, tax_rate: 5.5 },
    { kind: "section", quantity: 0, unit_price: 0, tax_rate: 0 },
    { kind: "item", quantity: 2, unit_price: 10.05, tax_rate: 10 },
  ];

  it("a section's subtotal is its priced lines' HT up to the next heading (cents)", () => {
    const totals = computeTotals({ items });
    expect(
      sectionSubtotals(
        items,
        totals.lines.map((l) => l.subtotal),
      ),
    ).toEqual([50, 0, 0, 0, 2010, 0]);
  });

  it("the stored figures (euros): a heading its section's HT only, a text 0, a priced line its HT, VAT and TTC", () => {
    expect(storedLineFigures(items, computeTotals({ items }))).toEqual([
      { subtotal: 0.5, tax_amount: 0, total: 0 },
      { subtotal: 0.3, tax_amount: 0.06, total: 0.36 },
      { subtotal: 0, tax_amount: 0, total: 0 },
      { subtotal: 0.2, tax_amount: 0.01, total: 0.21 },
      { subtotal: 20.1, tax_amount: 0, total: 0 },
      { subtotal: 20.1, tax_amount: 2.01, total: 22.11 },
    ]);
  });

  it("VAT rates: those in force and the company's own, highest first, compared to the hundredth", () => {
    expect(allowedTaxRates([8.5, 20])).toEqual([20, 10, 8.5, 5.5, 2.1, 0]);
    expect(isAllowedTaxRate(5.5000001, allowedTaxRates())).toBe(true);
    expect(taxRatesList([20, 5.5, 0])).toBe("20, 5,5 ou 0");
  });
});

describe("the one line input schema, as quotes and invoices word it", () => {
  it("a line without a kind is a priced line; a heading keeps its title only, its figures 0", () => {
    const line = { name: " Pose ", quantity: "2", unit: "heure", unit_price: "45.5", tax_rate: 10 };
    const valid = { kind: "item", name: "Pose", description: null, quantity: 2, unit: "heure", unit_price: 45.5 };
    expect(invoiceItemInputSchema.parse(line)).toEqual({ ...valid, tax_rate: 10 });
    expect(quoteItemInputSchema.parse(line)).toEqual({ ...valid, tax_rate: 10, library_item_id: null });
    const heading = { kind: "section", name: "Lot 1", quantity: 3, unit_price: 9 };
    expect(invoiceItemInputSchema.parse(heading)).toEqual({
      kind: "section",
      name: "Lot 1",
      description: null,
      quantity: 0,
      unit: "",
      unit_price: 0,
      tax_rate: 0,
    });
    expect(quoteItemInputSchema.parse(heading)).toMatchObject({ cost_price: null, library_item_id: null });
  });

  it("where the kinds differ: a quote's own messages, free lines and 0.01 at least; an invoice's one message and defaults", () => {
    const quoteError = (line: object) => quoteItemInputSchema.safeParse(line).error?.issues[0]?.message;
    const invoiceError = (line: object) => invoiceItemInputSchema.safeParse(line).error?.issues[0]?.message;
    const line = { name: "Pose", quantity: 1, unit: "heure", unit_price: 10, tax_rate: 20 };
    expect(quoteError({ ...line, quantity: 0.001 })).toBe("La quantité doit être supérieure à 0");
    expect(invoiceItemInputSchema.parse({ ...line, quantity: 0.001 }).quantity).toBe(0.001);
    expect(quoteItemInputSchema.parse({ ...line, unit_price: 0 }).unit_price).toBe(0);
    expect(invoiceError({ ...line, unit_price: 0 })).toBe("Veuillez vérifier les lignes de facturation");
    expect(quoteError({ ...line, kind: "other" })).toBe("Type de ligne invalide (item, section ou text)");
    expect(invoiceError({ ...line, kind: "other" })).toBe("Veuillez vérifier les lignes de facturation");
    expect(quoteError({ ...line, name: "x".repeat(301) })).toBe("300 caractères au maximum");
    expect(quoteError({ name: "Pose", quantity: 1, unit_price: 10, tax_rate: 20 })).toBe("L'unité est obligatoire");
    expect(invoiceItemInputSchema.parse({ name: "Pose", quantity: 1, unit_price: 10 })).toMatchObject({
      unit: "unité",
      tax_rate: 20,
    });
  });
});
