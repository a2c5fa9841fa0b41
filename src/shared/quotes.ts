import { z } from "zod";
import { clientSchema, premisesField } from "./clients";
import {
  discountFields,
  discountUpdateFields,
  lineInputSchema,
  storedLineSchema,
  withDiscountRules,
} from "./documents/schema";
import {
  clearableText,
  decimals,
  isoDay,
  limitParam,
  optionalText,
  orderParam,
  pageParam,
  requiredField,
  requiredText,
  searchParam,
} from "./fields";
import {
  DRAFT_QUOTE_STATUS,
  type LineKind,
  QUOTE_DEFAULTS,
  QUOTE_SORTS,
  QUOTE_STATES,
  QUOTE_STATUSES,
  QUOTE_TEXTS,
} from "./quote-rules";
import { quoteSignatureSchema } from "./signing";
import { PREMISES } from "./vat-rules";

export * from "./quote-rules";

const emptyIsNull = (v: unknown) => (v === "" ? null : v);
const unitPrice = (message: string) =>
  z.coerce
    .number({ error: message })
    .min(0, message)
    .max(10_000_000, "Prix unitaire trop grand")
    .refine((v) => decimals(v, 2), "Le prix a au plus 2 décimales");

/**
 * A line as sent (src/shared/documents/schema.ts, in the quotes' words): its kind defaults to "item"
 * (the spec's lines); a priced line may come from the library and carry its unit cost.
 */
export const quoteItemInputSchema = lineInputSchema(
  {
    texts: {
      itemName: QUOTE_TEXTS.itemNameRequired,
      sectionTitle: QUOTE_TEXTS.sectionTitleRequired,
      text: QUOTE_TEXTS.textRequired,
      quantity: QUOTE_TEXTS.quantityPositive,
      quantityTooLarge: "Quantité trop grande",
      quantityDecimals: "La quantité a au plus 3 décimales",
      unit: QUOTE_TEXTS.unitRequired,
      unitPrice: QUOTE_TEXTS.unitPricePositive,
      unitPriceTooLarge: "Prix unitaire trop grand",
      unitPriceDecimals: "Le prix a au plus 2 décimales",
      taxRate: QUOTE_TEXTS.taxRateRange,
      tooLong: (max) => `${max} caractères au maximum`,
      // An unknown kind; a line that is no object keeps the general « Un objet est attendu ».
      kind: (issue) => (issue.code === "invalid_union" ? QUOTE_TEXTS.lineKindInvalid : undefined),
    },
    quantityMin: 0.01,
    freeLines: true,
  },
  {
    shape: {
      cost_price: z
        .preprocess(emptyIsNull, unitPrice(QUOTE_TEXTS.costPositive).nullable().optional())
        .describe(
          "Coût unitaire HT (jamais imprimé). Absent : la ligne garde le coût qu’elle avait (ou celui de la bibliothèque) ; null : aucun",
        ),
      library_item_id: z
        .preprocess(emptyIsNull, z.uuid({ error: QUOTE_TEXTS.libraryItemNotFound }).nullable().default(null))
        .describe("L’article ou l’ouvrage de la bibliothèque dont la ligne vient"),
    },
    empty: { cost_price: null, library_item_id: null },
  },
);
/**
 * Every quote line once validated, whatever its kind: a heading or a text line has no figures (0, unit
 * ''); `cost_price` undefined: not said (the server keeps the cost the line had, docs/domain/quotes.md#margins).
 */
export type QuoteItemInput = z.output<typeof quoteItemInputSchema>;

/** The discounts of a creation (POST): 0 when left out. */
export const quoteDiscountFields = discountFields;

/** The discounts of a whole-resource body (PUT): required, as published; null or empty text is 0. */
export const quoteDiscountUpdateFields = discountUpdateFields;

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

/** The quote's worksite address (QuoteWorksite): null for the client's own address. */
const worksite = z
  .object({
    label: optionalText(100),
    address: requiredText(300, QUOTE_TEXTS.worksiteAddressRequired),
    postal_code: optionalText(10),
    city: optionalText(100),
  })
  .nullable()
  .describe("Adresse du chantier, recopiée sur le devis ; null : l’adresse du client");

const quoteName = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z.string({ error: QUOTE_TEXTS.nameRequired }).min(1, QUOTE_TEXTS.nameRequired).max(200, "200 caractères au maximum"),
);
const quoteStatus = z.enum(QUOTE_STATUSES, { error: QUOTE_TEXTS.statusRequired });
const validUntil = isoDay("Date de validité invalide").nullable();

/** What a body says of a quote once validated: the rules across fields apply to it. */
interface QuoteBody {
  date: string;
  valid_until?: string | null;
  discount_percentage: number;
  discount_amount: number;
  items: { kind: LineKind; quantity: number; unit_price: number; tax_rate: number }[];
}

