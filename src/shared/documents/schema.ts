import { z } from "zod";
import { decimals, optionalText, requiredField } from "../fields";
import { AMOUNT_MAX, computeTotals, MONEY_TEXTS, toCents, totalsFit } from "../money";
import { applicableDiscount } from "./discount";
import { LINE_KINDS, type LineKind, UNITS, type Unit } from "./lines";
import { DOCUMENT_TEXTS } from "./texts";

/**
 * The input schemas every commercial document shares (zod: the forms and the API load it, never a list
 * page): the ONE line input schema — a document kind words its messages and says its few rules — a
 * stored line as answered, the discount fields, and the rules across fields of a body with lines and a
 * discount.
 */

const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);

/** What a document kind says of its lines: its messages and the few rules in which kinds differ. */
export interface LineRules {
  texts: {
    itemName: string;
    sectionTitle: string;
    text: string;
    quantity: string;
    quantityTooLarge: string;
    quantityDecimals: string;
    unit: string;
    unitPrice: string;
    unitPriceTooLarge: string;
    unitPriceDecimals: string;
    taxRate: string;
    /** A name or a text longer than `max` characters. */
    tooLong: (max: number) => string;
    /** What a line that matches no kind (or no object) is told; undefined: the general message. */
    kind: (issue: z.core.$ZodRawIssue) => string | undefined;
  };
  /** The smallest quantity (a quote's 0.01); none: any quantity above 0. */
  quantityMin?: number;
  /** A price of 0 is allowed (a quote's free line); otherwise a price above 0. */
  freeLines: boolean;
  /** What an item line left without a unit or a rate takes; none: both are required. */
  defaults?: { unit: Unit; tax_rate: number };
}

const lineText = (max: number, message: string, tooLong: string) =>
  z.preprocess(trimmed, z.string({ error: message }).min(1, message).max(max, tooLong));

/** A priced line's fields: name, description, quantity, unit, unit price HT, VAT rate. */
function itemShape(rules: LineRules) {
  const t = rules.texts;
  const quantity = z.coerce.number({ error: t.quantity });
  const price = z.coerce.number({ error: t.unitPrice });
  const unit = z.enum(UNITS, { error: t.unit });
  const taxRate = z.coerce
    .number({ error: t.taxRate })
    .min(0, t.taxRate)
    .max(100, t.taxRate)
    .refine((v) => decimals(v, 2), t.taxRate);
  return {
    kind: z.literal("item"),
    name: lineText(300, t.itemName, t.tooLong(300)),
    description: optionalText(2000),
    quantity: (rules.quantityMin === undefined
      ? quantity.gt(0, t.quantity)
      : quantity.min(rules.quantityMin, t.quantity)
    )
      .max(1_000_000, t.quantityTooLarge)
      .refine((v) => decimals(v, 3), t.quantityDecimals),
    unit: rules.defaults ? unit.default(rules.defaults.unit) : unit,
    unit_price: (rules.freeLines ? price.min(0, t.unitPrice) : price.gt(0, t.unitPrice))
      .max(10_000_000, t.unitPriceTooLarge)
      .refine((v) => decimals(v, 2), t.unitPriceDecimals),
    tax_rate: rules.defaults ? taxRate.default(rules.defaults.tax_rate) : taxRate,
  };
}

type ItemFields = z.output<z.ZodObject<ReturnType<typeof itemShape>>>;

/**
 * Every line once validated, whatever its kind: a heading or a text line has no figures (0, unit '').
 * The type of what the line schema returns (the priced line's fields as validated).
 */
export type DocumentLineInput = Omit<ItemFields, "kind" | "unit" | "description"> & {
  kind: LineKind;
  description: string | null;
  /** A unit of `UNITS` as sent; '' for a heading or a text; a stored line's unit as it was. */
  unit: string;
};

/**
 * THE line input schema of a document kind (docs/domain/quotes.md#line-kinds): a priced line (the
 * default kind: the spec's lines), a section heading or a text line. Its position is its place in
 * `items` and its id is the server's: a `position` or `id` sent is dropped, as are the figures sent with
 * a heading or a text. `extra`: fields of a kind's priced lines only (a quote's library link and cost),
 * with their value on a heading or a text line.
 */
