import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CSV_TEXTS,
  csvNumber,
  decodeCsv,
  detectSeparator,
  normaliseHeader,
  parseCsv,
  parseFrenchNumber,
  toCsv,
  unreadableCells,
} from "./csv";

/** Windows-1252 bytes of `text`, built by hand (TextEncoder writes UTF-8 only): Latin-1 as is, « € ’ œ » from the code page. */
const windows1252 = (text: string) =>
  Uint8Array.from([...text], (c) => ({ "€": 0x80, "’": 0x92, œ: 0x9c })[c] ?? c.charCodeAt(0));

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

  it("guesses the separator that splits the header and the rows alike, not the one the header holds most", () => {
    expect(detectSeparator("Nom;Prix, HT, €\r\nJoint;3,40\r\nColle;12,50")).toBe(";");
    expect(parseCsv("Nom;Prix, HT, €\r\nJoint;3,40")).toEqual([
      ["Nom", "Prix, HT, €"],
      ["Joint", "3,40"],
    ]);
    expect(detectSeparator('Nom,Prénom,Adresse\nDupont,Jean,"1 rue Haute; bât. B"\nMartin,Zoé,Lyon')).toBe(",");
    expect(detectSeparator("Nom;Prénom,Ville\nDupont;Jean, Lyon")).toBe(";");
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

describe("decodeCsv: the bytes of a file as French office software saves them", () => {
  it("reads Windows-1252 (French Excel's « CSV (séparateur : point-virgule) »): accents, €, ’ and œ intact", () => {
    // « Nom;Prénom;Téléphone » then « Lefèvre;Zoé;06 », byte by byte.
    const bytes = new Uint8Array([
      0x4e, 0x6f, 0x6d, 0x3b, 0x50, 0x72, 0xe9, 0x6e, 0x6f, 0x6d, 0x3b, 0x54, 0xe9, 0x6c, 0xe9, 0x70, 0x68, 0x6f, 0x6e,
      0x65, 0x0d, 0x0a, 0x4c, 0x65, 0x66, 0xe8, 0x76, 0x72, 0x65, 0x3b, 0x5a, 0x6f, 0xe9, 0x3b, 0x30, 0x36,
    ]);
    expect(decodeCsv(bytes)).toBe("Nom;Prénom;Téléphone\r\nLefèvre;Zoé;06");
    const text = "Désignation;Prix\r\nMain-d’œuvre façade;12,50 €\r\n";
    expect(decodeCsv(windows1252(text))).toBe(text);
    expect(decodeCsv(windows1252(text))).not.toContain("\uFFFD");
    // The code page's own characters (0x80 to 0x9F), not Latin-1's control characters.
    const high = Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i);
    expect(decodeCsv(high)).toBe("€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ");
  });

  it("reads UTF-8 with or without its byte-order mark, and UTF-16 with its mark", () => {
    const text = "Nom,Prénom\nLefèvre,Zoé";
    const utf8 = new TextEncoder().encode(text);
    expect(decodeCsv(utf8)).toBe(text);
    expect(decodeCsv(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe(text);
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...[...text].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8]),
    ]);
    expect(decodeCsv(utf16)).toBe(text);
    expect(parseCsv(decodeCsv(utf16))).toEqual([
      ["Nom", "Prénom"],
      ["Lefèvre", "Zoé"],
    ]);
  });

  it("names what makes a row unreadable: a replacement character, a NUL", () => {
    expect(unreadableCells(["Lef\uFFFDvre", "Zoé"])).toBe(CSV_TEXTS.replacementCharacter);
    // Half a UTF-16 pair would reach the database as « \uFFFD »; a whole pair is a character.
    expect(unreadableCells(["Lef\ud800vre"])).toBe(CSV_TEXTS.replacementCharacter);
    expect(unreadableCells(["Chantier 🏠"])).toBeNull();
    expect(unreadableCells(["Dupont", "06\u000012"])).toBe(CSV_TEXTS.nulCharacter);
    expect(unreadableCells(["Dupont", "06 12"])).toBeNull();
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
