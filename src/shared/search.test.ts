import { describe, expect, it } from "vitest";
import { fold } from "./search";

describe("fold", () => {
  it("reads accents, case, œ, æ and typographic apostrophes away", () => {
    expect(fold("Hélène")).toBe("helene");
    expect(fold("ÉLAN")).toBe("elan");
    expect(fold("Élève")).toBe("eleve");
    expect(fold("Œuvre Lætitia ÆSOP")).toBe("oeuvre laetitia aesop");
    expect(fold("L’Atelier")).toBe("l'atelier");
    expect(fold("Ça gèle à Noël, ÿ")).toBe("ca gele a noel, y");
  });

  it("leaves what is not a letter alone", () => {
    expect(fold("06 12 34 56 78 — 50 % _x\\")).toBe("06 12 34 56 78 — 50 % _x\\");
  });
});
