/**
 * CSV as French office software writes it (docs/domain/library.md#csv): a separator guessed from the
 * header (« ; » from Excel in French, « , » or a tab elsewhere), fields quoted with « " » when they hold
 * one, a line break or the separator, « "" » for a quote inside; a UTF-8 byte-order mark ignored.
 * The bytes of a file are decoded by `decodeCsv` (UTF-8, else Windows-1252: docs/domain/clients.md#encodings).
 * Every export writes through `toCsv`, which keeps a spreadsheet from running a cell as a formula
 * (docs/domain/clients.md#csv-injection); `parseCsv` reads back what it wrote.
 * Pure: the server parses imports with it, the export writes with it.
 */

export type CsvSeparator = ";" | "," | "\t";

/**
 * The most rows a table's selection exports by id (`ids=…` of GET /api/clients/export and
 * /api/library/export): 200 UUIDs fit in an address.
 */
export const SELECTION_MAX = 200;

/** What an import says of a row or a header it cannot trust (docs/domain/clients.md#encodings). */
export const CSV_TEXTS = {
  replacementCharacter:
    "Caractère illisible «\u00a0\uFFFD\u00a0» (un accent perdu par un mauvais encodage)\u00a0: ligne non importée",
  nulCharacter: "Caractère nul (octet 0) dans une cellule\u00a0: ligne non importée",
  unreadableHeader:
    "Ligne 1 (en-tête)\u00a0: caractère illisible «\u00a0\uFFFD\u00a0» ou nul, les colonnes ne peuvent pas être reconnues",
} as const;

/**
 * The text of a file's bytes, as French office software saves them: UTF-8 with or without its
 * byte-order mark (« CSV UTF-8 »), UTF-16 with its mark (« Texte Unicode »), else Windows-1252 (Excel's
 * « CSV (séparateur : point-virgule) »). Bytes that are not valid UTF-8 are read as Windows-1252, which
 * gives a character for every byte: no replacement character « \uFFFD » is ever made here.
 */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/**
 * Windows-1252's characters for the bytes 0x80 to 0x9F (the WHATWG table: « € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’
 * “ ” • – — ˜ ™ š › œ ž Ÿ », the five unassigned bytes as the control of their number); every other byte
 * is the character of its number (Latin-1).
 */
const WINDOWS_1252_80_9F = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Windows-1252 decoded by its table, not by `TextDecoder("windows-1252")`: Node 20 reads that label as
 * Latin-1, which turns « ’ » (0x92), « œ » (0x9C) and « € » (0x80) into invisible control characters.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const chunk = 8192;
  for (let start = 0; start < bytes.length; start += chunk) {
    const codes = Array.from(bytes.subarray(start, start + chunk), (b) =>
      b >= 0x80 && b <= 0x9f ? (WINDOWS_1252_80_9F[b - 0x80] as number) : b,
    );
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join("");
}

/**
 * Why a row read from a file cannot be imported as it is: a replacement character « \uFFFD » (the
 * file was decoded with the wrong encoding before it reached us: « Lef\uFFFDvre ») or half a UTF-16
 * pair (it would be stored as one), or a NUL (PostgreSQL stores no such character); null when it can.
 */
export function unreadableCells(row: readonly string[]): string | null {
  if (row.some((cell) => /[\uFFFD\p{Cs}]/u.test(cell))) return CSV_TEXTS.replacementCharacter;
  if (row.some((cell) => cell.includes("\u0000"))) return CSV_TEXTS.nulCharacter;
  return null;
}

/**
 * The separator of a file, of « ; », tab and « , »: the one that splits the header into several
 * columns and the next rows (up to 20) into as many, most often; between equals, the one found most in
 * the header, outside quotes (« ; » first on a tie). So « Nom;Prix, HT, € » over « Joint;3,40 » is read
 * with « ; », though its header holds more commas. « ; » for a file of one column.
 */
export function detectSeparator(text: string): CsvSeparator {
  const sample = text.slice(0, 65_536);
  let best: { separator: CsvSeparator; rows: number; columns: number } = { separator: ";", rows: -1, columns: 1 };
  for (const separator of [";", "\t", ","] as const) {
    const records = parseCsv(sample, separator).slice(0, 21);
    // A sample cut short may end inside a record: that one is left out.
    if (sample.length < text.length && records.length > 1) records.pop();
    const [header, ...rows] = records;
    const columns = header?.length ?? 0;
    if (columns < 2) continue;
    const matching = rows.filter((row) => row.length === columns).length;
    if (matching > best.rows || (matching === best.rows && columns > best.columns)) {
      best = { separator, rows: matching, columns };
    }
  }
  return best.separator;
}

