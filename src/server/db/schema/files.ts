import { customType, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { companyIdColumn } from "./companies";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/** Uploaded files (docs/domain/files.md): checked by content, served by /api/files/:id with a signed URL. */
export const files = pgTable(
  "files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    /** 'logo' | 'project_photo' */
    kind: text("kind").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    filename: text("filename"),
    /** Stored as is (STORAGE EXTERNAL, migration 0022): compressed images gain nothing from pglz. */
    data: bytea("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("files_company_idx").on(t.companyId, t.kind)],
);
