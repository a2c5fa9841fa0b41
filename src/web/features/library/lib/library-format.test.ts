import { describe, expect, it } from "vitest";
import { costLabel, kindLabel, labourLabel, marginLabel, priceLabel } from "./library-format";

describe("library labels", () => {
  it("writes prices HT per unit and margins with their rate on the sale price", () => {
    expect(priceLabel(32.5, "m²")).toBe("32,50\u00a0€ HT / m²");
    expect(costLabel(21.4, "m²")).toBe("Déboursé 21,40\u00a0€ / m²");
    expect(marginLabel(73.88, 48.97)).toBe("Marge 24,91\u00a0€ (33,72\u00a0%)");
    expect(marginLabel(0, 12)).toBe("Marge −12,00\u00a0€");
  });

  it("names a category, an ouvrage and its labour time", () => {
    expect(kindLabel("article", "main_oeuvre")).toBe("Main-d'œuvre");
    expect(kindLabel("ouvrage", null)).toBe("Ouvrage");
    expect(labourLabel(0.75)).toBe("45\u00a0min de main-d’œuvre");
    expect(labourLabel(6 + 56 / 60)).toBe("6\u00a0h\u00a056 de main-d’œuvre");
    expect(labourLabel(0)).toBeNull();
  });
});
