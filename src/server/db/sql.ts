import type { SortOrder } from "@shared/fields";
import { type SQL, sql } from "drizzle-orm";
import { CasingCache } from "drizzle-orm/casing";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";

/**
 * A list of ids as one `uuid[]` parameter (`= ANY(${uuidArray(ids)}::uuid[])`): one bound value whatever
 * the number of ids, where drizzle's `sql` would bind each element apart. The ids are checked UUIDs.
 */
export const uuidArray = (ids: readonly string[]): string => `{${ids.join(",")}}`;

/**
 * A list's direction as SQL: `ASC` or `DESC`, from the checked `order=asc|desc` (never user text), and
 * the other one (the sort's keys that run against it, docs/architecture.md#office-lists-as-tables).
 */
export const direction = (order: SortOrder, reversed = false): SQL =>
  sql.raw((order === "desc") !== reversed ? "DESC" : "ASC");

/**
 * A value written as a SQL literal, for `inlineQuery`: text by node-postgres's `escapeLiteral` (quotes
 * doubled, backslashes in an E'' string), numbers only when finite (a negative one in parentheses, so
 * that `a-${n}` never writes `--`), booleans, dates as ISO text; anything else refused.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "string") {
    if (value.includes("\u0000")) throw new TypeError("A SQL literal cannot hold a NUL character");
    return pg.escapeLiteral(value);
  }
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`Not a finite number (${value})`);
    return value < 0 ? `(${value})` : String(value);
  }
  if (typeof value === "bigint") return value < 0n ? `(${value})` : String(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  throw new TypeError("Only text, numbers, booleans, dates and null can be written as SQL literals");
}

const dialect = new PgDialect();
const casing = new CasingCache();

/**
 * A drizzle `sql` query as one text, its values written as literals (`sqlLiteral`) where the query
 * would bind parameters: for `Database.read`, whose simple protocol takes none.
 */
export function inlineQuery(query: SQL): string {
  return query.toQuery({
    casing,
    escapeName: dialect.escapeName,
    escapeParam: (_index, value) => sqlLiteral(value),
    escapeString: dialect.escapeString,
  }).sql;
}
