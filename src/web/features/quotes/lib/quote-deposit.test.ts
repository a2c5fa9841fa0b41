import { describe, expect, it } from "vitest";
import { DEFAULT_DEPOSIT_PERCENTAGE, depositBody, depositFigures } from "./quote-deposit";

/** 100 € HT at 20 % and 200 € HT at 10 %: 340 € TTC. */
const quote = {
  total: 340,
  vat_breakdown: [
    { rate: 20, base: 100, discount: 0, net: 100, tax: 20 },
    { rate: 10, base: 200, discount: 0, net: 200, tax: 20 },
  ],
};

describe("deposit of a quote", () => {
  it("splits a percentage over the quote's VAT rates, as the server does", () => {
    expect(depositFigures(quote, "percentage", String(DEFAULT_DEPOSIT_PERCENTAGE))).toEqual({
      net: 90,
      tax: 12,
      total: 102,
    });
    expect(depositFigures(quote, "percentage", "100")).toEqual({ net: 300, tax: 40, total: 340 });
  });

  it("turns an amount TTC into its share of the quote (to the cent, within a cent of the amount)", () => {
    const figures = depositFigures(quote, "amount", "170");
    expect(figures).toEqual({ net: 150, tax: 20, total: 170 });
    const odd = depositFigures(quote, "amount", "100");
    // Each rate's share rounded would make 99,99 €: the largest base (10 %) takes the missing cent.
    expect(odd).toEqual({ net: 88.24, tax: 11.76, total: 100 });
  });

  it("is nothing for 0, a percentage above 100 or an amount above the quote", () => {
    expect(depositFigures(quote, "percentage", "0")).toBeNull();
    expect(depositFigures(quote, "percentage", "")).toBeNull();
    expect(depositFigures(quote, "percentage", "120")).toBeNull();
    expect(depositFigures(quote, "amount", "340.01")).toBeNull();
  });

  it("sends the one figure typed", () => {
    expect(depositBody("percentage", "30")).toEqual({ percentage: 30 });
    expect(depositBody("amount", "1 020,5".replace(" ", ""))).toEqual({ amount: 1020.5 });
  });
});
