import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { companyIdColumn } from "./companies";

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: "number" });

/**
 * The price library (docs/domain/library.md): articles and ouvrages of a company. An ouvrage's prices
 * are stored as its parts and pricing give them, and computed again whenever a part changes.
 */
export const libraryItems = pgTable(
  "library_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    /** 'article' | 'ouvrage' */
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    unit: text("unit").notNull(),
    unitPrice: money("unit_price").notNull().default(0),
    costPrice: money("cost_price").notNull().default(0),
    taxRate: numeric("tax_rate", { precision: 5, scale: 2, mode: "number" }).notNull(),
    /** An article's: 'fourniture' | 'main_oeuvre' | 'materiel' | 'sous_traitance'; null for an ouvrage. */
    category: text("category"),
    supplierReference: text("supplier_reference"),
    /** An ouvrage's: 'parts' | 'coefficient' | 'forced'; null for an article. */
    pricing: text("pricing"),
    coefficient: numeric("coefficient", { precision: 8, scale: 4, mode: "number" }),
    forcedPrice: money("forced_price"),
    labourHours: numeric("labour_hours", { precision: 12, scale: 3, mode: "number" }),
    archived: boolean("archived").notNull().default(false),
    /** Folded name (accents and case aside, `fold()`), description and supplier reference: what the search matches (trigram index). */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`fold(name || ' ' || coalesce(description, '') || ' ' || coalesce(supplier_reference, ''))`,
      ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("library_items_company_name_idx").on(t.companyId, t.archived, sql`fold(${t.name})`, t.id),
    index("library_items_company_kind_idx").on(t.companyId, t.archived, t.kind, sql`fold(${t.name})`),
    index("library_items_company_category_idx").on(t.companyId, t.archived, t.category, sql`fold(${t.name})`),
    // The list's other orders (docs/domain/library.md#as-a-table), read either way.
    index("library_items_company_price_idx").on(t.companyId, t.archived, t.unitPrice, t.id),
    index("library_items_company_type_idx").on(t.companyId, t.archived, t.kind, t.category, sql`fold(${t.name})`, t.id),
    index("library_items_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    // Suggestions of two characters (too short for trigrams): active names starting with them.
    index("library_items_name_prefix_idx")
      .on(t.companyId, sql`fold(${t.name}) text_pattern_ops`)
      .where(sql`NOT ${t.archived}`),
    check("library_items_kind_check", sql`${t.kind} IN ('article', 'ouvrage')`),
    check(
      "library_items_shape_check",
      sql`(${t.kind} = 'article' AND ${t.category} IS NOT NULL AND ${t.pricing} IS NULL)
        OR (${t.kind} = 'ouvrage' AND ${t.category} IS NULL AND ${t.pricing} IS NOT NULL)`,
    ),
  ],
);

/** The articles an ouvrage is made of, with their quantity in one unit of the ouvrage. */
export const libraryComponents = pgTable(
  "library_components",
  {
    companyId: companyIdColumn(),
    ouvrageId: uuid("ouvrage_id")
      .notNull()
      .references(() => libraryItems.id, { onDelete: "cascade" }),
    articleId: uuid("article_id")
      .notNull()
      .references(() => libraryItems.id, { onDelete: "restrict" }),
    position: integer("position").notNull(),
    quantity: numeric("quantity", { precision: 12, scale: 3, mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ouvrageId, t.articleId] }),
    index("library_components_company_article_idx").on(t.companyId, t.articleId),
  ],
);
