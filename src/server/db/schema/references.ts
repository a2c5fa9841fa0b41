import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { companyIdColumn } from "./companies";

/** Per-company, per-kind, per-year reference counters (docs/domain/references.md#allocation). */
export const referenceCounters = pgTable(
  "reference_counters",
  {
    companyId: companyIdColumn(),
    kind: text("kind").notNull(),
    year: integer("year").notNull(),
    lastValue: integer("last_value").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.year] })],
);
