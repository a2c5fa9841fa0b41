import { applicableDiscount, type LineKind, UNITS } from "@shared/documents";
import { QUOTE_DEFAULTS, quoteTotalsInEuros } from "@shared/quote-rules";

/**
 * The lines of a document with lines (a quote, an invoice) as a form holds them: the pure half of
 * the line editor (docs/domain/quotes.md#line-kinds). Numbers are kept as typed text; the document's
 * shared schema coerces them.
 */

/**
 * One line as the inputs hold it (numbers as typed text). A heading or a text line uses its kind and
 * name only (the schemas drop the rest); an invoice's schema drops the cost and the library item too.
 */
export interface DocumentLineFields {
  kind: LineKind;
  name: string;
  description: string;
  quantity: string;
  unit: string;
  unit_price: string;
  tax_rate: string;
  /** Unit cost HT, typed by users holding quotes:margins ('' for none). */
  cost_price: string;
  /** The library item the line was picked from ('' for a typed line). */
  library_item_id: string;
}

/** What a form with lines holds, at least: the line editor works on `items`. */
export interface DocumentLinesFields {
  items: DocumentLineFields[];
}

/** The discount applies as a percentage or as a fixed amount HT, never both. */
export type DiscountMode = "percentage" | "amount";

/** Number → the text an <input type="number"> shows ('' for nothing). */
export function numberText(value: number | null | undefined): string {
  return value === null || value === undefined || Number.isNaN(value) ? "" : String(value);
}

/** A price as the input shows it: 2 decimals (12.4 → « 12.40 »). */
export function priceText(value: number | null | undefined): string {
  return value === null || value === undefined || Number.isNaN(value) ? "" : value.toFixed(2);
}

/** Typed text → a number for the live totals (anything unreadable counts as 0). */
export function readNumber(text: string | number | null | undefined): number {
  if (typeof text === "number") return Number.isFinite(text) ? text : 0;
  if (!text) return 0;
  const value = Number(String(text).replace(",", "."));
  return Number.isFinite(value) ? value : 0;
}

/**
 * A new line of `kind`: quantity 1, unit 'unité', price 0, the company's VAT rate for new lines (20 %
 * until it chooses another, docs/domain/quotes.md#form-rules; spec 3 §9 for invoices).
 */
export function emptyLine(kind: LineKind = "item", taxRate: number = QUOTE_DEFAULTS.taxRate): DocumentLineFields {
  return {
    kind,
    name: "",
    description: "",
    quantity: String(QUOTE_DEFAULTS.quantity),
    unit: QUOTE_DEFAULTS.unit,
    unit_price: "0",
    tax_rate: String(taxRate),
    cost_price: "",
    library_item_id: "",
  };
}

/** A stored line (a quote's, a template's, an invoice's) as form fields; a heading or a text keeps its kind and words. */
export function lineToFields(item: {
  kind: LineKind;
  name: string;
  description: string | null;
  quantity: number;
  unit: string;
  unit_price: number;
  tax_rate: number;
  cost_price?: number | null;
  library_item_id?: string | null;
}): DocumentLineFields {
  if (item.kind !== "item") return { ...emptyLine(item.kind), name: item.name };
  return {
    kind: item.kind,
    name: item.name,
    description: item.description ?? "",
    quantity: numberText(item.quantity),
    unit: item.unit,
    unit_price: priceText(item.unit_price),
    tax_rate: numberText(item.tax_rate),
    cost_price: priceText(item.cost_price),
    library_item_id: item.library_item_id ?? "",
  };
}

/** The discount applies as a percentage unless only a fixed amount is set (applicableDiscount). */
export function discountModeOf(fields: { discount_percentage: string; discount_amount: string }): DiscountMode {
  const applied = applicableDiscount({
    discount_percentage: readNumber(fields.discount_percentage),
    discount_amount: readNumber(fields.discount_amount),
  });
  return applied.discount_amount > 0 ? "amount" : "percentage";
}

/** The form's lines as numbers for the live figures (anything unreadable counts as 0; no cost as none). */
export function liveLines(items: readonly Partial<DocumentLineFields>[]) {
  return items.map((item) => ({
    kind: item.kind ?? "item",
    quantity: Math.max(0, readNumber(item.quantity)),
    unit_price: Math.max(0, readNumber(item.unit_price)),
    tax_rate: Math.min(100, Math.max(0, readNumber(item.tax_rate))),
    cost_price: item.cost_price?.trim() ? Math.max(0, readNumber(item.cost_price)) : null,
  }));
}

/** The form's discount as numbers, kept in range. */
export function liveDiscount(fields: { discount_percentage: string; discount_amount: string }) {
  return {
    discount_percentage: Math.min(100, Math.max(0, readNumber(fields.discount_percentage))),
    discount_amount: Math.max(0, readNumber(fields.discount_amount)),
  };
}

/**
 * Live totals of the form, by the same shared function as the server (to the cent); a heading's line
 * carries its section's subtotal. `vatExempt`: every line at 0 % (an invoice under reverse charge).
 */
export function liveTotals(fields: {
  items: readonly Partial<DocumentLineFields>[];
  discount_percentage: string;
  discount_amount: string;
  vatExempt?: boolean;
}) {
  const lines = liveLines(fields.items);
  return quoteTotalsInEuros({
    items: fields.vatExempt ? lines.map((line) => ({ ...line, tax_rate: 0 })) : lines,
    ...liveDiscount(fields),
  });
}

/** The units of the select (spec 3 §3); a stored unit outside the list stays selectable. */
export function unitOptions(current?: string): string[] {
  const units: string[] = [...UNITS];
  return current && !units.includes(current) ? [...units, current] : units;
}
