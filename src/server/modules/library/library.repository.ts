import type { Db } from "@server/db/client";
import { libraryComponents, libraryItems } from "@server/db/schema";
import { direction, uuidArray } from "@server/db/sql";
import { containsPattern, prefixPattern } from "@server/lib/search";
import { type ExpectedVersion, lockTenantVersion } from "@server/lib/versions";
import type { SortOrder } from "@shared/fields";
import type {
  LibraryCategory,
  LibraryItem,
  LibraryKind,
  LibrarySort,
  OuvrageComponent,
  OuvragePricing,
} from "@shared/library";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";

/** The stored columns of an item, as the wire names them (raw SQL selects the same list). */
const SELECT_LIST = sql.raw(`i.id, i.kind, i.name, i.description, i.unit, i.unit_price, i.cost_price, i.tax_rate,
  i.category, i.supplier_reference, i.pricing, i.coefficient, i.labour_hours, i.archived, i.created_at, i.updated_at`);

type RawItem = {
  id: string;
  kind: LibraryKind;
  name: string;
  description: string | null;
  unit: string;
  unit_price: string | number;
  cost_price: string | number;
  tax_rate: string | number;
  category: LibraryCategory | null;
  supplier_reference: string | null;
  pricing: OuvragePricing | null;
  coefficient: string | number | null;
  labour_hours: string | number | null;
  archived: boolean;
  created_at: string | Date;
  updated_at: string | Date;
};

const num = (v: string | number) => Number(v);
const numOrNull = (v: string | number | null) => (v === null ? null : Number(v));
const iso = (v: string | Date) => new Date(v).toISOString();

