import {
  DEFAULT_OPERATION_CATEGORY,
  defaultDueDate,
  INVOICE_DEFAULTS,
  type OperationCategory,
  type PaymentMethod,
} from "@shared/invoice-rules";
import type { Invoice, InvoiceInput, InvoiceUpdate } from "@shared/invoices";
import { applicableDiscount } from "@shared/money";
import type { Quote } from "@shared/quotes";
import { documentSectionOf } from "@web/components/document-form/document-form";
import {
  type DocumentLineFields,
  emptyLine,
  lineToFields,
  numberText,
} from "@web/components/document-lines/line-fields";

/**
 * The invoice form's pure rules (docs/domain/invoices.md#forms-web): what a new invoice starts with, an
 * invoice or a validated quote as form fields, and the bodies of POST and PUT /api/invoices.
 */

/** What the invoice form holds; the shared schema (through the zod resolver) turns it into the input. */
export interface InvoiceFormFields {
  client_id: string;
  name: string;
  date: string;
  /** '' : the server sets date + 30 days. */
  due_date: string;
  payment_method: PaymentMethod | "";
  /** « Date des travaux » ('' for none): a mention when it differs from the invoice's date. */
  work_date: string;
  /** « Autoliquidation (sous-traitance BTP) »: every line at VAT 0 with its mention. */
  reverse_charge: boolean;
  /** 2026 reform: « Catégorie de l'opération », printed (services by default). */
  operation_category: OperationCategory;
  discount_percentage: string;
  discount_amount: string;
  notes: string;
  terms: string;
  legal_mentions: string;
  items: DocumentLineFields[];
}

/** The form's fields in screen order (« items » where the lines are): the first invalid one is focused. */
export const INVOICE_FORM_ORDER = [
  "client_id",
  "name",
  "date",
  "due_date",
  "payment_method",
  "work_date",
  "operation_category",
  "items",
  "discount_percentage",
  "discount_amount",
  "notes",
  "terms",
  "legal_mentions",
] as const satisfies readonly (keyof InvoiceFormFields)[];

/** The top-level fields the server may name in a validation answer: all of them, « items » too (a line missing). */
export const INVOICE_FORM_FIELDS: readonly string[] = INVOICE_FORM_ORDER;

/** Which section of the form holds a field (to open it when the field is invalid). */
export type InvoiceFormSection = "info" | "items" | "totals" | "notes";

const NOTES_SECTION = { notes: "notes", terms: "notes", legal_mentions: "notes" } as const;

export function sectionOfField(path: string): InvoiceFormSection {
  return documentSectionOf<InvoiceFormSection>(path, NOTES_SECTION);
}

export interface InvoiceDefaultsOptions {
  /** Business today, `yyyy-mm-dd` (Europe/Paris). */
  today: string;
  /** /invoices/new?client_id=… preselects the client. */
  clientId?: string | null;
}

/**
 * A new invoice (spec 3 §2.3, §9): dated today, due 30 days later, paid by bank transfer, the default
 * legal mentions, one empty line at 20 %.
 */
export function createInvoiceDefaults({ today, clientId }: InvoiceDefaultsOptions): InvoiceFormFields {
  return {
    client_id: clientId ?? "",
    name: "",
    date: today,
    due_date: defaultDueDate(today),
    payment_method: INVOICE_DEFAULTS.paymentMethod,
    work_date: "",
    reverse_charge: false,
    operation_category: DEFAULT_OPERATION_CATEGORY,
    discount_percentage: "0",
    discount_amount: "0",
    notes: "",
    terms: "",
    legal_mentions: INVOICE_DEFAULTS.legalMentions,
    items: [emptyLine("item", INVOICE_DEFAULTS.taxRate)],
  };
}

/** The due date that follows a date (+30 days); '' while the date is not a day. */
export function dueDateFor(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? defaultDueDate(date) : "";
}

/** Lines in their position order, as form fields. */
function linesOf<T extends Parameters<typeof lineToFields>[0] & { position: number }>(items: readonly T[]) {
  return [...items].sort((a, b) => a.position - b.position).map((item) => lineToFields(item));
}

