import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { companyIdColumn } from "./companies";

/** Reusable equipment lists (docs/domain/equipment.md), taken by a worksite when it is created. */
export const equipmentTemplates = pgTable(
  "equipment_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    name: text("name").notNull(),
    /** The items in their order, trimmed, without blanks. */
    equipmentItems: text("equipment_items").array().notNull().default(sql`'{}'::text[]`),
    /** Lower-cased name and items: what the search matches (trigram index); see the migration's function. */
    searchText: text("search_text").notNull().generatedAlwaysAs(sql`equipment_search_text(name, equipment_items)`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("equipment_templates_company_created_idx").on(t.companyId, t.createdAt.desc(), t.id.desc()),
    index("equipment_templates_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);