/** Raw SQL gives numeric and timestamps as text: one conversion for every read. */
function toItem(row: RawItem): LibraryItem {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    unit: row.unit,
    unit_price: num(row.unit_price),
    cost_price: num(row.cost_price),
    tax_rate: num(row.tax_rate),
    category: row.category,
    supplier_reference: row.supplier_reference,
    pricing: row.pricing,
    coefficient: numOrNull(row.coefficient),
    labour_hours: numOrNull(row.labour_hours),
    archived: row.archived,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export interface LibraryFilter {
  search?: string | undefined;
  kind?: LibraryKind | undefined;
  category?: LibraryCategory | undefined;
  archived: boolean;
  /** A table's selection (the export of `ids`): these items only. */
  ids?: readonly string[] | undefined;
}

/** What is written for an item (prices of an ouvrage as computed by the service). */
export interface LibraryItemValues {
  kind: LibraryKind;
  name: string;
  description: string | null;
  unit: string;
  unit_price: number;
  cost_price: number;
  tax_rate: number;
  category: LibraryCategory | null;
  supplier_reference: string | null;
  pricing: OuvragePricing | null;
  coefficient: number | null;
  forced_price: number | null;
  labour_hours: number | null;
}

function toColumns(values: LibraryItemValues) {
  return {
    kind: values.kind,
    name: values.name,
    description: values.description,
    unit: values.unit,
    unitPrice: values.unit_price,
    costPrice: values.cost_price,
    taxRate: values.tax_rate,
    category: values.category,
    supplierReference: values.supplier_reference,
    pricing: values.pricing,
    coefficient: values.coefficient,
    forcedPrice: values.forced_price,
    labourHours: values.labour_hours,
  };
}

/** The filter's conditions on alias `i` (a table or library_items_matching()). */
function conditions(companyId: string, filter: Omit<LibraryFilter, "search">): SQL {
  const parts = [sql`i.company_id = ${companyId}`, sql`i.archived = ${filter.archived}`];
  if (filter.kind) parts.push(sql`i.kind = ${filter.kind}`);
  if (filter.category) parts.push(sql`i.category = ${filter.category}`);
  if (filter.ids) parts.push(sql`i.id = ANY(${uuidArray(filter.ids)}::uuid[])`);
  return sql.join(parts, sql` AND `);
}

/** The list's order (docs/domain/library.md#as-a-table). */
export interface LibraryOrder {
  sort: LibrarySort;
  order: SortOrder;
}

/**
 * The list's ORDER BY on alias `i`, every key in the one direction so that an index scanned either way
 * gives it (drizzle/0045: (company, archived, unit_price, id), (company, archived, kind, category,
 * fold(name), id); the name's is 0042's); each ends on the id, so pages never overlap.
 */
function orderBy({ sort, order }: LibraryOrder): SQL {
  const d = direction(order);
  if (sort === "unit_price") return sql`i.unit_price ${d}, i.id ${d}`;
  if (sort === "kind") return sql`i.kind ${d}, i.category ${d}, fold(i.name) ${d}, i.id ${d}`;
  return sql`fold(i.name) ${d}, i.id ${d}`;
}

export interface OuvrageToReprice {
  id: string;
  pricing: OuvragePricing;
  coefficient: number | null;
  forced_price: number | null;
  parts: { quantity: number; unit_price: number; cost_price: number; category: LibraryCategory; unit: string }[];
}

export interface ComponentRow {
  article_id: string;
  quantity: number;
  position: number;
}

export const libraryRepository = {
  /** Locks the item and refuses a replaced version (ADR 0024). */
  lockVersion: (tx: Db, companyId: string, id: string, version: ExpectedVersion) =>
    lockTenantVersion(tx, version, libraryItems, companyId, id),

  /**
   * One page and the total. Without a search, the page from the index of its order (the (company,
   * archived, [kind|category,] name) ones, drizzle/0045's), then a count; with one, the matching rows come from library_items_matching() (trigram index under RLS).
   */
  async list(
    tx: Db,
    companyId: string,
    filter: LibraryFilter,
    page: { limit: number; offset: number },
    order: LibraryOrder = { sort: "name", order: "asc" },
  ) {
    if (!filter.search) {
      // The page straight from the order's index (a window count would read and sort every item first:
      // fold() of 6,000 names for 50 rows), then the count.
      const rows = await tx.execute<RawItem>(sql`
        SELECT ${SELECT_LIST} FROM library_items AS i
        WHERE ${conditions(companyId, filter)}
        ORDER BY ${orderBy(order)}
        LIMIT ${page.limit} OFFSET ${page.offset}`);
      const counted = await tx.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM library_items AS i WHERE ${conditions(companyId, filter)}`,
      );
      return { data: rows.rows.map(toItem), total: counted.rows[0]?.n ?? 0 };
    }
    const source = sql`library_items_matching(${containsPattern(filter.search)}) AS i`;
    const result = await tx.execute<RawItem & { total: number }>(sql`
      SELECT ${SELECT_LIST}, (count(*) OVER ())::int AS total
      FROM ${source}
      WHERE ${conditions(companyId, filter)}
      ORDER BY ${orderBy(order)}
      LIMIT ${page.limit} OFFSET ${page.offset}`);
    const rows = result.rows;
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && page.offset > 0) {
      const counted = await tx.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ${source} WHERE ${conditions(companyId, filter)}`,
      );
      total = counted.rows[0]?.n ?? 0;
    }
    return { data: rows.map(({ total: _total, ...row }) => toItem(row)), total };
  },

  /**
   * Suggestions as the user types a quote line's name: active items whose text contains every word
   * typed, names starting with the first word first, then by name. Two characters are too short for
   * the trigram index: then the names that start with them (prefix index, library_items_starting()).
   */
  async suggestions(tx: Db, companyId: string, q: string, limit: number): Promise<LibraryItem[]> {
    const words = q.split(/\s+/).filter(Boolean).slice(0, 5);
    const [first = "", ...others] = words;
    const prefix = prefixPattern(first);
    const source =
      first.length < 3
        ? sql`library_items_starting(${prefix}) AS i`
        : sql`library_items_matching(${containsPattern(first)}) AS i`;
    const more = others.map((word) => sql` AND i.search_text LIKE ${containsPattern(word)}`);
    const result = await tx.execute<RawItem>(sql`
      SELECT ${SELECT_LIST}
      FROM ${source}
      WHERE i.company_id = ${companyId} AND NOT i.archived ${sql.join(more, sql``)}
      ORDER BY (fold(i.name) LIKE ${prefix}) DESC, fold(i.name), i.id
      LIMIT ${limit}`);
    return result.rows.map(toItem);
  },

  async find(tx: Db, companyId: string, id: string, lock = false): Promise<LibraryItem | undefined> {
    const result = await tx.execute<RawItem>(sql`
      SELECT ${SELECT_LIST} FROM library_items i WHERE i.company_id = ${companyId} AND i.id = ${id}
      ${lock ? sql`FOR UPDATE` : sql``}`);
    const row = result.rows[0];
    return row ? toItem(row) : undefined;
  },

  /** Every item of the filter, by name (the CSV export; `max` rows at most). */
  async all(tx: Db, companyId: string, filter: LibraryFilter, max: number): Promise<LibraryItem[]> {
    return (await this.list(tx, companyId, filter, { limit: max, offset: 0 })).data;
  },

  /** The lower-cased names of the company's active articles among `names` (an import's duplicates). */
  async existingNames(tx: Db, companyId: string, names: readonly string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const lower = sql<string>`lower(${libraryItems.name})`;
    const rows = await tx
      .select({ name: lower })
      .from(libraryItems)
      .where(
        and(
          eq(libraryItems.companyId, companyId),
          eq(libraryItems.archived, false),
          inArray(lower, [...new Set(names.map((n) => n.toLowerCase()))]),
        ),
      );
    return new Set(rows.map((r) => r.name));
  },

  /** Adds articles in batches of 500 (an import). */
  async insertMany(tx: Db, companyId: string, rows: readonly LibraryItemValues[]): Promise<number> {
    for (let i = 0; i < rows.length; i += 500) {
      await tx
        .insert(libraryItems)
        .values(rows.slice(i, i + 500).map((values) => ({ companyId, ...toColumns(values) })));
    }
    return rows.length;
  },

  /** The forced price of an ouvrage (kept apart from the wire item, which shows the price in force). */
  async forcedPrice(tx: Db, companyId: string, id: string): Promise<number | null> {
    const [row] = await tx
      .select({ forced: libraryItems.forcedPrice })
      .from(libraryItems)
      .where(and(eq(libraryItems.companyId, companyId), eq(libraryItems.id, id)));
    return row?.forced ?? null;
  },

  /** An ouvrage's parts with the articles' current figures, in their order. */
  async components(tx: Db, companyId: string, ouvrageId: string): Promise<OuvrageComponent[]> {
    const result = await tx.execute<{
      article_id: string;
      name: string;
      unit: string;
      category: LibraryCategory;
      quantity: string;
      unit_price: string;
      cost_price: string;
      archived: boolean;
    }>(sql`
      SELECT c.article_id, a.name, a.unit, a.category, c.quantity, a.unit_price, a.cost_price, a.archived
      FROM library_components c JOIN library_items a ON a.id = c.article_id AND a.company_id = c.company_id
      WHERE c.company_id = ${companyId} AND c.ouvrage_id = ${ouvrageId}
      ORDER BY c.position`);
    return result.rows.map((r) => ({
      ...r,
      quantity: Number(r.quantity),
      unit_price: Number(r.unit_price),
      cost_price: Number(r.cost_price),
    }));
  },

  /** The articles of `ids` in the company (any archived state), for an ouvrage's parts. */
  async articles(tx: Db, companyId: string, ids: readonly string[]) {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({
        id: libraryItems.id,
        kind: libraryItems.kind,
        unit: libraryItems.unit,
        category: libraryItems.category,
        unit_price: libraryItems.unitPrice,
        cost_price: libraryItems.costPrice,
        archived: libraryItems.archived,
      })
      .from(libraryItems)
      .where(and(eq(libraryItems.companyId, companyId), inArray(libraryItems.id, [...ids])));
    return rows;
  },

  async insert(tx: Db, companyId: string, values: LibraryItemValues): Promise<string> {
    const [row] = await tx
      .insert(libraryItems)
      .values({ companyId, ...toColumns(values) })
      .returning({ id: libraryItems.id });
    if (!row) throw new Error("library item not inserted");
    return row.id;
  },

  async update(tx: Db, companyId: string, id: string, values: LibraryItemValues): Promise<void> {
    await tx
      .update(libraryItems)
      .set({ ...toColumns(values), updatedAt: sql`now()` })
      .where(and(eq(libraryItems.companyId, companyId), eq(libraryItems.id, id)));
  },

  /**
   * The ouvrages `articleId` is part of, locked, each with its pricing and its parts' current figures:
   * what repricing them needs, in one statement whatever their number.
   */
  async ouvragesToReprice(tx: Db, companyId: string, articleId: string): Promise<OuvrageToReprice[]> {
    const result = await tx.execute<{
      id: string;
      pricing: OuvragePricing;
      coefficient: string | null;
      forced_price: string | null;
      parts: { quantity: number; unit_price: number; cost_price: number; category: LibraryCategory; unit: string }[];
    }>(sql`
      SELECT o.id, o.pricing, o.coefficient, o.forced_price,
             (SELECT json_agg(json_build_object('quantity', c.quantity, 'unit_price', a.unit_price,
                       'cost_price', a.cost_price, 'category', a.category, 'unit', a.unit) ORDER BY c.position)
              FROM library_components c JOIN library_items a ON a.id = c.article_id AND a.company_id = c.company_id
              WHERE c.company_id = o.company_id AND c.ouvrage_id = o.id) AS parts
      FROM library_items o
      WHERE o.company_id = ${companyId} AND o.kind = 'ouvrage'
        AND o.id IN (SELECT ouvrage_id FROM library_components WHERE company_id = ${companyId} AND article_id = ${articleId})
      ORDER BY o.id
      FOR UPDATE OF o`);
    return result.rows.map((r) => ({
      id: r.id,
      pricing: r.pricing,
      coefficient: numOrNull(r.coefficient),
      forced_price: numOrNull(r.forced_price),
      parts: r.parts.map((p) => ({
        ...p,
        quantity: Number(p.quantity),
        unit_price: Number(p.unit_price),
        cost_price: Number(p.cost_price),
      })),
    }));
  },

  /** Writes ouvrages' prices as computed again from their parts, in one statement. */
  async setPrices(
    tx: Db,
    companyId: string,
    prices: readonly { id: string; unit_price: number; cost_price: number; labour_hours: number }[],
  ): Promise<void> {
    if (prices.length === 0) return;
    const rows = sql.join(
      prices.map(
        (p) => sql`(${p.id}::uuid, ${p.unit_price}::numeric, ${p.cost_price}::numeric, ${p.labour_hours}::numeric)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      UPDATE library_items AS i
      SET unit_price = v.unit_price, cost_price = v.cost_price, labour_hours = v.labour_hours, updated_at = now()
      FROM (VALUES ${rows}) AS v(id, unit_price, cost_price, labour_hours)
      WHERE i.company_id = ${companyId} AND i.id = v.id`);
  },

  async replaceComponents(tx: Db, companyId: string, ouvrageId: string, rows: readonly ComponentRow[]) {
    await tx
      .delete(libraryComponents)
      .where(and(eq(libraryComponents.companyId, companyId), eq(libraryComponents.ouvrageId, ouvrageId)));
    if (rows.length === 0) return;
    await tx.insert(libraryComponents).values(
      rows.map((r) => ({
        companyId,
        ouvrageId,
        articleId: r.article_id,
        quantity: r.quantity,
        position: r.position,
      })),
    );
  },

  /** The ouvrages an article is part of, active ones or all (ids, locked for the recomputation). */
  async ouvragesUsing(tx: Db, companyId: string, articleId: string, activeOnly: boolean): Promise<string[]> {
    const result = await tx.execute<{ id: string }>(sql`
      SELECT o.id FROM library_components c
      JOIN library_items o ON o.id = c.ouvrage_id AND o.company_id = c.company_id
      WHERE c.company_id = ${companyId} AND c.article_id = ${articleId}
        ${activeOnly ? sql`AND NOT o.archived` : sql``}
      ORDER BY o.id
      FOR UPDATE OF o`);
    return result.rows.map((r) => r.id);
  },

  /** How many quotes and quote templates have a line from this item (it can then only be archived). */
  async documentsUsing(tx: Db, companyId: string, id: string): Promise<number> {
    const result = await tx.execute<{ n: number }>(sql`
      SELECT (SELECT count(DISTINCT quote_id) FROM quote_items
              WHERE company_id = ${companyId} AND library_item_id = ${id})
           + (SELECT count(*) FROM quote_templates
              WHERE company_id = ${companyId} AND items @> ${JSON.stringify([{ library_item_id: id }])}::jsonb) AS n`);
    return Number(result.rows[0]?.n ?? 0);
  },

  async setArchived(tx: Db, companyId: string, id: string, archived: boolean): Promise<void> {
    await tx
      .update(libraryItems)
      .set({ archived, updatedAt: sql`now()` })
      .where(and(eq(libraryItems.companyId, companyId), eq(libraryItems.id, id)));
  },

  async delete(tx: Db, companyId: string, id: string): Promise<void> {
    await tx.delete(libraryItems).where(and(eq(libraryItems.companyId, companyId), eq(libraryItems.id, id)));
  },

  /** The stored components of an ouvrage (ids and quantities), for a duplicate. */
  async componentRows(tx: Db, companyId: string, ouvrageId: string): Promise<ComponentRow[]> {
    const rows = await tx
      .select({
        article_id: libraryComponents.articleId,
        quantity: libraryComponents.quantity,
        position: libraryComponents.position,
      })
      .from(libraryComponents)
      .where(and(eq(libraryComponents.companyId, companyId), eq(libraryComponents.ouvrageId, ouvrageId)))
      .orderBy(asc(libraryComponents.position));
    return rows;
  },
};
