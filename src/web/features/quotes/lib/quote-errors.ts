import { fieldErrorsOf } from "@web/lib/api-errors";

const TOP_FIELDS = new Set([
  "name",
  "client_id",
  "status",
  "date",
  "valid_until",
  "notes",
  "terms",
  "discount_percentage",
  "discount_amount",
]);
const ITEM_FIELDS = new Set(["name", "description", "quantity", "unit", "unit_price", "tax_rate"]);

export interface QuoteFieldError {
  /** A form path: 'name', 'items.0.unit_price'… */
  path: string;
  message: string;
}

/** A server detail path (« body.items.0.name », « items[0].name ») as a form path, or null. */
export function toFormPath(path: string, itemCount: number): string | null {
  const normalised = path
    .replace(/^body[./]/, "")
    .replace(/\[(\d+)\]/g, ".$1")
    .replace(/\//g, ".");
  if (TOP_FIELDS.has(normalised)) return normalised;
  const item = /^items\.(\d+)\.([a-z_]+)$/.exec(normalised);
  if (item?.[1] && item[2] && ITEM_FIELDS.has(item[2]) && Number(item[1]) < itemCount) return normalised;
  return null;
}

/** The validation details ({path, message}) of an API error that name a field of the form. */
export function fieldErrorsFrom(error: unknown, itemCount: number): QuoteFieldError[] {
  const result: QuoteFieldError[] = [];
  for (const { path, message } of fieldErrorsOf(error)) {
    const formPath = toFormPath(path, itemCount);
    if (formPath && !result.some((r) => r.path === formPath)) result.push({ path: formPath, message });
  }
  return result;
}

/** Which form section holds a field path (to open it when it carries an error). */
export function sectionOf(path: string): "info" | "items" | "totals" {
  if (path.startsWith("items")) return "items";
  if (path.startsWith("discount")) return "totals";
  return "info";
}
