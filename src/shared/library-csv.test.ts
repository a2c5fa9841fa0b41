import { describe, expect, it } from "vitest";
import { CSV_TEXTS, decodeCsv, parseCsv, toCsv } from "./csv";
import type { LibraryItem } from "./library";
import { LIBRARY_CSV_TEXTS, libraryCsvRows, parseLibraryCsv } from "./library-csv";

/** Windows-1252 bytes of `text`, built by hand (TextEncoder writes UTF-8 only): Latin-1 as is, « € ’ œ » from the code page. */
const windows1252 = (text: string) =>
  Uint8Array.from([...text], (c) => ({ "€": 0x80, "’": 0x92, œ: 0x9c })[c] ?? c.charCodeAt(0));

const item = (changes: Partial<LibraryItem>): LibraryItem => ({
  id: "9f1c2a7e-3b4d-4c5e-8f60-718293a4b5c6",
  kind: "article",
  name: "Colle C2",
  description: "Sac de 25 kg",
  unit: "kg",
  unit_price: 1.25,
  cost_price: 0.62,
  tax_rate: 10,
  category: "fourniture",
  supplier_reference: "MC-C2",
  pricing: null,
  coefficient: null,
  labour_hours: null,
  archived: false,
  created_at: "2026-11-22T12:00:00.000Z",
  updated_at: "2026-11-22T12:00:00.000Z",
  ...changes,
});

