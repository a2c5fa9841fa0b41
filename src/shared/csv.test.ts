import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvNumber, detectSeparator, normaliseHeader, parseCsv, parseFrenchNumber, toCsv } from "./csv";

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
    const field = fc.string({
      unit: fc.constantFrom("a", "é", ";", ",", '"', "\n", " ", "1", "€", "=", "+", "-", "@", "\t", "\r", "'"),
    });
    fc.assert(
      fc.property(fc.array(fc.array(field, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 8 }), (rows) => {
        const kept = rows.filter((row) => row.some((value) => value.trim() !== ""));
        expect(parseCsv(toCsv(rows), ";")).toEqual(kept);
      }),
    );
  });
});

describe("toCsv: safe to open in a spreadsheet (OWASP CSV injection)", () => {
  it("puts a single quote before a text cell starting with = + - @, a tab or a carriage return; figures stay numbers", () => {
    const csv = toCsv([
      ["Nom", "Téléphone", "Notes", "Total"],
      ['=HYPERLINK("http://x.fr";"Voir")', "+33 6 12 34 56 78", "@SUM(A1:A9)", csvNumber(-573.4, 2)],
      ["-2+3", "\tcmd", "\r=1", csvNumber(12.5)],
      ["Dupont", "06 12 34 56 78", "'=déjà", csvNumber(-0, 2)],
    ]);
    expect(csv.split("\r\n")).toEqual([
      "\uFEFFNom;Téléphone;Notes;Total",
      '"\'=HYPERLINK(""http://x.fr"";""Voir"")";\'+33 6 12 34 56 78;\'@SUM(A1:A9);-573,40',
      '\'-2+3;"\'\tcmd";"\'\r=1";12,5',
      "Dupont;06 12 34 56 78;''=déjà;0,00",
      "",
    ]);
    // Read back as it was, the quotes added taken off.
    expect(parseCsv(csv)).toEqual([
      ["Nom", "Téléphone", "Notes", "Total"],
      ['=HYPERLINK("http://x.fr";"Voir")', "+33 6 12 34 56 78", "@SUM(A1:A9)", "-573,40"],
      ["-2+3", "\tcmd", "\r=1", "12,5"],
      ["Dupont", "06 12 34 56 78", "'=déjà", "0,00"],
    ]);
  });

  it("quotes a text cell holding any separator: a spreadsheet splitting on « , » still sees one cell", () => {
    expect(toCsv([["Martin,=1+1", "a\t@b", csvNumber(1.5)]])).toBe('\uFEFF"Martin,=1+1";"a\t@b";1,5\r\n');
    expect(toCsv([[csvNumber(1.5), "x"]], ",")).toBe('\uFEFF"1,5",x\r\n');
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