/** The rules across fields of a quote body: its validity after its date, then every document's (one discount…). */
function withQuoteRules<T extends z.ZodType<QuoteBody>>(schema: T) {
  return withDiscountRules(
    schema.refine((q) => !q.valid_until || q.valid_until >= q.date, {
      message: QUOTE_TEXTS.validUntilBeforeDate,
      path: ["valid_until"],
    }),
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
    date: isoDay(QUOTE_TEXTS.dateRequired),
    valid_until: z.preprocess(emptyIsNull, validUntil.optional()),
    notes: optionalText(5000),
    terms: optionalText(10000),
    ...quoteDiscountFields,
    items: quoteItemsInput,
    worksite: worksite.optional(),
    /**
     * « Logement achevé depuis plus de 2 ans ? » (ADR 0029): gives the default rate of new lines; saved
     * with a worksite address of the client, it is remembered there. Left out: not answered.
     */
    premises: premisesField.optional(),
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
    date: isoDay(QUOTE_TEXTS.dateRequired),
    valid_until: requiredField(validUntil, emptyIsNull),
    notes: clearableText(5000),
    terms: clearableText(10000),
    ...quoteDiscountUpdateFields,
    items: quoteItemsUpdate,
    // Not in the spec's body: left out, the quote keeps its worksite address.
    worksite: worksite.optional(),
    // Left out, the quote keeps its answer to « Logement achevé depuis plus de 2 ans ? ».
    premises: premisesField.optional(),
  }),
);
export type QuoteUpdate = z.output<typeof quoteUpdateSchema>;

/** A stored line as the API answers it (src/shared/documents/schema.ts): every document's. */
export const quoteItemSchema = storedLineSchema;

/** The quote's cost and margin (quotes:margins only, never printed). */
export const quoteMarginSchema = z.object({
  cost: z.number(),
  amount: z.number(),
  rate: z.number().nullable(),
  missing_costs: z.number(),
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
  worksite: z
    .object({
      label: z.string().nullable(),
      address: z.string(),
      postal_code: z.string().nullable(),
      city: z.string().nullable(),
    })
    .nullable(),
  /** The answer to « Logement achevé depuis plus de 2 ans ? » (ADR 0029); null: not asked or not answered. */
  premises: z.enum(PREMISES).nullable(),
  items: z.array(quoteItemSchema),
  items_count: z.number(),
  /** Only in answers to users holding quotes:margins. */
  margin: quoteMarginSchema.optional(),
  /**
   * The version of its content (docs/domain/quotes.md#sent-quotes-are-frozen): 1, then one more each time
   * the content of a quote already presented to the client is edited.
   */
  version: z.number().int(),
  /** The client's signature (docs/domain/signing.md): in the detail only (GET /api/quotes/:id), null when unsigned. */
  signature: quoteSignatureSchema.nullable().optional(),
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
  state: z
    .enum(QUOTE_STATES, { error: "Filtre invalide (pending ou expired)" })
    .optional()
    .describe("pending : envoyés ou relancés encore valables ; expired : envoyés ou relancés expirés"),
  sort: z
    .enum(QUOTE_SORTS, { error: "Tri invalide (date, amount ou client)" })
    .default("date")
    .describe("date (plus récents), amount (montant HT décroissant) ou client (nom A → Z)"),
  order: orderParam(),
});

/**
 * The figures of the filtered set (docs/domain/quotes.md#list-and-figures). The spec's amounts (TTC,
 * every sent quote pending) stay as published; the screen shows the `_ht` ones: HT after discount,
 * expired quotes apart, refused, cancelled and expired quotes out of the total.
 */
export const quoteSummarySchema = z.object({
  count: z.number(),
  validated_count: z.number(),
  in_progress_count: z.number(),
  pending_amount: z.number(),
  validated_amount: z.number(),
  total_amount: z.number(),
  /** Sent or reminded, still valid: « CA en attente HT ». */
  pending_amount_ht: z.number(),
  /** Validated: « CA validé HT ». */
  validated_amount_ht: z.number(),
  /** Drafts, pending and validated quotes: « Total HT » (refused, cancelled and expired ones left out). */
  total_amount_ht: z.number(),
  expired_count: z.number(),
  expired_amount_ht: z.number(),
});
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;

export const quoteListResponseSchema = z.object({
  data: z.array(quoteSchema),
  meta: z.object({ total: z.number(), page: z.number(), limit: z.number(), summary: quoteSummarySchema }),
});

/** GET /api/quotes/defaults: what a new quote takes from the company's settings. */
export const quoteDefaultsSchema = z.object({ validity_days: z.number(), default_tax_rate: z.number() });

export const quoteDuplicateSchema = z.object({
  name: z.preprocess((v) => (typeof v === "string" ? v.trim() || undefined : v), z.string().max(200).optional()),
  reset_status: z.boolean().default(true),
  reset_dates: z.boolean().default(true),
  include_items: z.boolean().default(true),
});
