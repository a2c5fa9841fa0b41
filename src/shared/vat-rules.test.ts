import { describe, expect, it } from "vitest";
import { asksPremises, isMixedVat, jobTaxRate, reducedRateMentions, VAT_RULE_TEXTS } from "./vat-rules";

const job = (
  clientType: "particulier" | "professionnel" | null,
  premises: Parameters<typeof jobTaxRate>[0]["premises"],
  energyRenovation = false,
) => ({
  clientType,
  premises,
  energyRenovation,
});

describe("jobTaxRate: the default rate of a new line follows the client and the premises", () => {
  it("a business client's workshop takes 20 %, whatever the company's default", () => {
    expect(jobTaxRate(job("professionnel", null), 10)).toBe(20);
    expect(jobTaxRate(job("professionnel", "non_residential"), 10)).toBe(20);
    // A business client's dwelling answer does not give the reduced rate by default either.
    expect(jobTaxRate(job("professionnel", "old_dwelling", true), 10)).toBe(20);
  });

  it("a private client's dwelling over two years old takes 10 %, 5,5 % for energy renovation", () => {
    expect(jobTaxRate(job("particulier", "old_dwelling"), 20)).toBe(10);
    expect(jobTaxRate(job("particulier", "old_dwelling", true), 20)).toBe(5.5);
  });

  it("non-residential premises or a dwelling under two years old take 20 %", () => {
    expect(jobTaxRate(job("particulier", "non_residential"), 10)).toBe(20);
    expect(jobTaxRate(job("particulier", "new_dwelling", true), 10)).toBe(20);
  });

  it("not known yet (no client, or the question unanswered): the company's default", () => {
    expect(jobTaxRate(job(null, null), 10)).toBe(10);
    expect(jobTaxRate(job("particulier", null), 10)).toBe(10);
    expect(jobTaxRate(job("particulier", null, true), 13)).toBe(13);
  });

  it("the question is asked for a private client only", () => {
    expect(asksPremises("particulier")).toBe(true);
    expect(asksPremises("professionnel")).toBe(false);
    expect(asksPremises(null)).toBe(false);
  });
});

describe("isMixedVat: a quote mixing a reduced rate of works with another rate is flagged", () => {
  it("flags 10 % beside 20 %, and 5,5 % beside 10 %", () => {
    expect(isMixedVat([10, 20, 10])).toBe(true);
    expect(isMixedVat([5.5, 10])).toBe(true);
  });

  it("does not flag a single rate, nor rates without a reduced one", () => {
    expect(isMixedVat([])).toBe(false);
    expect(isMixedVat([10, 10])).toBe(false);
    expect(isMixedVat([20, 20])).toBe(false);
    expect(isMixedVat([20, 0])).toBe(false);
    expect(isMixedVat([20, 2.1])).toBe(false);
  });
});

describe("reducedRateMentions: which certification goes with which rate", () => {
  it("10 % prints the art. 279-0 bis certification, 5,5 % the art. 278-0 bis A one", () => {
    expect(reducedRateMentions([10, 20])).toEqual([VAT_RULE_TEXTS.housingWorksMention]);
    expect(reducedRateMentions([5.5])).toEqual([VAT_RULE_TEXTS.energyRenovationMention]);
    expect(reducedRateMentions([5.5, 10])).toEqual([
      VAT_RULE_TEXTS.housingWorksMention,
      VAT_RULE_TEXTS.energyRenovationMention,
    ]);
    expect(VAT_RULE_TEXTS.housingWorksMention).toContain("279-0 bis");
    expect(VAT_RULE_TEXTS.energyRenovationMention).toContain("278-0 bis A");
    expect(VAT_RULE_TEXTS.energyRenovationMention).toContain("qualité énergétique");
  });

  it("no mention at 20 %, 2,1 % or 0", () => {
    expect(reducedRateMentions([20, 2.1, 0])).toEqual([]);
    expect(reducedRateMentions([])).toEqual([]);
  });
});
