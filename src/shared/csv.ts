/**
 * CSV as French office software writes it (docs/domain/library.md#csv): a separator guessed from the
 * header (« ; » from Excel in French, « , » or a tab elsewhere), fields quoted with « " » when they hold
 * one, a line break or the separator, « "" » for a quote inside; a UTF-8 byte-order mark ignored.
 * Pure: the server parses imports with it, the export writes with it.
 */

export type CsvSeparator = ";" | "," | "\t";

/** The separator of a file: the one of `;`, tab and `,` found most in its first line, outside quotes. */
export function detectSeparator(text: string): CsvSeparator {
  const counts = { ";": 0, "\t": 0, ",": 0 };
  let quoted = false;
  for (const char of text.replace(/^\uFEFF/, "")) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && char in counts) counts[char as CsvSeparator] += 1;
  }
  const [best] = (Object.entries(counts) as [CsvSeparator, number][]).sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ";";
}

/** The rows of `text`, each an array of fields; blank lines are left out. */
export function parseCsv(text: string, separator: CsvSeparator = detectSeparator(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const source = text.replace(/^\uFEFF/, "");
  const endRow = () => {
    row.push(field);
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
      row.push(field);
      field = "";
    } else if (char === "\n") endRow();
    else if (char === "\r") {
      if (source[i + 1] !== "\n") endRow();
    } else field += char;
  }
  if (field !== "" || row.length > 0) endRow();
  return rows;
}

/** One field written for CSV: quoted when it must be. */
function csvField(value: string, separator: CsvSeparator): string {
  return /["\r\n]/.test(value) || value.includes(separator) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * A CSV file for a spreadsheet in French: « ; » between fields, CRLF line ends and a byte-order mark,
 * so that Excel opens it in UTF-8 (accents intact) with one column per field.
 */
export function toCsv(rows: readonly (readonly string[])[], separator: CsvSeparator = ";"): string {
  return `\uFEFF${rows.map((row) => row.map((value) => csvField(value, separator)).join(separator)).join("\r\n")}\r\n`;
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
