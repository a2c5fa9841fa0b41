/**
 * The price library as CSV (docs/domain/library.md#csv): the columns an export writes, and how an
 * import reads a file from other software — headers by their usual French names, units and
 * categories as people write them, numbers with a decimal comma — into articles, row by row.
 */
import {
  CSV_TEXTS,
  type CsvCell,
  csvNumber,
  normaliseHeader,
  parseCsv,
  parseFrenchNumber,
  unreadableCells,
} from "./csv";
import { isAllowedTaxRate, UNITS, VAT_RATES } from "./documents/lines";
import { formatNumber } from "./format";
import { type ArticleInput, articleInputSchema, type LibraryItem } from "./library";
import { LIBRARY_CATEGORY_LABELS, LIBRARY_KIND_LABELS, type LibraryCategory } from "./library-rules";
import { QUOTE_DEFAULTS, QUOTE_TEXTS } from "./quote-rules";

export const LIBRARY_CSV_LIMITS = { maxRows: 10_000, maxBytes: 5_000_000, preview: 20 } as const;

type Field = keyof Omit<ArticleInput, "kind"> | "kind";

/** The columns of an export, in order; an import reads them back. */
export const LIBRARY_CSV_COLUMNS: readonly { field: Field; header: string }[] = [
  { field: "kind", header: "Type" },
  { field: "name", header: "Nom" },
  { field: "description", header: "Description" },
  { field: "unit", header: "Unité" },
  { field: "unit_price", header: "Prix de vente HT" },
  { field: "cost_price", header: "Déboursé HT" },
  { field: "tax_rate", header: "TVA" },
  { field: "category", header: "Catégorie" },
  { field: "supplier_reference", header: "Référence fournisseur" },
];

/** Headers an import recognises, normalised (`normaliseHeader`), by field. */
const HEADER_NAMES: Record<Field, readonly string[]> = {
  kind: ["type"],
  name: ["nom", "designation", "libelle", "article", "intitule", "name"],
  description: ["description", "detail", "details", "descriptif"],
  unit: ["unite", "u", "unit", "unite de mesure"],
  unit_price: [
    "prix de vente ht",
    "prix vente ht",
    "prix ht",
    "pu ht",
    "prix unitaire ht",
    "prix de vente",
    "prix",
    "pv ht",
    "tarif",
  ],
  cost_price: [
    "debourse ht",
    "debourse",
    "debourse sec",
    "prix d achat",
    "prix achat",
    "prix d achat ht",
    "cout",
    "cout unitaire",
    "prix de revient",
    "pa ht",
  ],
  tax_rate: ["tva", "taux de tva", "taux tva", "tva %"],
  category: ["categorie", "famille", "nature"],
  supplier_reference: ["reference fournisseur", "ref fournisseur", "reference", "ref", "code article", "code"],
};

const UNIT_NAMES: Record<string, (typeof UNITS)[number]> = {
  u: "unité",
  un: "unité",
  unite: "unité",
  unites: "unité",
  pce: "unité",
  piece: "unité",
  pieces: "unité",
  ens: "forfait",
  h: "heure",
  heure: "heure",
  heures: "heure",
  hr: "heure",
  j: "jour",
  jour: "jour",
  jours: "jour",
  m2: "m²",
  "m 2": "m²",
  ml: "ml",
  m: "m",
  kg: "kg",
  forfait: "forfait",
  ft: "forfait",
  fft: "forfait",
  f: "forfait",
};

const CATEGORY_NAMES: Record<string, LibraryCategory> = {
  fourniture: "fourniture",
  fournitures: "fourniture",
  materiau: "fourniture",
  materiaux: "fourniture",
  "main d oeuvre": "main_oeuvre",
  mo: "main_oeuvre",
  "main oeuvre": "main_oeuvre",
  materiel: "materiel",
  location: "materiel",
  "sous traitance": "sous_traitance",
  "sous traitant": "sous_traitance",
  st: "sous_traitance",
};

export const LIBRARY_CSV_TEXTS = {
  empty: "Le fichier est vide",
  noName: "Colonne «\u00a0Nom\u00a0» introuvable (ou «\u00a0Désignation\u00a0», «\u00a0Libellé\u00a0»)",
  noPrice: "Colonne «\u00a0Prix de vente HT\u00a0» introuvable (ou «\u00a0Prix HT\u00a0», «\u00a0PU HT\u00a0»)",
  tooManyRows: `${formatNumber(LIBRARY_CSV_LIMITS.maxRows)} lignes au maximum par import`,
  ouvrage: "Les ouvrages ne s’importent pas\u00a0: composez-les dans la bibliothèque",
  unknownUnit: (unit: string) => `Unité «\u00a0${unit}\u00a0» inconnue (${UNITS.join(", ")})`,
  unknownCategory: (category: string) =>
    `Catégorie «\u00a0${category}\u00a0» inconnue (${Object.values(LIBRARY_CATEGORY_LABELS).join(", ")})`,
  notANumber: (label: string) => `${label}\u00a0: nombre attendu`,
  duplicateInFile: (line: number) => `Même nom qu’à la ligne ${line}`,
  alreadyInLibrary: "Déjà dans la bibliothèque (même nom)",
} as const;

/** The header row of a file mapped to fields: the index of each recognised column. */
export type ColumnMapping = Partial<Record<Field, number>>;

export function mapColumns(header: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  header.forEach((raw, index) => {
    const name = normaliseHeader(raw);
    for (const [field, names] of Object.entries(HEADER_NAMES) as [Field, readonly string[]][]) {
      if (mapping[field] === undefined && names.includes(name)) {
        mapping[field] = index;
        return;
      }
    }
  });
  return mapping;
}

