import { addDays } from "@shared/dates";
import { applicableDiscount } from "@shared/money";
import { lineFromStored, lineToPayload, type QuoteStatus, type QuoteWorksite, quoteMargin } from "@shared/quote-rules";
import type { Quote, QuoteInput } from "@shared/quotes";
import type { Premises } from "@shared/vat-rules";
import {
  type DocumentLineFields,
  emptyLine,
  lineToFields,
  liveDiscount,
  liveLines,
  numberText,
} from "@web/components/document-lines/line-fields";

/** One line as the quote form holds it: the line editor's (components/document-lines). */
export type QuoteItemFields = DocumentLineFields;

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
  /** « Logement achevé depuis plus de 2 ans ? » (ADR 0029); null: not answered. */
  premises?: Premises | null;
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
    items: [emptyLine("item", taxRate)],
    worksite: null,
    premises: null,
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
    premises: quote.premises ?? null,
  };
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
    premises: values.premises ?? null,
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

/** Live cost and margin of the form (quotes:margins), by the shared function the server answers with. */
export function liveMargin(fields: {
  items: readonly Partial<QuoteItemFields>[];
  discount_percentage: string;
  discount_amount: string;
}) {
  return quoteMargin({ items: liveLines(fields.items), ...liveDiscount(fields) });
}
