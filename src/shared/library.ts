import { z } from "zod";
import { SELECTION_MAX } from "./csv";
import { UNITS } from "./documents/lines";
import {
  decimals,
  idsParam,
  limitParam,
  optionalText,
  orderParam,
  pageParam,
  requiredText,
  searchParam,
} from "./fields";
import {
  LIBRARY_CATEGORIES,
  LIBRARY_KINDS,
  LIBRARY_LIMITS,
  LIBRARY_SORT_ORDERS,
  LIBRARY_SORTS,
  LIBRARY_TEXTS,
  type LibrarySort,
  OUVRAGE_PRICINGS,
} from "./library-rules";
import { QUOTE_TEXTS } from "./quote-rules";

export * from "./library-rules";

/** Euros HT with 2 decimals, 0 or more; `missing` when absent or empty (null is not 0). */
const price = (missing: string = LIBRARY_TEXTS.pricePositive) =>
  z.preprocess(
    (v) => (v === null || v === "" ? undefined : v),
    z.coerce
      .number({ error: missing })
      .min(0, LIBRARY_TEXTS.pricePositive)
      .max(10_000_000, "Prix trop grand")
      .refine((v) => decimals(v, 2), "Le prix a au plus 2 décimales"),
  );

const common = {
  name: requiredText(200, LIBRARY_TEXTS.nameRequired, "Le nom\u00a0: 200 caractères au maximum"),
  description: optionalText(2000, "Description"),
  unit: z.enum(UNITS, { error: LIBRARY_TEXTS.unitRequired }),
  // 0 to 100, two decimals; one of the company's rates (in force or its own) is checked by the service (ADR 0020).
  tax_rate: z.coerce
    .number({ error: "Taux de TVA invalide" })
    .min(0, QUOTE_TEXTS.taxRateRange)
    .max(100, QUOTE_TEXTS.taxRateRange)
    .refine((v) => decimals(v, 2), QUOTE_TEXTS.taxRateRange),
};

export const articleInputSchema = z.object({
  kind: z.literal("article"),
  ...common,
  unit_price: price(LIBRARY_TEXTS.salePriceRequired),
  cost_price: price(LIBRARY_TEXTS.costPriceRequired),
  category: z.enum(LIBRARY_CATEGORIES, { error: LIBRARY_TEXTS.categoryRequired }),
  supplier_reference: optionalText(100, "Référence fournisseur"),
});

export const ouvrageComponentInputSchema = z.object({
  article_id: z.uuid({ error: LIBRARY_TEXTS.componentNotFound }),
  quantity: z.coerce
    .number({ error: LIBRARY_TEXTS.quantityPositive })
    .gt(0, LIBRARY_TEXTS.quantityPositive)
    .max(1_000_000, "Quantité trop grande")
    .refine((v) => decimals(v, 3), "La quantité a au plus 3 décimales"),
});

export const ouvrageInputSchema = z
  .object({
    kind: z.literal("ouvrage"),
    ...common,
    pricing: z.enum(OUVRAGE_PRICINGS, { error: "Mode de prix invalide" }),
    coefficient: z.coerce
      .number({ error: LIBRARY_TEXTS.coefficientPositive })
      .gt(0, LIBRARY_TEXTS.coefficientPositive)
      .max(100, "Coefficient trop grand")
      .refine((v) => decimals(v, 4), "Le coefficient a au plus 4 décimales")
      .nullish()
      .transform((v) => v ?? null),
    forced_price: price()
      .nullish()
      .transform((v) => v ?? null),
    components: z
      .array(ouvrageComponentInputSchema, { error: LIBRARY_TEXTS.componentsRequired })
      .min(1, LIBRARY_TEXTS.componentsRequired)
      .max(LIBRARY_LIMITS.maxComponents, `${LIBRARY_LIMITS.maxComponents} composants au maximum`)
      .refine(
        (components) => new Set(components.map((c) => c.article_id)).size === components.length,
        LIBRARY_TEXTS.componentDuplicate,
      ),
  })
  .superRefine((ouvrage, ctx) => {
    if (ouvrage.pricing === "coefficient" && ouvrage.coefficient === null)
      ctx.addIssue({ code: "custom", path: ["coefficient"], message: LIBRARY_TEXTS.coefficientPositive });
    if (ouvrage.pricing === "forced" && ouvrage.forced_price === null)
      ctx.addIssue({ code: "custom", path: ["forced_price"], message: LIBRARY_TEXTS.forcedPriceRequired });
  });

/** POST /api/library/items and PUT /api/library/items/:id: an article or an ouvrage, whole. */
export const libraryItemInputSchema = z.discriminatedUnion("kind", [articleInputSchema, ouvrageInputSchema], {
  error: "Type invalide (article ou ouvrage)",
});
export type ArticleInput = z.output<typeof articleInputSchema>;
export type OuvrageInput = z.output<typeof ouvrageInputSchema>;
export type LibraryItemInput = z.output<typeof libraryItemInputSchema>;

