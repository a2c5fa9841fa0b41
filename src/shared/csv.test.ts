import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detectSeparator, normaliseHeader, parseCsv, parseFrenchNumber, toCsv } from "./csv";

describe("parseCsv", () => {
  it("reads Excel's French CSV: « ; », quotes, quotes inside, line breaks in a field, CRLF, a BOM", () => {
    const text =
      '\uFEFFNom;Description;Prix\r\n"Colle; C2";"Sac de 25 ""kg""\r\nà l\'abri";12,50\r\n\r\nJoint;;3,40\r\n';
    expect(parseCsv(text)).toEqual([
      ["Nom", "Description", "Prix"],
      ["Colle; C2", 'Sac de 25 "kg"\r\nà l\'abri', "12,50"],
      ["Joint", "", "3,40"],
    ]);
  });

  it("guesses the separator from the header", () => {
    expect(detectSeparator("nom,prix\nA;B,1")).toBe(",");
    expect(detectSeparator("nom\tprix\tunité")).toBe("\t");
    expect(detectSeparator('"a;b",c;d;e')).toBe(";");
    expect(detectSeparator("seul")).toBe(";");
  });

  it("property: what toCsv writes, parseCsv reads back", () => {
    const field = fc.string({ unit: fc.constantFrom("a", "é", ";", ",", '"', "\n", " ", "1", "€") });
    fc.assert(
      fc.property(fc.array(fc.array(field, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 8 }), (rows) => {
        const kept = rows.filter((row) => row.some((value) => value.trim() !== ""));
        expect(parseCsv(toCsv(rows), ";")).toEqual(kept);
      }),
    );
  });
});

describe("normaliseHeader and parseFrenchNumber", () => {
  it("read headers and numbers as people write them", () => {
    expect(normaliseHeader(" Prix de vente HT (€) ")).toBe("prix de vente ht");
    expect(normaliseHeader("Déboursé")).toBe("debourse");
    expect(normaliseHeader("Main-d'œuvre")).toBe("main d oeuvre");
    expect(normaliseHeader("m²")).toBe("m2");
    expect(parseFrenchNumber("1 234,50 €")).toBe(1234.5);
    expect(parseFrenchNumber("1.234,5")).toBe(1234.5);
    expect(parseFrenchNumber("12.5")).toBe(12.5);
    expect(parseFrenchNumber("5,5 %")).toBe(5.5);
    expect(parseFrenchNumber("")).toBeNull();
    expect(parseFrenchNumber("douze")).toBeNaN();
  });
});