/**
 * The rows of `text`, each an array of fields; blank lines are left out. A field that `toCsv` kept from
 * being a formula (« '=… ») is read as it was before (« =… »).
 */
export function parseCsv(text: string, separator: CsvSeparator = detectSeparator(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const source = text.replace(/^\uFEFF/, "");
  const endRow = () => {
    row.push(restoreFormula(field));
    if (row.some((value) => value.trim() !== "")) rows.push(row);
    row = [];
    field = "";
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === "") quoted = true;
    else if (char === separator) {
      row.push(restoreFormula(field));
      field = "";
    } else if (char === "\n") endRow();
    else if (char === "\r") {
      if (source[i + 1] !== "\n") endRow();
    } else field += char;
  }
  if (field !== "" || row.length > 0) endRow();
  return rows;
}

/**
 * A figure of a file (`csvNumber`): written as a French spreadsheet reads a number — « 1234,5 »,
 * « -12,50 » — and never neutralised, so that a negative amount stays a number a sum adds up.
 */
export interface CsvNumber {
  readonly csvNumber: string;
}

/** A cell of a file: text (neutralised when it could run as a formula) or a figure. */
export type CsvCell = string | CsvNumber;

/** `value` as a figure of a file, with a decimal comma; `fractionDigits` fixed when given (« 573,40 »). */
export function csvNumber(value: number, fractionDigits?: number): CsvNumber {
  const text = fractionDigits === undefined ? String(value) : value.toFixed(fractionDigits);
  return { csvNumber: text.replace(".", ",") };
}

/**
 * What a spreadsheet runs as a formula (OWASP « CSV injection »): a text starting with « = », « + »,
 * « - », « @ », a tab or a carriage return. Quotes before one are counted in, so that the quote
 * `toCsv` adds is the one `parseCsv` takes off: « '=A1 » is written « ''=A1 » and read back whole.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEUTRALISED_FORMULA = /^'+[=+\-@\t\r]/;

/** A text cell as written: a single quote before it when a spreadsheet would run it as a formula. */
function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A field as read: the quote `neutraliseFormula` added taken off. */
function restoreFormula(value: string): string {
  return NEUTRALISED_FORMULA.test(value) ? value.slice(1) : value;
}

/**
 * One cell written for CSV: a figure as it is; a text neutralised, and quoted when it holds a quote,
 * a line break or any separator (« ; », « , », tab) — so that a spreadsheet splitting on another
 * separator than ours still sees one cell, never a piece of text starting with « = ».
 */
function csvField(cell: CsvCell, separator: CsvSeparator): string {
  if (typeof cell !== "string") return cell.csvNumber.includes(separator) ? `"${cell.csvNumber}"` : cell.csvNumber;
  const value = neutraliseFormula(cell);
  return /["\r\n;,\t]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * A CSV file for a spreadsheet in French: « ; » between fields, CRLF line ends and a byte-order mark,
 * so that Excel opens it in UTF-8 (accents intact) with one column per field. Text cells are kept
 * from running as formulas (`neutraliseFormula`); figures (`csvNumber`) stay numbers.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[], separator: CsvSeparator = ";"): string {
  return `\uFEFF${rows.map((row) => row.map((cell) => csvField(cell, separator)).join(separator)).join("\r\n")}\r\n`;
}

/**
 * A header or a word as it may be written (« Prix de vente HT », « prix_vente_ht », « Main-d'œuvre »,
 * « m² »): lower case, no accent, no punctuation, « œ » as « oe », « ² » as « 2 ».
 */
export function normaliseHeader(header: string): string {
  return header
    .replace(/œ/g, "oe")
    .replace(/Œ/g, "OE")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** A number as a French spreadsheet writes it: « 1 234,50 », « 1234.5 », « 12,5 € »; null when none. */
export function parseFrenchNumber(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f€%]/g, "");
  if (cleaned === "") return null;
  const normalised = cleaned.includes(",") ? cleaned.replace(/\./g, "").replace(",", ".") : cleaned;
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return Number.NaN;
  return Number(normalised);
}
