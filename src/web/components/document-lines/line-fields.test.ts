import { quoteTotalsInEuros } from "@shared/quote-rules";
import { describe, expect, it } from "vitest";
import {
  discountModeOf,
  emptyLine,
  lineToFields,
  liveTotals,
  numberText,
  priceText,
  readNumber,
  unitOptions,
} from "./line-fields";

describe("live totals", () => {
  it("equal the shared computation for 20 %, 10 % and 5,5 % with a 10 % discount (to the cent)", () => {
    const items = [
      { quantity: 12.5, unit_price: 45.9, tax_rate: 10 },
      { quantity: 30, unit_price: 12.4, tax_rate: 20 },
      { quantity: 3, unit_price: 89.99, tax_rate: 5.5 },
    ];
    const totals = liveTotals({
      items: items.map((i) => ({
        ...emptyLine(),
        quantity: String(i.quantity),
        unit_price: String(i.unit_price),
        tax_rate: String(i.tax_rate),
      })),
      discount_percentage: "10",
      discount_amount: "0",
    });
    expect(totals).toEqual(quoteTotalsInEuros({ items, discount_percentage: 10, discount_amount: 0 }));
    expect(totals.subtotal).toBe(1215.72);
    expect(totals.discount).toBe(121.57);
    expect(totals.tax_amount).toBe(131.96);
    expect(totals.total).toBe(1226.11);
    expect(totals.vat_breakdown.map((v) => v.rate)).toEqual([20, 10, 5.5]);
  });

  it("reads half-typed input as 0 and keeps rates and discounts in range", () => {
    const totals = liveTotals({
      items: [
        { ...emptyLine(), quantity: "", unit_price: "abc" },
        { ...emptyLine(), quantity: "2", unit_price: "10", tax_rate: "250" },
      ],
      discount_percentage: "-5",
      discount_amount: "",
    });
    expect(totals.lines[0]?.total).toBe(0);
    expect(totals.lines[1]?.total).toBe(40);
    expect(totals.discount).toBe(0);
    expect(readNumber("12,5")).toBe(12.5);
    expect(readNumber(undefined)).toBe(0);
  });
});

describe("discount mode and units", () => {
  it("is the fixed amount only when it alone is set", () => {
    expect(discountModeOf({ discount_percentage: "0", discount_amount: "30" })).toBe("amount");
    expect(discountModeOf({ discount_percentage: "5", discount_amount: "0" })).toBe("percentage");
    expect(discountModeOf({ discount_percentage: "0", discount_amount: "0" })).toBe("percentage");
  });

  it("offers the spec's units and keeps a stored one outside the list", () => {
    expect(unitOptions()).toEqual(["unité", "heure", "jour", "m²", "m", "ml", "kg", "forfait"]);
    expect(unitOptions("m³")).toContain("m³");
    expect(unitOptions("m²")).toHaveLength(8);
  });
});

describe("lines ↔ form", () => {
  it("shows a stored line as typed text, a heading or a text by its kind and words only", () => {
    const line = {
      kind: "item" as const,
      name: "Carrelage",
      description: null,
      quantity: 2.5,
      unit: "m²",
      unit_price: 40,
      tax_rate: 5.5,
    };
    expect(lineToFields(line)).toEqual({
      kind: "item",
      name: "Carrelage",
      description: "",
      quantity: "2.5",
      unit: "m²",
      unit_price: "40.00",
      tax_rate: "5.5",
      cost_price: "",
      library_item_id: "",
    });
    expect(lineToFields({ ...line, kind: "section", name: "Lot 1" })).toEqual({
      ...emptyLine("section"),
      name: "Lot 1",
    });
    expect(numberText(null)).toBe("");
    expect(priceText(12.4)).toBe("12.40");
  });
});

describe("live totals under reverse charge", () => {
  it("puts every line at 0 % VAT: the total is the net", () => {
    const totals = liveTotals({
      items: [{ ...emptyLine(), quantity: "2", unit_price: "100", tax_rate: "20" }],
      discount_percentage: "10",
      discount_amount: "0",
      vatExempt: true,
    });
    expect(totals.subtotal).toBe(200);
    expect(totals.tax_amount).toBe(0);
    expect(totals.total).toBe(180);
  });
});
