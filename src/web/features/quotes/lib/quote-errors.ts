import { documentFieldErrors, documentFormPath, documentSectionOf } from "@web/components/document-form/document-form";

/** The quote form's fields in screen order (« items » where the lines are): the first invalid one is focused. */
export const QUOTE_FORM_ORDER = [
  "name",
  "client_id",
  "status",
  "date",
  "valid_until",
  "notes",
  "terms",
  "items",
  "discount_percentage",
  "discount_amount",
] as const;

/** The top-level fields the server may name in a validation answer. */
export const QUOTE_FORM_FIELDS = QUOTE_FORM_ORDER.filter((field) => field !== "items");

export interface QuoteFieldError {
  /** A form path: 'name', 'items.0.unit_price'… */
  path: string;
  message: string;
}

/** A server detail path (« body.items.0.name », « items[0].name ») as a form path, or null. */
export function toFormPath(path: string, itemCount: number): string | null {
  return documentFormPath(path, QUOTE_FORM_FIELDS, itemCount);
}

/** The validation details ({path, message}) of an API error that name a field of the form. */
export function fieldErrorsFrom(error: unknown, itemCount: number): QuoteFieldError[] {
  return documentFieldErrors(error, QUOTE_FORM_FIELDS, itemCount);
}

/** Which form section holds a field path (to open it when it carries an error). */
export function sectionOf(path: string): "info" | "items" | "totals" {
  return documentSectionOf(path);
}