/**
 * A validated quote as a new invoice (spec 3 §2.3 « pré-rempli »): its client, name, notes, terms,
 * discounts and lines; dated today, due 30 days later. Its worksite goes with the body (`project_id`).
 */
export function quoteToInvoiceFields(quote: Quote, today: string): InvoiceFormFields {
  return {
    ...createInvoiceDefaults({ today, clientId: quote.client_id }),
    name: quote.name,
    notes: quote.notes ?? "",
    terms: quote.terms ?? "",
    discount_percentage: numberText(quote.discount_percentage),
    discount_amount: numberText(quote.discount_amount),
    items: linesOf(quote.items),
  };
}

/** A stored draft as form fields ('' for nothing). */
export function invoiceToFields(invoice: Invoice): InvoiceFormFields {
  return {
    client_id: invoice.client_id,
    name: invoice.name,
    date: invoice.date,
    due_date: invoice.due_date ?? "",
    payment_method: invoice.payment_method ?? "",
    work_date: invoice.work_date ?? "",
    reverse_charge: invoice.reverse_charge,
    operation_category: invoice.operation_category,
    discount_percentage: numberText(invoice.discount_percentage),
    discount_amount: numberText(invoice.discount_amount),
    notes: invoice.notes ?? "",
    terms: invoice.terms ?? "",
    legal_mentions: invoice.legal_mentions ?? "",
    items: linesOf(invoice.items),
  };
}

/** A line as sent: a heading or a text by its kind and words; a priced line's figures. */
export type InvoiceLinePayload =
  | { kind: "section" | "text"; name: string }
  | {
      kind: "item";
      name: string;
      description: string | null;
      quantity: number;
      unit: string;
      unit_price: number;
      tax_rate: number;
    };

function linePayload(line: InvoiceInput["items"][number]): InvoiceLinePayload {
  if (line.kind !== "item") return { kind: line.kind, name: line.name };
  const { kind, name, description, quantity, unit, unit_price, tax_rate } = line;
  return { kind, name, description, quantity, unit, unit_price, tax_rate };
}

/** Body of PUT /api/invoices/:id (spec 3 §7: the creation's fields minus client, quote and worksite). */
export interface InvoiceUpdatePayload {
  name: string;
  date: string | undefined;
  due_date: string | null;
  work_date: string | null;
  payment_method: PaymentMethod | null;
  notes: string | null;
  terms: string | null;
  legal_mentions: string | null;
  reverse_charge: boolean;
  operation_category: OperationCategory;
  discount_percentage: number;
  discount_amount: number;
  items: InvoiceLinePayload[];
}

/** Body of POST /api/invoices: the same, its client, and the quote and worksite it comes from. */
export interface InvoiceCreatePayload extends InvoiceUpdatePayload {
  client_id: string;
  quote_id: string | null;
  project_id: string | null;
}

/**
 * The validated fields as the body of PUT: lines in screen order (the server numbers them), only the
 * discount that applies (`applicableDiscount`: setting one resets the other to 0).
 */
export function toInvoiceUpdatePayload(values: InvoiceUpdate | InvoiceInput): InvoiceUpdatePayload {
  return {
    name: values.name,
    date: values.date,
    due_date: values.due_date ?? null,
    work_date: values.work_date ?? null,
    payment_method: values.payment_method ?? null,
    notes: values.notes ?? null,
    terms: values.terms ?? null,
    legal_mentions: values.legal_mentions ?? null,
    reverse_charge: values.reverse_charge,
    operation_category: values.operation_category ?? DEFAULT_OPERATION_CATEGORY,
    ...applicableDiscount(values),
    items: values.items.map(linePayload),
  };
}

/** Where a new invoice comes from: a validated quote (and its worksite), or nothing. */
export interface InvoiceOrigin {
  quoteId: string | null;
  projectId: string | null;
}

/** The validated fields as the body of POST, with the quote and the worksite it comes from. */
export function toInvoiceCreatePayload(values: InvoiceInput, origin: InvoiceOrigin): InvoiceCreatePayload {
  return {
    client_id: values.client_id,
    quote_id: origin.quoteId,
    project_id: origin.projectId,
    ...toInvoiceUpdatePayload(values),
  };
}
