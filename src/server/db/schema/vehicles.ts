import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companyIdColumn } from "./companies";

/** A company's vehicles (docs/domain/vehicles.md), with the dates that keep them legal on the road. */
export const vehicles = pgTable(
  "vehicles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    name: text("name").notNull(),
    /** Upper-cased, unique within the company; optional. */
    registrationNumber: text("registration_number"),
    brand: text("brand"),
    model: text("model"),
    /** 'available' | 'maintenance' | 'in_use' */
    status: text("status").notNull().default("available"),
    /** Kilometres on the counter, as last read. */
    mileage: integer("mileage"),
    nextServiceDate: date("next_service_date", { mode: "string" }),
    /** Next contrôle technique. */
    nextInspectionDate: date("next_inspection_date", { mode: "string" }),
    insuranceExpiryDate: date("insurance_expiry_date", { mode: "string" }),
    /** The earliest of the three dates above (LEAST ignores the missing ones): « à surveiller » reads it. */
    nextDueDate: date("next_due_date", { mode: "string" }).generatedAlwaysAs(
      sql`LEAST(next_service_date, next_inspection_date, insurance_expiry_date)`,
    ),
    /** Folded name (accents and case aside, `fold()`), registration, brand and model: what the search matches (trigram index). */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`fold(name || ' ' || coalesce(registration_number, '') || ' ' || coalesce(brand, '') || ' ' || coalesce(model, ''))`,
      ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("vehicles_company_name_idx").on(t.companyId, sql`fold(${t.name})`, t.id),
    index("vehicles_company_status_idx").on(t.companyId, t.status, sql`fold(${t.name})`, t.id),
    index("vehicles_company_due_idx").on(t.companyId, t.nextDueDate),
    index("vehicles_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    uniqueIndex("vehicles_company_registration_key")
      .on(t.companyId, t.registrationNumber)
      .where(sql`${t.registrationNumber} IS NOT NULL`),
    check("vehicles_status_check", sql`${t.status} IN ('available', 'maintenance', 'in_use')`),
    check("vehicles_mileage_check", sql`${t.mileage} IS NULL OR ${t.mileage} >= 0`),
  ],
);