export function lineInputSchema<E extends z.ZodRawShape = Record<never, never>>(
  rules: LineRules,
  extra?: { shape: E; empty: z.output<z.ZodObject<E>> },
) {
  const t = rules.texts;
  const item = z.object({ ...itemShape(rules), ...(extra?.shape as E) });
  const section = z.object({ kind: z.literal("section"), name: lineText(300, t.sectionTitle, t.tooLong(300)) });
  const text = z.object({ kind: z.literal("text"), name: lineText(2000, t.text, t.tooLong(2000)) });
  type Line = DocumentLineInput & ([keyof E] extends [never] ? unknown : z.output<z.ZodObject<E>>);
  return z
    .preprocess(
      (v) =>
        v && typeof v === "object" && !Array.isArray(v) && !(v as { kind?: unknown }).kind ? { ...v, kind: "item" } : v,
      z.discriminatedUnion("kind", [item, section, text], { error: t.kind }),
    )
    .transform((valid): Line => {
      const line = valid as { kind: LineKind; name: string; description?: string | null };
      return (
        line.kind === "item"
          ? { ...line, description: line.description ?? null }
          : {
              kind: line.kind,
              name: line.name,
              description: null,
              quantity: 0,
              unit: "",
              unit_price: 0,
              tax_rate: 0,
              ...extra?.empty,
            }
      ) as Line;
    });
}

/**
 * A stored line as the API answers it (a quote's `items`, an invoice's without its library link and cost):
 * its id and position, its kind and words, its figures as stored.
 */
export const storedLineSchema = z.object({
  id: z.string(),
  position: z.number(),
  kind: z.enum(LINE_KINDS),
  name: z.string(),
  description: z.string().nullable(),
  quantity: z.number(),
  unit: z.string(),
  unit_price: z.number(),
  tax_rate: z.number(),
  /** A heading's: its section's subtotal HT. */
  subtotal: z.number(),
  tax_amount: z.number(),
  total: z.number(),
  library_item_id: z.string().nullable(),
  /** Unit cost HT: only in answers to users holding quotes:margins. */
  cost_price: z.number().nullable().optional(),
});

const discountPercentage = z.coerce
  .number({ error: DOCUMENT_TEXTS.discountRange })
  .min(0, DOCUMENT_TEXTS.discountRange)
  .max(100, DOCUMENT_TEXTS.discountRange)
  .refine((v) => decimals(v, 2), DOCUMENT_TEXTS.discountRange);
const discountAmount = z.coerce
  .number({ error: DOCUMENT_TEXTS.discountAmountPositive })
  .min(0, DOCUMENT_TEXTS.discountAmountPositive)
  .max(AMOUNT_MAX, MONEY_TEXTS.amountTooLarge)
  .refine((v) => decimals(v, 2), DOCUMENT_TEXTS.discountAmountPositive);

/** The discounts of a creation (POST): 0 when left out. */
export const discountFields = {
  discount_percentage: discountPercentage.default(0),
  discount_amount: discountAmount.default(0),
};

/** The discounts of a whole-resource body (PUT): required, as published; null or empty text is 0. */
export const discountUpdateFields = {
  discount_percentage: requiredField(discountPercentage),
  discount_amount: requiredField(discountAmount),
};

/** What a body with lines and a discount says once its fields are validated. */
interface LinesBody {
  discount_percentage: number;
  discount_amount: number;
  items: readonly { kind: string; quantity: number; unit_price: number; tax_rate: number }[];
}

/**
 * The rules across fields of a document body, after its own (a date before another): totals sent by a
 * client are ignored; of the two discounts only the one that applies is kept and stored (a percentage
 * above 0 sets the amount to 0, ADR 0002), never above the subtotal; every amount computed from the
 * figures fits its column (docs/domain/money.md#limits). A transform first, so the rules after it never
 * compute on a body with a refused field (a figure beyond its bounds).
 */
export function withDiscountRules<T extends z.ZodType<LinesBody>>(schema: T) {
  return schema
    .transform((body) => ({ ...body, ...applicableDiscount(body) }))
    .refine((body) => toCents(body.discount_amount) <= computeTotals({ items: body.items }).subtotal, {
      message: DOCUMENT_TEXTS.discountTooLarge,
      path: ["discount_amount"],
    })
    .refine((body) => totalsFit(computeTotals(body)), { message: MONEY_TEXTS.totalTooLarge, path: ["items"] });
}