export interface ImportRowError {
  /** The line of the file (the header is line 1). */
  line: number;
  name: string;
  messages: string[];
}

export interface ParsedImport {
  /** Problems with the whole file (no name column…): nothing can be imported. */
  fileErrors: string[];
  /** Rows read, header left out. */
  rowCount: number;
  articles: { line: number; input: ArticleInput }[];
  errors: ImportRowError[];
  /** Recognised columns, by field, with the header as written in the file. */
  columns: Partial<Record<Field, string>>;
}

/**
 * Reads a CSV file into articles: each row checked by the article schema (its French messages), the
 * unit and category read as people write them, the VAT rate 20 % and the cost 0 when their column is
 * absent (a rate outside `taxRates`, the company's, refused), a row of kind « Ouvrage » refused (an ouvrage is made of articles), a name twice in the file
 * reported on its second row.
 */
export function parseLibraryCsv(text: string, taxRates: readonly number[] = VAT_RATES): ParsedImport {
  const [header, ...rows] = parseCsv(text);
  const result: ParsedImport = { fileErrors: [], rowCount: rows.length, articles: [], errors: [], columns: {} };
  if (!header) return { ...result, fileErrors: [LIBRARY_CSV_TEXTS.empty] };
  if (unreadableCells(header)) return { ...result, fileErrors: [CSV_TEXTS.unreadableHeader] };
  const mapping = mapColumns(header);
  for (const [field, index] of Object.entries(mapping) as [Field, number][]) result.columns[field] = header[index];
  if (mapping.name === undefined) result.fileErrors.push(LIBRARY_CSV_TEXTS.noName);
  if (mapping.unit_price === undefined) result.fileErrors.push(LIBRARY_CSV_TEXTS.noPrice);
  if (rows.length > LIBRARY_CSV_LIMITS.maxRows) result.fileErrors.push(LIBRARY_CSV_TEXTS.tooManyRows);
  if (result.fileErrors.length > 0) return result;

  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const line = index + 2;
    const cell = (field: Field) => {
      const at = mapping[field];
      return at === undefined ? "" : (row[at] ?? "").trim();
    };
    const name = cell("name");
    // A replacement character or a NUL in any cell fails the row alone (docs/domain/clients.md#encodings).
    const unreadable = unreadableCells(row);
    const messages: string[] = unreadable ? [unreadable] : [];
    /** Fields already reported in the file's own words: the schema's message about them is left out. */
    const reported = new Set<string>();
    const number = (field: Field, label: string, fallback: number | null) => {
      const text = cell(field);
      if (text === "") return fallback;
      const value = parseFrenchNumber(text);
      if (value === null || Number.isNaN(value)) {
        messages.push(LIBRARY_CSV_TEXTS.notANumber(label));
        reported.add(field);
        return fallback;
      }
      return value;
    };
    if (normaliseHeader(cell("kind")) === "ouvrage") {
      result.errors.push({ line, name, messages: [...messages, LIBRARY_CSV_TEXTS.ouvrage] });
      return;
    }
    const unitText = cell("unit");
    const unit = unitText === "" ? QUOTE_DEFAULTS.unit : UNIT_NAMES[normaliseHeader(unitText)];
    if (!unit) {
      messages.push(LIBRARY_CSV_TEXTS.unknownUnit(unitText));
      reported.add("unit");
    }
    const categoryText = cell("category");
    const category = categoryText === "" ? "fourniture" : CATEGORY_NAMES[normaliseHeader(categoryText)];
    if (!category) {
      messages.push(LIBRARY_CSV_TEXTS.unknownCategory(categoryText));
      reported.add("category");
    }
    const candidate = {
      kind: "article" as const,
      name,
      description: cell("description"),
      unit: unit ?? unitText,
      unit_price: number("unit_price", "Prix de vente HT", null),
      cost_price: number("cost_price", "Déboursé", 0),
      tax_rate: number("tax_rate", "TVA", QUOTE_DEFAULTS.taxRate),
      category: category ?? categoryText,
      supplier_reference: cell("supplier_reference"),
    };
    const checked = articleInputSchema.safeParse(candidate);
    const issues = checked.success ? [] : checked.error.issues;
    for (const issue of issues) {
      if (!reported.has(String(issue.path[0])) && !messages.includes(issue.message)) messages.push(issue.message);
    }
    const rate = candidate.tax_rate;
    const rateChecked = !reported.has("tax_rate") && !issues.some((i) => i.path[0] === "tax_rate");
    if (rateChecked && rate !== null && !isAllowedTaxRate(rate, taxRates)) {
      // One of the company's rates (docs/decisions/0020-vat-rates.md).
      messages.push(QUOTE_TEXTS.taxRateNotAllowed(taxRates));
    }
    const key = name.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined && name !== "") messages.push(LIBRARY_CSV_TEXTS.duplicateInFile(first));
    else seen.set(key, line);
    if (messages.length > 0 || !checked.success) result.errors.push({ line, name, messages });
    else result.articles.push({ line, input: checked.data });
  });
  return result;
}

/** The rows of an export (header first): numbers as a French spreadsheet reads them (figures, never neutralised). */
export function libraryCsvRows(items: readonly LibraryItem[]): CsvCell[][] {
  const decimal = (value: number) => csvNumber(value);
  return [
    LIBRARY_CSV_COLUMNS.map((c) => c.header),
    ...items.map((item) => [
      LIBRARY_KIND_LABELS[item.kind],
      item.name,
      item.description ?? "",
      item.unit,
      decimal(item.unit_price),
      decimal(item.cost_price),
      decimal(item.tax_rate),
      item.category ? LIBRARY_CATEGORY_LABELS[item.category] : "",
      item.supplier_reference ?? "",
    ]),
  ];
}
