import { addDays } from "@shared/dates";
import { applicableDiscount } from "@shared/money";
import { QUOTE_DEFAULTS, type QuoteStatus, quoteTotalsInEuros, UNITS } from "@shared/quote-rules";
import type { Quote, QuoteInput } from "@shared/quotes";

/** One line as the inputs hold it (numbers as typed text); the shared schema coerces them. */
export interface QuoteItemFields {
  name: string;
  description: string;
  quantity: string;
  unit: string;
  unit_price: string;
  tax_rate: string;
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

/** A new line: quantity 1, unit 'unité', price 0, VAT 20 % (docs/domain/quotes.md#form-rules). */
export function emptyItem(): QuoteItemFields {
  return {
    name: "",
    description: "",
    quantity: String(QUOTE_DEFAULTS.quantity),
    unit: QUOTE_DEFAULTS.unit,
    unit_price: "0",
    tax_rate: String(QUOTE_DEFAULTS.taxRate),
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
}

/** A new quote: draft, dated today, valid until today + the company's validity days when known, one empty line. */
export function createDefaults({ today, validityDays, clientId }: CreateDefaultsOptions): QuoteFormFields {
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
    items: [emptyItem()],
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
    items: [...quote.items]
      .sort((a, b) => a.position - b.position)
      .map((item) => ({
        name: item.name,
        description: item.description ?? "",
        quantity: numberText(item.quantity),
        unit: item.unit,
        unit_price: priceText(item.unit_price),
        tax_rate: numberText(item.tax_rate),
      })),
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

export type QuoteItemPayload = QuoteInput["items"][number];
export type QuotePayload = Omit<QuoteInput, "items"> & { id?: string; items: QuoteItemPayload[] };

/**
 * Body of POST /api/quotes and PUT /api/quotes/:id (docs/domain/quotes.md#form-rules): the validated fields, lines in
 * screen order (the server numbers them), only the discount that applies; an update also sends the id.
 * A creation without a validity date leaves it out: the server defaults it from the company's setting
 * (docs/domain/api.md: a POST may default, a PUT carries the whole resource).
 */
export function toQuotePayload(values: QuoteInput, id?: string): QuotePayload {
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
    items: values.items.map((item) => ({
      name: item.name,
      description: item.description ?? null,
      quantity: item.quantity,
      unit: item.unit,
      unit_price: item.unit_price,
      tax_rate: item.tax_rate,
    })),
  };
}

/** The stored quote sent back unchanged but for its status ('Marquer comme envoyé', 'Valider'). */
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
      .map((item) => ({
        name: item.name,
        description: item.description,
        quantity: item.quantity,
        unit: item.unit as QuoteItemPayload["unit"],
        unit_price: item.unit_price,
        tax_rate: item.tax_rate,
      })),
  };
}

/** Live totals of the form, by the same shared function as the server (to the cent). */
export function liveTotals(fields: Pick<QuoteFormFields, "items" | "discount_percentage" | "discount_amount">) {
  return quoteTotalsInEuros({
    items: fields.items.map((item) => ({
      quantity: Math.max(0, readNumber(item.quantity)),
      unit_price: Math.max(0, readNumber(item.unit_price)),
      tax_rate: Math.min(100, Math.max(0, readNumber(item.tax_rate))),
    })),
    discount_percentage: Math.min(100, Math.max(0, readNumber(fields.discount_percentage))),
    discount_amount: Math.max(0, readNumber(fields.discount_amount)),
  });
}

/** The units of the select; a stored unit outside the list stays selectable. */
export function unitOptions(current?: string): string[] {
  const units: string[] = [...UNITS];
  return current && !units.includes(current) ? [...units, current] : units;
}