describe("parseLibraryCsv", () => {
  it("reads another software's export: French headers, decimal commas, units and categories as written", () => {
    const csv = [
      "Désignation;Unité;PU HT;Prix d'achat;TVA;Famille;Réf",
      "Carrelage 45×45;M2;34,90 €;21,50;10 %;Fournitures;GC-4545",
      "Carreleur;h;46;31;10;MO;",
      "Benne 8 m3;Ft;390;290;20;Location;",
    ].join("\n");
    const parsed = parseLibraryCsv(csv);
    expect(parsed.fileErrors).toEqual([]);
    expect(parsed.errors).toEqual([]);
    expect(
      parsed.articles.map((a) => [a.line, a.input.name, a.input.unit, a.input.unit_price, a.input.category]),
    ).toEqual([
      [2, "Carrelage 45×45", "m²", 34.9, "fourniture"],
      [3, "Carreleur", "heure", 46, "main_oeuvre"],
      [4, "Benne 8 m3", "forfait", 390, "materiel"],
    ]);
    expect(parsed.articles[0]?.input).toMatchObject({ cost_price: 21.5, tax_rate: 10, supplier_reference: "GC-4545" });
  });

  it("reports each bad row with its line and French reasons, and keeps the good ones", () => {
    const csv = [
      "Nom,Prix HT,Unité,TVA",
      "Robinet,89,u,20",
      ",12,u,20",
      "Vis,douze,u,20",
      "Palette,10,palette,7",
      "Robinet,95,u,20",
      "Ouvrage,1,u,20",
    ].join("\n");
    const parsed = parseLibraryCsv(
      `Type,${csv.split("\n")[0]}\n${csv
        .split("\n")
        .slice(1)
        .map((l, i) => `${i === 5 ? "Ouvrage" : "Article"},${l}`)
        .join("\n")}`,
    );
    expect(parsed.articles.map((a) => a.input.name)).toEqual(["Robinet"]);
    expect(parsed.errors).toEqual([
      { line: 3, name: "", messages: ["Le nom est obligatoire"] },
      { line: 4, name: "Vis", messages: ["Prix de vente HT\u00a0: nombre attendu"] },
      {
        line: 5,
        name: "Palette",
        messages: [
          LIBRARY_CSV_TEXTS.unknownUnit("palette"),
          "Taux de TVA non autorisé\u00a0: choisissez 20, 10, 5,5, 2,1 ou 0\u00a0%",
        ],
      },
      { line: 6, name: "Robinet", messages: [LIBRARY_CSV_TEXTS.duplicateInFile(2)] },
      { line: 7, name: "Ouvrage", messages: [LIBRARY_CSV_TEXTS.ouvrage] },
    ]);
  });

  it("refuses a file without a name or a price column, or an empty one", () => {
    expect(parseLibraryCsv("Référence;Quantité\nA;1").fileErrors).toEqual([
      LIBRARY_CSV_TEXTS.noName,
      LIBRARY_CSV_TEXTS.noPrice,
    ]);
    expect(parseLibraryCsv("").fileErrors).toEqual([LIBRARY_CSV_TEXTS.empty]);
  });

  it("reads a Windows-1252 file (French Excel): « Désignation », « Unité », « Catégorie » recognised, accents intact", () => {
    const text = [
      "Désignation;Unité;Prix de vente HT;Catégorie;Référence fournisseur",
      "Main-d’œuvre façade;h;46,00 €;Main-d’œuvre;FAÇ-1",
      "Enduit prêt à l’emploi;kg;2,5;Matériaux;",
    ].join("\r\n");
    const parsed = parseLibraryCsv(decodeCsv(windows1252(text)));
    expect(parsed.fileErrors).toEqual([]);
    expect(parsed.errors).toEqual([]);
    expect(parsed.articles.map((a) => a.input)).toMatchObject([
      {
        name: "Main-d’œuvre façade",
        unit: "heure",
        unit_price: 46,
        category: "main_oeuvre",
        supplier_reference: "FAÇ-1",
      },
      { name: "Enduit prêt à l’emploi", unit: "kg", unit_price: 2.5, category: "fourniture" },
    ]);
  });

  it("reads commas as well as semicolons, with or without a byte-order mark", () => {
    const text = '\uFEFFNom,Unité,Prix HT,TVA\nPlinthe chêne,ml,"6,90","5,5"';
    expect(parseLibraryCsv(text).articles.map((a) => a.input)).toMatchObject([
      { name: "Plinthe chêne", unit: "ml", unit_price: 6.9, tax_rate: 5.5 },
    ]);
  });

  it("fails a row with a replacement character or a NUL, alone; a header with one fails the file", () => {
    const parsed = parseLibraryCsv(
      ["Nom;Prix HT", "Plinthe ch\uFFFDne;6,90", "Joint;3,40", "Colle\u0000;12", "Silicone;8"].join("\n"),
    );
    expect(parsed.articles.map((a) => a.input.name)).toEqual(["Joint", "Silicone"]);
    expect(parsed.errors).toEqual([
      { line: 2, name: "Plinthe ch\uFFFDne", messages: [CSV_TEXTS.replacementCharacter] },
      { line: 4, name: "Colle\u0000", messages: [CSV_TEXTS.nulCharacter] },
    ]);
    expect(parseLibraryCsv("D\uFFFDsignation;Prix HT\nJoint;3,40").fileErrors).toEqual([CSV_TEXTS.unreadableHeader]);
  });

  it("reads back what the export writes", () => {
    const items = [
      item({}),
      item({
        name: "Carreleur; pose",
        unit: "heure",
        category: "main_oeuvre",
        description: null,
        supplier_reference: null,
      }),
    ];
    const parsed = parseLibraryCsv(toCsv(libraryCsvRows(items)));
    expect(parsed.errors).toEqual([]);
    expect(parsed.articles.map((a) => a.input)).toEqual([
      {
        kind: "article",
        name: "Colle C2",
        description: "Sac de 25 kg",
        unit: "kg",
        unit_price: 1.25,
        cost_price: 0.62,
        tax_rate: 10,
        category: "fourniture",
        supplier_reference: "MC-C2",
      },
      {
        kind: "article",
        name: "Carreleur; pose",
        description: null,
        unit: "heure",
        unit_price: 1.25,
        cost_price: 0.62,
        tax_rate: 10,
        category: "main_oeuvre",
        supplier_reference: null,
      },
    ]);
    expect(parseCsv(toCsv(libraryCsvRows(items)))[0]).toEqual([
      "Type",
      "Nom",
      "Description",
      "Unité",
      "Prix de vente HT",
      "Déboursé HT",
      "TVA",
      "Catégorie",
      "Référence fournisseur",
    ]);
  });
});
