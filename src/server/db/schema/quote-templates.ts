import { sql } from "drizzle-orm";
import { index, jsonb, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { companyIdColumn } from "./companies";

/** Reusable quote bodies: lines (jsonb, numbered 1, 2, …), a percentage discount and terms. */
export const quoteTemplates = pgTable(
  "quote_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    name: text("name").notNull(),
    description: text("description"),
    items: jsonb("items").notNull().default(sql`'[]'::jsonb`),
    discountPercentage: numeric("discount_percentage", { precision: 5, scale: 2, mode: "number" }).notNull().default(0),
    terms: text("terms"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("quote_templates_company_idx").on(t.companyId, t.name)],
);
