import { z } from "zod";
import { clientSchema } from "./clients";
import { clearableText, decimals, limitParam, optionalText, pageParam, requiredField, searchParam } from "./fields";
import { applicableDiscount, computeTotals, toCents } from "./money";
import { DRAFT_QUOTE_STATUS, QUOTE_DEFAULTS, QUOTE_STATUSES, QUOTE_TEXTS, UNITS } from "./quote-rules";

export * from "./quote-rules";

const isoDate = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      message,
    );

/**
 * A line as sent. Its position is its place in `items` (the server numbers them 1, 2, …) and its id
 * is the server's: a `position` or `id` sent with a line is not part of the schema and is dropped.
 */
export const quoteItemInputSchema = z.object({
  name: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ error: QUOTE_TEXTS.itemNameRequired })
      .min(1, QUOTE_TEXTS.itemNameRequired)
      .max(300, "300 caractères au maximum"),
  ),
  description: optionalText(2000),
  quantity: z.coerce
    .number({ error: QUOTE_TEXTS.quantityPositive })
    .min(0.01, QUOTE_TEXTS.quantityPositive)
    .max(1_000_000, "Quantité trop grande")
    .refine((v) => decimals(v, 3), "La quantité a au plus 3 décimales"),
  unit: z.enum(UNITS, { error: QUOTE_TEXTS.unitRequired }),
  unit_price: z.coerce
    .number({ error: QUOTE_TEXTS.unitPricePositive })
    .min(0, QUOTE_TEXTS.unitPricePositive)
    .max(10_000_000, "Prix unitaire trop grand")
    .refine((v) => decimals(v, 2), "Le prix a au plus 2 décimales"),
  tax_rate: z.coerce
    .number({ error: QUOTE_TEXTS.taxRateRange })
    .min(0, QUOTE_TEXTS.taxRateRange)
    .max(100, QUOTE_TEXTS.taxRateRange)
    .refine((v) => decimals(v, 2), QUOTE_TEXTS.taxRateRange),
});
export type QuoteItemInput = z.output<typeof quoteItemInputSchema>;

const discountPercentage = z.coerce
  .number({ error: QUOTE_TEXTS.discountRange })
  .min(0, QUOTE_TEXTS.discountRange)
  .max(100, QUOTE_TEXTS.discountRange)
  .refine((v) => decimals(v, 2), QUOTE_TEXTS.discountRange);
const discountAmount = z.coerce
  .number({ error: QUOTE_TEXTS.discountAmountPositive })
  .min(0, QUOTE_TEXTS.discountAmountPositive)
  .refine((v) => decimals(v, 2), QUOTE_TEXTS.discountAmountPositive);

/** The discounts of a creation (POST): 0 when left out. */
export const quoteDiscountFields = {
  discount_percentage: discountPercentage.default(0),
  discount_amount: discountAmount.default(0),
};

/** The discounts of a whole-resource body (PUT): required, as published; null or empty text is 0. */
export const quoteDiscountUpdateFields = {
  discount_percentage: requiredField(discountPercentage),
  discount_amount: requiredField(discountAmount),
};

const itemList = z
  .array(quoteItemInputSchema)
  .max(500, "500 lignes au maximum")
  .describe(
    "Lignes dans leur ordre\u00a0: le serveur les numérote (position 1, 2, …)\u00a0; position et id envoyés sont ignorés",
  );

/**
 * Lines in their order; the server numbers them and computes their figures. None when left out (POST):
 * a prefault, which the published schema shows as `default: []` (a default would not be published, the
 * lines holding preprocessed fields).
 */
export const quoteItemsInput = itemList.prefault([]);
/** The lines of a whole-resource body (PUT): required, as published (`[]` removes them all). */
export const quoteItemsUpdate = requiredField(itemList);

const quoteName = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z.string({ error: QUOTE_TEXTS.nameRequired }).min(1, QUOTE_TEXTS.nameRequired).max(200, "200 caractères au maximum"),
);
const quoteStatus = z.enum(QUOTE_STATUSES, { error: QUOTE_TEXTS.statusRequired });
const validUntil = isoDate("Date de validité invalide").nullable();
const emptyIsNull = (v: unknown) => (v === "" ? null : v);

/** What a body says of a quote once validated: the rules across fields apply to it. */
interface QuoteBody {
  date: string;
  valid_until?: string | null;
  discount_percentage: number;
  discount_amount: number;
  items: { quantity: number; unit_price: number; tax_rate: number }[];
}

/**
 * The rules across fields of a quote body. Totals sent by a client are ignored; of the two discounts
 * only the one that applies is kept (a percentage above 0 sets the amount to 0).
 */