export const ouvrageComponentSchema = z.object({
  article_id: z.uuid(),
  name: z.string(),
  unit: z.string(),
  category: z.enum(LIBRARY_CATEGORIES),
  quantity: z.number(),
  unit_price: z.number(),
  cost_price: z.number(),
  archived: z.boolean(),
});
export type OuvrageComponent = z.infer<typeof ouvrageComponentSchema>;

export const libraryItemSchema = z.object({
  id: z.uuid(),
  kind: z.enum(LIBRARY_KINDS),
  name: z.string(),
  description: z.string().nullable(),
  unit: z.string(),
  /** Sale price HT of one unit (an ouvrage's as its pricing gives it). */
  unit_price: z.number(),
  /** Cost of one unit (an ouvrage's: Σ its parts' costs, « déboursé sec »). */
  cost_price: z.number(),
  tax_rate: z.number(),
  category: z.enum(LIBRARY_CATEGORIES).nullable(),
  supplier_reference: z.string().nullable(),
  pricing: z.enum(OUVRAGE_PRICINGS).nullable(),
  coefficient: z.number().nullable(),
  /** Hours of labour in one unit of an ouvrage; null for an article. */
  labour_hours: z.number().nullable(),
  archived: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LibraryItem = z.infer<typeof libraryItemSchema>;

/** GET /api/library/items/:id: an ouvrage comes with its parts. */
export const libraryItemDetailSchema = libraryItemSchema.extend({
  components: z.array(ouvrageComponentSchema),
});
export type LibraryItemDetail = z.infer<typeof libraryItemDetailSchema>;

export const libraryListQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(LIBRARY_LIMITS.maxLimit, LIBRARY_LIMITS.defaultLimit),
  search: searchParam(),
  kind: z.enum(LIBRARY_KINDS, { error: "Type invalide (article ou ouvrage)" }).optional(),
  category: z.enum(LIBRARY_CATEGORIES, { error: "Catégorie invalide" }).optional(),
  status: z.enum(["active", "archived"], { error: "Statut invalide (active ou archived)" }).default("active"),
  sort: z
    .enum(LIBRARY_SORTS, { error: "Tri invalide (name, unit_price ou kind)" })
    .default("name")
    .describe("name (nom A → Z), unit_price (prix de vente HT croissant) ou kind (type)"),
  order: orderParam(),
});
export type LibraryListQuery = z.output<typeof libraryListQuerySchema>;

export const libraryListResponseSchema = z.object({
  data: z.array(libraryItemSchema),
  meta: z.object({ total: z.number(), page: z.number(), limit: z.number() }),
});
export type LibraryListResponse = z.infer<typeof libraryListResponseSchema>;

/** GET /api/library/suggestions?q=: what a quote line's name field proposes as the user types. */
export const librarySuggestionsQuerySchema = z.object({
  /** What is typed; nothing typed, nothing suggested (an empty list). */
  q: z.string().trim().max(200, "Recherche trop longue").default(""),
  limit: limitParam(50, LIBRARY_LIMITS.suggestions),
});
export const librarySuggestionsResponseSchema = z.object({ data: z.array(libraryItemSchema) });
export type LibrarySuggestions = z.infer<typeof librarySuggestionsResponseSchema>;

/** POST /api/library/import: the CSV file as text; `commit: false` answers the preview only. */
export const libraryImportSchema = z.object({
  csv: z.string({ error: "Fichier CSV manquant" }).max(5_000_000, "Fichier trop volumineux (5 Mo au maximum)"),
  commit: z.boolean({ error: "commit\u00a0: true ou false" }).default(false),
});
export type LibraryImportInput = z.output<typeof libraryImportSchema>;

export const libraryImportResultSchema = z.object({
  /** Problems with the whole file: nothing is imported. */
  file_errors: z.array(z.string()),
  /** Columns recognised, by field, as headed in the file. */
  columns: z.record(z.string(), z.string()),
  rows: z.number(),
  /** Rows that would be (or were) added. */
  valid: z.number(),
  created: z.number(),
  errors: z.array(z.object({ line: z.number(), name: z.string(), messages: z.array(z.string()) })),
  /** The first valid rows, as they will be added. */
  preview: z.array(
    z.object({
      line: z.number(),
      name: z.string(),
      unit: z.string(),
      unit_price: z.number(),
      cost_price: z.number(),
      tax_rate: z.number(),
      category: z.enum(LIBRARY_CATEGORIES),
    }),
  ),
});
export type LibraryImportResult = z.infer<typeof libraryImportResultSchema>;

/** GET /api/library/export: the list's filters, and `ids` for a table's selection (docs/domain/library.md#as-a-table). */
export const libraryExportQuerySchema = libraryListQuerySchema
  .omit({ page: true, limit: true, sort: true, order: true })
  .extend({ ids: idsParam(SELECTION_MAX) });
export type LibraryExportQuery = z.output<typeof libraryExportQuerySchema>;

export { LIBRARY_SORT_ORDERS, LIBRARY_SORTS, type LibrarySort };
