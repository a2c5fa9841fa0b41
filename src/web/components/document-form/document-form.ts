import { fieldErrorsOf } from "@web/lib/api-errors";
import { type DiscountMode, type DocumentLineFields, liveTotals } from "../document-lines/line-fields";

/**
 * The pure half of a document's form (a quote, an invoice, the next kinds): what the form holds at
 * least, the one discount chosen (percentage or amount), the live figures, which section holds a field
 * and the server's field errors — its own and those of a line (`items.N.field`) — as form paths.
 * `useDocumentForm` (use-document-form.ts) runs it in react-hook-form; the kinds add their fields.
 */

/** What every document form holds: its lines and its discount (numbers as typed text). */
export interface DocumentFormFields {
  items: DocumentLineFields[];
  discount_percentage: string;
  discount_amount: string;
}

/** The fields of a line the server may name in a validation answer (`items.N.<field>`). */
export const DOCUMENT_LINE_FIELDS = ["name", "description", "quantity", "unit", "unit_price", "tax_rate"] as const;

/** The sections every document form has: its lines and its totals with the discount. */
export type DocumentFormSection = "info" | "items" | "totals";

/**
 * Which section holds a field path (opened when the field is invalid): a line's field is in
 * « Lignes », a discount in « Totaux », a field the kind places elsewhere (`elsewhere`) there, the
 * rest in the information.
 */
export function documentSectionOf<S extends string = DocumentFormSection>(
  path: string,
  elsewhere: Partial<Record<string, S>> = {},
): S | DocumentFormSection {
  if (path.startsWith("items")) return "items";
  if (path.startsWith("discount")) return "totals";
  return elsewhere[path] ?? "info";
}

/**
 * A server detail path (« body.items.0.name », « items[0].name ») as a form path: one of the form's
 * `fields`, or a line's field of a line the form holds; null for anything else.
 */
export function documentFormPath(path: string, fields: readonly string[], itemCount: number): string | null {
  const normalised = path
    .replace(/^body[./]/, "")
    .replace(/\[(\d+)\]/g, ".$1")
    .replace(/\//g, ".");
  if (fields.includes(normalised)) return normalised;
  const line = /^items\.(\d+)\.([a-z_]+)$/.exec(normalised);
  const field = line?.[2] as (typeof DOCUMENT_LINE_FIELDS)[number] | undefined;
  if (field && DOCUMENT_LINE_FIELDS.includes(field) && Number(line?.[1]) < itemCount) return normalised;
  return null;
}

export interface DocumentFieldError {
  /** A form path: 'name', 'items.0.unit_price'… */
  path: string;
  message: string;
}

/** The validation details of an API error that name a field of the form: the first per field, in the server's order. */
export function documentFieldErrors(
  error: unknown,
  fields: readonly string[],
  itemCount: number,
): DocumentFieldError[] {
  const result: DocumentFieldError[] = [];
  for (const { path, message } of fieldErrorsOf(error)) {
    const formPath = documentFormPath(path, fields, itemCount);
    if (formPath && !result.some((r) => r.path === formPath)) result.push({ path: formPath, message });
  }
  return result;
}

/**
 * The paths of the form's invalid fields in the form's `order` (its top-level fields, « items » where
 * the lines are): a line's invalid fields as `items.N.field`, an error on the lines as a whole as « items ».
 */
export function invalidPaths(errors: Readonly<Record<string, unknown>>, order: readonly string[]): string[] {
  const paths: string[] = [];
  for (const key of order) {
    const error = errors[key];
    if (!error) continue;
    if (key !== "items") {
      paths.push(key);
      continue;
    }
    if (!Array.isArray(error)) {
      paths.push("items");
      continue;
    }
    error.forEach((lineErrors: unknown, index) => {
      if (!lineErrors) return;
      for (const field of DOCUMENT_LINE_FIELDS) {
        if ((lineErrors as Record<string, unknown>)[field]) paths.push(`items.${index}.${field}`);
      }
    });
  }
  return paths;
}

/** The sections open, plus every one holding a path. */
export function openedFor<S extends string>(
  open: Readonly<Record<S, boolean>>,
  paths: readonly string[],
  sectionOf: (path: string) => S,
): Record<S, boolean> {
  const next: Record<S, boolean> = { ...open };
  for (const path of paths) next[sectionOf(path)] = true;
  return next;
}

/** The discount field a mode resets to 0: one discount at a time (spec 3 §5). */
export function otherDiscount(mode: DiscountMode): "discount_amount" | "discount_percentage" {
  return mode === "percentage" ? "discount_amount" : "discount_percentage";
}

/** The validated values with only the chosen discount: the other is 0 whatever it held before the switch. */
export function withChosenDiscount<T extends { discount_percentage: number; discount_amount: number }>(
  values: T,
  mode: DiscountMode,
): T {
  return { ...values, [otherDiscount(mode)]: 0 };
}

/** What the form's inputs hold while typed (react-hook-form's watched values). */
export interface WatchedDocument {
  items?: (Partial<DocumentLineFields> | undefined)[];
  discount_percentage?: string;
  discount_amount?: string;
}

/**
 * The live figures of the form: the totals (the line editor's `liveTotals`, with the chosen discount
 * only; every line at 0 % when `vatExempt`), the priced lines counted and the percentage shown.
 */
export function liveDocumentFigures(watched: WatchedDocument, mode: DiscountMode, vatExempt?: boolean) {
  const items = (watched.items ?? []).map((item) => item ?? {});
  const live = {
    items,
    discount_percentage: mode === "percentage" ? (watched.discount_percentage ?? "0") : "0",
    discount_amount: mode === "amount" ? (watched.discount_amount ?? "0") : "0",
  };
  return {
    /** The lines and discount as the live figures read them (the quote's margin reads them too). */
    live,
    totals: liveTotals(vatExempt ? { ...live, vatExempt } : live),
    lineCount: items.filter((item) => (item.kind ?? "item") === "item").length,
    discountPercentage: mode === "percentage" ? Number(watched.discount_percentage) || 0 : 0,
  };
}