function withQuoteRules<T extends z.ZodType<QuoteBody>>(schema: T) {
  return (
    schema
      .refine((q) => !q.valid_until || q.valid_until >= q.date, {
        message: QUOTE_TEXTS.validUntilBeforeDate,
        path: ["valid_until"],
      })
      // One discount applies: what is validated, stored and compared from here on (ADR 0002).
      .overwrite((q) => ({ ...q, ...applicableDiscount(q) }))
      .refine((q) => toCents(q.discount_amount) <= computeTotals({ items: q.items }).subtotal, {
        message: QUOTE_TEXTS.discountTooLarge,
        path: ["discount_amount"],
      })
  );
}

/**
 * POST /api/quotes, and the quote form: a new quote is a draft without lines, discount, validity date
 * (the server computes it), notes or terms unless the body gives them.
 */
export const quoteInputSchema = withQuoteRules(
  z.object({
    name: quoteName,
    client_id: z.uuid({ error: QUOTE_TEXTS.clientRequired }),
    status: quoteStatus.default(DRAFT_QUOTE_STATUS),
    date: isoDate(QUOTE_TEXTS.dateRequired),
    valid_until: z.preprocess(emptyIsNull, validUntil.optional()),
    notes: optionalText(5000),
    terms: optionalText(10000),
    ...quoteDiscountFields,
    items: quoteItemsInput,
  }),
);
export type QuoteInput = z.output<typeof quoteInputSchema>;

/**
 * PUT /api/quotes/:id: the whole quote, as published. Every key is required (« Champ obligatoire »
 * when left out, and nothing changes): a PUT never puts a quote back to draft, removes its lines or
 * its discount because it does not mention them. Emptying is said: `null` (or empty text) for the
 * validity date, the notes and the terms, `[]` for the lines, 0 for a discount.
 */
export const quoteUpdateSchema = withQuoteRules(
  z.object({
    name: quoteName,
    client_id: z.uuid({ error: QUOTE_TEXTS.clientRequired }),
    status: requiredField(quoteStatus),
    date: isoDate(QUOTE_TEXTS.dateRequired),
    valid_until: requiredField(validUntil, emptyIsNull),
    notes: clearableText(5000),
    terms: clearableText(10000),
    ...quoteDiscountUpdateFields,
    items: quoteItemsUpdate,
  }),
);
export type QuoteUpdate = z.output<typeof quoteUpdateSchema>;

export const quoteItemSchema = z.object({
  id: z.string(),
  position: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  quantity: z.number(),
  unit: z.string(),
  unit_price: z.number(),
  tax_rate: z.number(),
  subtotal: z.number(),
  tax_amount: z.number(),
  total: z.number(),
});

export const vatLineSchema = z.object({
  rate: z.number(),
  base: z.number(),
  discount: z.number(),
  net: z.number(),
  tax: z.number(),
});

/** The client as a quote shows it (its contact details, not its notes or status). */
export const quoteClientSchema = clientSchema.pick({
  id: true,
  name: true,
  email: true,
  phone: true,
  address: true,
  postal_code: true,
  city: true,
});

export const quoteSchema = z.object({
  id: z.string(),
  reference: z.string(),
  name: z.string(),
  status: z.enum(QUOTE_STATUSES),
  client_id: z.string(),
  client: quoteClientSchema,
  date: z.string(),
  valid_until: z.string().nullable(),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  discount_percentage: z.number(),
  discount_amount: z.number(),
  subtotal: z.number(),
  /** The discount granted, in euros, as computed and stored by the server (0 when none). */
  discount: z.number(),
  tax_amount: z.number(),
  total: z.number(),
  vat_breakdown: z.array(vatLineSchema),
  project_id: z.string().nullable(),
  items: z.array(quoteItemSchema),
  items_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const quoteListQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(100, QUOTE_DEFAULTS.pageSize),
  status: z.enum(QUOTE_STATUSES, { error: "Statut invalide" }).optional(),
  client_id: z.uuid({ error: "Client invalide" }).optional(),
  search: searchParam(),
});

/** 'CA en attente', 'CA validé', 'Total général' and the tiles, over the filtered set. */
export const quoteSummarySchema = z.object({
  count: z.number(),
  validated_count: z.number(),
  in_progress_count: z.number(),
  pending_amount: z.number(),
  validated_amount: z.number(),
  total_amount: z.number(),
});
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;

export const quoteListResponseSchema = z.object({
  data: z.array(quoteSchema),
  meta: z.object({ total: z.number(), page: z.number(), limit: z.number(), summary: quoteSummarySchema }),
});

export const quoteDuplicateSchema = z.object({
  name: z.preprocess((v) => (typeof v === "string" ? v.trim() || undefined : v), z.string().max(200).optional()),
  reset_status: z.boolean().default(true),
  reset_dates: z.boolean().default(true),
  include_items: z.boolean().default(true),
});
