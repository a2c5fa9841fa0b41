/**
 * The document core (issue 33): what quotes, invoices, deposit invoices and credit notes — and the kinds
 * to come — share in `src/shared`. Zod-free, so a list page may import it; the schemas — the one line
 * input schema, a stored line, the discount fields and rules — are `./schema.ts` (imported by path where
 * a form or the API needs them).
 *
 * - `lines.ts`: line kinds, units, VAT rates, section subtotals, a line's stored figures;
 * - `discount.ts`: the one discount rule and « Total HT après remise »;
 * - `totals.ts`: every figure of a document in cents from its stored ones, and the labelled rows of
 *   its totals (`totalsRows`) that the screens, the PDF and the Factur-X XML read;
 * - `texts.ts`: the messages every kind says alike.
 */
export * from "./discount";
export * from "./lines";
export * from "./texts";
export * from "./totals";
