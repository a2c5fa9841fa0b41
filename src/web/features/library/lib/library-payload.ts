import { type LibraryItem, type LibraryItemDetail, libraryItemInputSchema } from "@shared/library";
import type { LibraryCategory, LibraryKind, OuvragePart, OuvragePricing } from "@shared/library-rules";
import { toCents } from "@shared/money";
import { QUOTE_DEFAULTS } from "@shared/quote-rules";
import { formSchema } from "@web/lib/form-schema";

/** A part of an ouvrage as the form shows it: the article's figures and the quantity typed. */
export interface PartField {
  article_id: string;
  name: string;
  unit: string;
  category: LibraryCategory;
  unit_price: number;
  cost_price: number;
  quantity: string;
}

/** What the inputs hold (text, '' when empty), both kinds in one shape; `toLibraryPayload` keeps its kind's. */
export interface LibraryFormFields {
  kind: LibraryKind;
  name: string;
  description: string;
  unit: string;
  tax_rate: string;
  unit_price: string;
  cost_price: string;
  category: LibraryCategory | "";
  supplier_reference: string;
  pricing: OuvragePricing;
  coefficient: string;
  forced_price: string;
  components: PartField[];
}

const price = (value: number) => value.toFixed(2);

export function libraryFormDefaults(
  kind: LibraryKind,
  item?: LibraryItem | LibraryItemDetail | null,
): LibraryFormFields {
  return {
    kind: item?.kind ?? kind,
    name: item?.name ?? "",
    description: item?.description ?? "",
    unit: item?.unit ?? (kind === "ouvrage" ? "m²" : QUOTE_DEFAULTS.unit),
    tax_rate: String(item?.tax_rate ?? QUOTE_DEFAULTS.taxRate),
    unit_price: item && item.kind === "article" ? price(item.unit_price) : "",
    cost_price: item && item.kind === "article" ? price(item.cost_price) : "",
    category: item?.category ?? (kind === "article" ? "fourniture" : ""),
    supplier_reference: item?.supplier_reference ?? "",
    pricing: item?.pricing ?? "parts",
    coefficient: item?.coefficient ? String(item.coefficient) : "1.3",
    forced_price: item?.pricing === "forced" ? price(item.unit_price) : "",
    components:
      item && "components" in item
        ? item.components.map((c) => ({
            article_id: c.article_id,
            name: c.name,
            unit: c.unit,
            category: c.category,
            unit_price: c.unit_price,
            cost_price: c.cost_price,
            quantity: String(c.quantity),
          }))
        : [],
  };
}

/** '' → null, else the number typed (the schema refuses what is not one). */
const numberOrNull = (text: string): number | null => (text.trim() === "" ? null : Number(text.replace(",", ".")));

/** The body of POST / PUT /api/library/items for the form's kind (checked by libraryItemInputSchema). */
export function toLibraryPayload(fields: LibraryFormFields): Record<string, unknown> {
  const common = {
    kind: fields.kind,
    name: fields.name,
    description: fields.description,
    unit: fields.unit,
    tax_rate: numberOrNull(fields.tax_rate),
  };
  if (fields.kind === "article") {
    return {
      ...common,
      unit_price: numberOrNull(fields.unit_price),
      cost_price: numberOrNull(fields.cost_price),
      category: fields.category || undefined,
      supplier_reference: fields.supplier_reference,
    };
  }
  return {
    ...common,
    pricing: fields.pricing,
    coefficient: fields.pricing === "coefficient" ? numberOrNull(fields.coefficient) : null,
    forced_price: fields.pricing === "forced" ? numberOrNull(fields.forced_price) : null,
    components: fields.components.map((c) => ({ article_id: c.article_id, quantity: numberOrNull(c.quantity) })),
  };
}

/**
 * The form's schema: the body of its kind built from the fields (texts read as numbers), checked by
 * libraryItemInputSchema; a message about the whole item (its kind) shows at the name.
 */
export const libraryFormSchema = formSchema(libraryItemInputSchema, toLibraryPayload, (path) => path || "name");

/** The parts as `priceOuvrage` reads them; a quantity not typed yet counts for nothing. */
export function partsOf(fields: Pick<LibraryFormFields, "components">): OuvragePart[] {
  return fields.components.map((c) => ({
    quantity: Number(c.quantity.replace(",", ".")) || 0,
    unit_price_cents: toCents(c.unit_price),
    cost_price_cents: toCents(c.cost_price),
    category: c.category,
    unit: c.unit,
  }));
}
