import type { Db } from "@server/db/client";
import type { InvoiceItemInput } from "@shared/invoices";
import { type SQL, sql } from "drizzle-orm";

/**
 * The lines of a commercial document (docs/architecture.md « Document core »), whatever its kind: one
 * table per kind (`quote_items`, `invoice_items`: the same columns, a quote's line adds its cost and
 * its library item), the SQL written here once. A new kind adds its table to `LINE_TABLES`.
 */

/** The kinds of document that have lines. */
export type LineDocument = "quote" | "invoice";

/** A line as written: what the input schema gives (a quote's line adds its cost and library item). */
export interface LineToWrite extends InvoiceItemInput {
  cost_price?: number | null;
  library_item_id?: string | null;
}

/** A line's figures as the document's totals computed them (same order as the lines). */
export interface LineFigures {
  subtotal: number;
  tax_amount: number;
  total: number;
}

/**
 * Where each kind keeps its lines: its table, its document column, and the columns a kind adds to the
 * common ones (read into the wire's JSON, written from the line).
 */
const LINE_TABLES: Record<
  LineDocument,
  { table: SQL; owner: SQL; extra: { column: string; value: (line: LineToWrite) => unknown }[] }
> = {
  // A quote's lines also carry their cost (shown to quotes:margins holders) and their library item;
  // both are resolved by the quotes service before writing (docs/domain/quotes.md#margins).
  quote: {
    table: sql.raw("quote_items"),
    owner: sql.raw("quote_id"),
    extra: [
      { column: "library_item_id", value: (line) => line.library_item_id ?? null },
      { column: "cost_price", value: (line) => line.cost_price ?? null },
    ],
  },
  invoice: { table: sql.raw("invoice_items"), owner: sql.raw("invoice_id"), extra: [] },
};

/**
 * A document's lines in their order as the wire shows them (`[]` when it has none), as one JSON value
 * read inside the document's own statement (one round trip per document or page).
 * `companyId` and `documentId` are SQL: a parameter or a column of the outer query.
 */
export function linesJson(kind: LineDocument, companyId: SQL, documentId: SQL): SQL {
  const { table, owner } = LINE_TABLES[kind];
  const extra = sql.raw(LINE_TABLES[kind].extra.map(({ column }) => `, '${column}', l.${column}`).join(""));
  return sql`coalesce((
  SELECT json_agg(json_build_object(
           'id', l.id, 'position', l.position, 'kind', l.kind, 'name', l.name, 'description', l.description,
           'quantity', l.quantity, 'unit', l.unit, 'unit_price', l.unit_price, 'tax_rate', l.tax_rate,
           'subtotal', l.subtotal, 'tax_amount', l.tax_amount, 'total', l.total${extra}) ORDER BY l.position)
  FROM ${table} l WHERE l.company_id = ${companyId} AND l.${owner} = ${documentId}), '[]'::json)`;
}

/** A line as `read` gets it from the driver (numerics as text). */
type RawLine = Omit<InvoiceItemInput, "quantity" | "unit_price" | "tax_rate"> & {
  quantity: string;
  unit_price: string;
  tax_rate: string;
  [column: string]: unknown;
};

export const documentLinesRepository = {
  /** A document's lines replaced by `items` (their figures in `figures`, same order), in the caller's transaction. */
  async replace(
    tx: Db,
    companyId: string,
    kind: LineDocument,
    documentId: string,
    items: readonly LineToWrite[],
    figures: readonly LineFigures[],
  ): Promise<void> {
    const { table, owner, extra } = LINE_TABLES[kind];
    await tx.execute(sql`DELETE FROM ${table} WHERE company_id = ${companyId} AND ${owner} = ${documentId}`);
    if (items.length === 0) return;
    const columns = sql.raw(["", ...extra.map(({ column }) => column)].join(", "));
    const rows = items.map((item, index) => {
      const line = figures[index];
      if (!line) throw new Error("figures do not match the lines");
      const more = extra.map(({ value }) => sql`, ${value(item)}`);
      // The server numbers the lines in their order (a position sent with a line is dropped).
      return sql`(${companyId}, ${documentId}, ${index + 1}, ${item.kind}, ${item.name}, ${item.description},
        ${item.quantity}, ${item.unit}, ${item.unit_price}, ${item.tax_rate},
        ${line.subtotal}, ${line.tax_amount}, ${line.total}${sql.join(more)})`;
    });
    await tx.execute(sql`INSERT INTO ${table} (company_id, ${owner}, position, kind, name, description,
      quantity, unit, unit_price, tax_rate, subtotal, tax_amount, total${columns})
      VALUES ${sql.join(rows, sql`, `)}`);
  },

  /** A document's lines in order, as they were written (figures aside). */
  async read(tx: Db, companyId: string, kind: LineDocument, documentId: string): Promise<InvoiceItemInput[]> {
    const { table, owner } = LINE_TABLES[kind];
    const result = await tx.execute<RawLine>(sql`
      SELECT kind, name, description, quantity, unit, unit_price, tax_rate
      FROM ${table} WHERE company_id = ${companyId} AND ${owner} = ${documentId}
      ORDER BY position`);
    return result.rows.map((row) => ({
      kind: row.kind,
      name: row.name,
      description: row.description,
      quantity: Number(row.quantity),
      unit: row.unit,
      unit_price: Number(row.unit_price),
      tax_rate: Number(row.tax_rate),
    }));
  },

  /**
   * The VAT rates of a document's priced lines and the company's own rates, in one round trip: what
   * issuing a document checks (docs/decisions/0020-vat-rates.md).
   */
  async rates(tx: Db, companyId: string, kind: LineDocument, documentId: string) {
    const { table, owner } = LINE_TABLES[kind];
    const rows = await tx.execute<{ rates: string[] | null; extra: number[] | null }>(sql`
      SELECT
        (SELECT array_agg(DISTINCT tax_rate)::text[] FROM ${table}
          WHERE company_id = ${companyId} AND ${owner} = ${documentId} AND kind = 'item') AS rates,
        (SELECT extra_tax_rates FROM companies WHERE id = ${companyId}) AS extra`);
    const row = rows.rows[0];
    return { rates: (row?.rates ?? []).map(Number), extra: row?.extra ?? [] };
  },
};
