import { addDays } from "@shared/dates";
import { applicableDiscount } from "@shared/money";
import {
  type LineKind,
  lineFromStored,
  lineToPayload,
  QUOTE_DEFAULTS,
  type QuoteStatus,
  type QuoteWorksite,
  quoteMargin,
  quoteTotalsInEuros,
  UNITS,
} from "@shared/quote-rules";
import type { Quote, QuoteInput } from "@shared/quotes";

/**
 * One line as the inputs hold it (numbers as typed text); the shared schema coerces them. A heading
 * or a text line uses its kind and name only (the schema drops the rest).
 */
export interface QuoteItemFields {
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

/** What the quote form holds; `quoteInputSchema` (through the zod resolver) turns it into QuoteInput. */
export interface QuoteFormFields {
  name: string;
  client_id: string;
  status: QuoteStatus;
  date: string;
  valid_until: string;
  notes: string;
  terms: string;
  discount_percentage: string;
  discount_amount: string;
  items: QuoteItemFields[];
  /** Chosen among the client's worksite addresses (copied onto the quote); null: the client's address. */
  worksite: QuoteWorksite | null;
}

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
 * until it chooses another, docs/domain/quotes.md#form-rules).
 */
export function emptyItem(kind: LineKind = "item", taxRate: number = QUOTE_DEFAULTS.taxRate): QuoteItemFields {
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

export interface CreateDefaultsOptions {
  /** Business today, `yyyy-mm-dd` (Europe/Paris). */
  today: string;
  /**
   * The company's quote validity (days). Unknown (a user without settings:view, or not loaded yet):
   * the date stays empty and the server computes it from the company's setting on creation.
   */
  validityDays?: number | null;
  /** /quotes/new?client_id=… preselects the client. */
  clientId?: string | null;
  /** The company's VAT rate for new lines (20 % when unknown). */
  taxRate?: number;
}

/** A new quote: draft, dated today, valid until today + the company's validity days when known, one empty line. */
export function createDefaults({ today, validityDays, clientId, taxRate }: CreateDefaultsOptions): QuoteFormFields {
  return {
    name: "",
    client_id: clientId ?? "",
    status: "en cours de redaction",
    date: today,
    valid_until: validUntilFor(today, validityDays),
    notes: "",
    terms: "",
    discount_percentage: "0",
    discount_amount: "0",
    items: [emptyItem("item", taxRate)],
    worksite: null,
  };
}

/** today + the company's validity days; "" when they are unknown (never a guessed 30: the server knows). */
export function validUntilFor(date: string, validityDays?: number | null): string {
  return validityDays && validityDays > 0 ? addDays(date, validityDays) : "";
}

/** The stored quote as form fields (lines in their position order). */
export function quoteToFields(quote: Quote): QuoteFormFields {
  return {
    name: quote.name,
    client_id: quote.client_id,
    status: quote.status,
    date: quote.date,
    valid_until: quote.valid_until ?? "",
    notes: quote.notes ?? "",
    terms: quote.terms ?? "",
    discount_percentage: numberText(quote.discount_percentage),
    discount_amount: numberText(quote.discount_amount),
    items: [...quote.items].sort((a, b) => a.position - b.position).map(lineToFields),
    worksite: quote.worksite,
  };
}

/** A stored line (a quote's, a template's) as form fields; a heading or a text keeps its kind and words. */
export function lineToFields(item: {
  kind: LineKind;
  name: string;
  description: string | null;
  quantity: number;
  unit: string;
  unit_price: number;
  tax_rate: number;
  cost_price?: number | null;
  library_item_id: string | null;
}): QuoteItemFields {
  if (item.kind !== "item") return { ...emptyItem(item.kind), name: item.name };
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
export function discountModeOf(fields: Pick<QuoteFormFields, "discount_percentage" | "discount_amount">): DiscountMode {
  const applied = applicableDiscount({
    discount_percentage: readNumber(fields.discount_percentage),
    discount_amount: readNumber(fields.discount_amount),
  });
  return applied.discount_amount > 0 ? "amount" : "percentage";
}

export type QuotePayload = Omit<QuoteInput, "items"> & { id?: string; items: ReturnType<typeof lineToPayload>[] };

export interface PayloadOptions {
  /** The user holds quotes:margins: the lines say their costs (otherwise they keep theirs, unsaid). */
  withCosts: boolean;
}

/**
 * Body of POST /api/quotes and PUT /api/quotes/:id (docs/domain/quotes.md#form-rules): the validated fields, lines in
 * screen order (the server numbers them), only the discount that applies; an update also sends the id.
 * A creation without a validity date leaves it out: the server defaults it from the company's setting
 * (docs/domain/api.md: a POST may default, a PUT carries the whole resource).
 */
export function toQuotePayload(values: QuoteInput, id: string | undefined, options: PayloadOptions): QuotePayload {
  return {
    ...(id ? { id } : {}),
    name: values.name,
    client_id: values.client_id,
    status: values.status,
    date: values.date,
    ...(id || values.valid_until ? { valid_until: values.valid_until ?? null } : {}),
    notes: values.notes ?? null,
    terms: values.terms ?? null,
    ...applicableDiscount(values),
    items: values.items.map((item) => lineToPayload(options.withCosts ? item : { ...item, cost_price: undefined })),
    worksite: values.worksite ?? null,
  };
}

/** The stored quote sent back unchanged but for its status ('Marquer comme envoyé', 'Valider'); costs unsaid. */
export function statusChangePayload(quote: Quote, status: QuoteStatus): QuotePayload {
  return {
    id: quote.id,
    name: quote.name,
    client_id: quote.client_id,
    status,
    date: quote.date,
    valid_until: quote.valid_until,
    notes: quote.notes,
    terms: quote.terms,
    ...applicableDiscount(quote),
    items: [...quote.items]
      .sort((a, b) => a.position - b.position)
      .map((item) => lineToPayload({ ...lineFromStored(item), cost_price: undefined })),
  };
}

/** The form's lines as numbers for the live figures (anything unreadable counts as 0; no cost as none). */
function liveLines(items: readonly Partial<QuoteItemFields>[]) {
  return items.map((item) => ({
    kind: item.kind ?? "item",
    quantity: Math.max(0, readNumber(item.quantity)),
    unit_price: Math.max(0, readNumber(item.unit_price)),
    tax_rate: Math.min(100, Math.max(0, readNumber(item.tax_rate))),
    cost_price: item.cost_price?.trim() ? Math.max(0, readNumber(item.cost_price)) : null,
  }));
}

function liveDiscount(fields: Pick<QuoteFormFields, "discount_percentage" | "discount_amount">) {
  return {
    discount_percentage: Math.min(100, Math.max(0, readNumber(fields.discount_percentage))),
    discount_amount: Math.max(0, readNumber(fields.discount_amount)),
  };
}

/** Live totals of the form, by the same shared function as the server (to the cent); a heading's line carries its section's subtotal. */
export function liveTotals(fields: {
  items: readonly Partial<QuoteItemFields>[];
  discount_percentage: string;
  discount_amount: string;
}) {
  return quoteTotalsInEuros({ items: liveLines(fields.items), ...liveDiscount(fields) });
}

/** Live cost and margin of the form (quotes:margins), by the shared function the server answers with. */
export function liveMargin(fields: {
  items: readonly Partial<QuoteItemFields>[];
  discount_percentage: string;
  discount_amount: string;
}) {
  return quoteMargin({ items: liveLines(fields.items), ...liveDiscount(fields) });
}

/** The units of the select; a stored unit outside the list stays selectable. */
export function unitOptions(current?: string): string[] {
  const units: string[] = [...UNITS];
  return current && !units.includes(current) ? [...units, current] : units;
}
