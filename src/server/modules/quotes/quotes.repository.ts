import type { Db } from "@server/db/client";
import { clients, quoteStatusTotals, quotes } from "@server/db/schema";
import { direction } from "@server/db/sql";
import { containsPattern } from "@server/lib/search";
import { type ExpectedVersion, lockTenantVersion } from "@server/lib/versions";
import type { SortOrder } from "@shared/fields";
import { isPricedLine } from "@shared/money";
import type { Quote, QuoteInput, QuoteSort, QuoteState, QuoteStatus, QuoteSummary } from "@shared/quotes";
import { PENDING_QUOTE_STATUSES } from "@shared/quotes";
import type { Premises } from "@shared/vat-rules";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { documentLinesQueries, linesJson } from "../documents/documents.queries";

export interface QuoteFilter {
  status?: QuoteStatus | undefined;
  clientId?: string | undefined;
  /** Sent quotes still valid, or past their validity, on `today`. */
  state?: QuoteState | undefined;
  /** Exactly these quotes (a page found by search()). */
  ids?: string[] | undefined;
}

/** The business day the validity dates are read against (Europe/Paris), and the page's order. */
export interface ListContext {
  today: string;
  sort: QuoteSort;
  /** The sort's direction (its own when the call leaves `order` out: QUOTE_SORT_ORDERS). */
  order: SortOrder;
}

const PENDING = sql.join(
  PENDING_QUOTE_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** `state` on a relation with status and valid_until columns (quotes, or the rows quotes_search() answers). */
function stateCondition(state: QuoteState | undefined, today: string, alias?: string): SQL | undefined {
  if (!state) return undefined;
  const col = (name: string) => sql.raw(alias ? `${alias}.${name}` : name);
  const expired = sql`${col("valid_until")} < ${today}::date`;
  return state === "expired"
    ? sql`(${col("status")} IN (${PENDING}) AND ${expired})`
    : sql`(${col("status")} IN (${PENDING}) AND NOT coalesce(${expired}, false))`;
}

/** Computed totals stored with the quote (server-side, docs/decisions/0002-money.md). */
export interface StoredTotals {
  subtotal: number;
  discount: number;
  tax_amount: number;
  total: number;
  vat_breakdown: { rate: number; base: number; discount: number; net: number; tax: number }[];
  lines: { subtotal: number; tax_amount: number; total: number }[];
}

function where(companyId: string, filter: QuoteFilter, today: string): SQL | undefined {
  return and(
    eq(quotes.companyId, companyId),
    filter.status ? eq(quotes.status, filter.status) : undefined,
    filter.clientId ? eq(quotes.clientId, filter.clientId) : undefined,
    stateCondition(filter.state, today, "quotes"),
    filter.ids ? sql`${quotes.id} = ANY(${`{${filter.ids.join(",")}}`}::uuid[])` : undefined,
  );
}

/**
 * The page's order; every order ends on a unique key, so pages never overlap. `order` turns the sort's
 * keys around (the amount's id runs against it, as it always did); a client's quotes stay the most recent
 * first in both directions.
 */
function orderOf(sort: QuoteSort, order: SortOrder): SQL[] {
  const d = direction(order);
  if (sort === "amount") return [sql`${quotes.netHt} ${d}`, sql`${quotes.id} ${direction(order, true)}`];
  // By client: the clients' (company, fold(name), id) index gives them in order, each one's quotes then
  // sorted among themselves (an incremental sort), so a page reads a few clients, not every quote.
  if (sort === "client") {
    return [
      sql`fold(${clients.name}) ${d}`,
      sql`${clients.id} ${d}`,
      sql`${quotes.date} DESC`,
      sql`${quotes.reference} DESC`,
    ];
  }
  return [sql`${quotes.date} ${d}`, sql`${quotes.reference} ${d}`];
}

/**
 * The quote's lines in their order, as the wire shows them, read in the same statement as the quote
 * (one round trip per page or quote instead of two): the document kernel's lines.
 */
const quoteLines = sql<Quote["items"]>`${linesJson("quote", sql`${quotes.companyId}`, sql`${quotes.id}`)}`;

const quoteColumns = {
  id: quotes.id,
  reference: quotes.reference,
  name: quotes.name,
  status: quotes.status,
  client_id: quotes.clientId,
  date: quotes.date,
  valid_until: quotes.validUntil,
  notes: quotes.notes,
  terms: quotes.terms,
  discount_percentage: quotes.discountPercentage,
  discount_amount: quotes.discountAmount,
  subtotal: quotes.subtotal,
  discount: quotes.discount,
  tax_amount: quotes.taxAmount,
  total: quotes.total,
  vat_breakdown: quotes.vatBreakdown,
  project_id: quotes.projectId,
  worksite_label: quotes.worksiteLabel,
  worksite_address: quotes.worksiteAddress,
  worksite_postal_code: quotes.worksitePostalCode,
  worksite_city: quotes.worksiteCity,
  premises: quotes.premises,
  version: quotes.version,
  created_at: quotes.createdAt,
  updated_at: quotes.updatedAt,
  client_name: clients.name,
  client_email: clients.email,
  client_phone: clients.phone,
  client_address: clients.address,
  client_postal_code: clients.postalCode,
  client_city: clients.city,
  items: quoteLines,
};

type QuoteRow = Awaited<ReturnType<typeof selectQuotes>>[number];

function selectQuotes(tx: Db, condition: SQL | undefined) {
  return tx.select(quoteColumns).from(quotes).innerJoin(clients, eq(clients.id, quotes.clientId)).where(condition);
}

function toQuote(row: QuoteRow): Quote {
  return {
    id: row.id,
    reference: row.reference,
    name: row.name,
    status: row.status as QuoteStatus,
    client_id: row.client_id,
    client: {
      id: row.client_id,
      name: row.client_name,
      email: row.client_email,
      phone: row.client_phone,
      address: row.client_address,
      postal_code: row.client_postal_code,
      city: row.client_city,
    },
    date: row.date,
    valid_until: row.valid_until,
    notes: row.notes,
    terms: row.terms,
    discount_percentage: row.discount_percentage,
    discount_amount: row.discount_amount,
    subtotal: row.subtotal,
    discount: row.discount,
    tax_amount: row.tax_amount,
    total: row.total,
    vat_breakdown: row.vat_breakdown as Quote["vat_breakdown"],
    project_id: row.project_id,
    worksite: row.worksite_address
      ? {
          label: row.worksite_label,
          address: row.worksite_address,
          postal_code: row.worksite_postal_code,
          city: row.worksite_city,
        }
      : null,
    premises: (row.premises as Premises | null) ?? null,
    items: row.items,
    items_count: row.items.filter(isPricedLine).length,
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function quoteValues(input: QuoteInput, totals: StoredTotals) {
  return {
    name: input.name,
    status: input.status,
    clientId: input.client_id,
    date: input.date,
    validUntil: input.valid_until ?? null,
    notes: input.notes,
    terms: input.terms,
    discountPercentage: input.discount_percentage,
    // The input schema keeps only the discount that applies (the other one is 0).
    discountAmount: input.discount_amount,
    subtotal: totals.subtotal,
    discount: totals.discount,
    taxAmount: totals.tax_amount,
    total: totals.total,
    vatBreakdown: totals.vat_breakdown,
    // Left out of a PUT, the worksite address stays (the service passes `undefined` then).
    ...(input.worksite === undefined
      ? {}
      : {
          worksiteLabel: input.worksite?.label ?? null,
          worksiteAddress: input.worksite?.address ?? null,
          worksitePostalCode: input.worksite?.postal_code ?? null,
          worksiteCity: input.worksite?.city ?? null,
        }),
    // Left out of a PUT, the answer to « Logement achevé depuis plus de 2 ans ? » stays.
    ...(input.premises === undefined ? {} : { premises: input.premises }),
  };
}

/**
 * The list's summary over a relation of (status, expired, n, amount, ht) rows: `n` quotes of that status,
 * expired or not, worth `amount` TTC and `ht` HT after discount in all. The same figures whatever the
 * source (per-status totals, a client's quotes, the quotes found by a search).
 */
function summaryOf(source: SQL): SQL {
  return sql`SELECT json_build_object(
      'count', coalesce(sum(n), 0),
      'validated_count', coalesce(sum(n) FILTER (WHERE status = 'valide'), 0),
      'in_progress_count', coalesce(sum(n) FILTER (WHERE status = 'en cours de redaction'), 0),
      'pending_amount', coalesce(sum(amount) FILTER (WHERE status IN (${PENDING})), 0),
      'validated_amount', coalesce(sum(amount) FILTER (WHERE status = 'valide'), 0),
      'total_amount', coalesce(sum(amount), 0),
      'pending_amount_ht', coalesce(sum(ht) FILTER (WHERE status IN (${PENDING}) AND NOT expired), 0),
      'validated_amount_ht', coalesce(sum(ht) FILTER (WHERE status = 'valide'), 0),
      'total_amount_ht', coalesce(sum(ht) FILTER (WHERE status NOT IN ('refuse', 'annule') AND NOT expired), 0),
      'expired_count', coalesce(sum(n) FILTER (WHERE expired), 0),
      'expired_amount_ht', coalesce(sum(ht) FILTER (WHERE expired), 0)) AS summary
    FROM (${source}) AS s`;
}

/** Whether a row of `quotes` (or of quotes_search()) is a sent quote past its validity on `today`. */
const expiredColumn = (today: string, alias: string) =>
  sql`(${sql.raw(alias)}.status IN (${PENDING}) AND coalesce(${sql.raw(alias)}.valid_until < ${today}::date, false))`;

type RawSummary = Record<keyof QuoteSummary, number | string>;

const SUMMARY_KEYS: readonly (keyof QuoteSummary)[] = [
  "count",
  "validated_count",
  "in_progress_count",
  "pending_amount",
  "validated_amount",
  "total_amount",
  "pending_amount_ht",
  "validated_amount_ht",
  "total_amount_ht",
  "expired_count",
  "expired_amount_ht",
];

function toSummary(raw: RawSummary | undefined): QuoteSummary {
  return Object.fromEntries(SUMMARY_KEYS.map((key) => [key, Number(raw?.[key] ?? 0)])) as QuoteSummary;
}

export const quotesRepository = {
  /** Locks the quote and refuses a replaced version (ADR 0024). */
  lockVersion: (tx: Db, companyId: string, id: string, version: ExpectedVersion) =>
    lockTenantVersion(tx, version, quotes, companyId, id),

  /**
   * A search (reference, name or client name contains `term`): the summary of all the matching quotes
   * and the ids of the requested page, in one statement. The matches come once from quotes_search(),
   * which applies the status and client filters itself, on the narrow copies of the quotes
   * (drizzle/0012_quote_search_rows.sql, docs/decisions/0009-quote-search-rows.md; the trigram
   * indexes stay usable under RLS).
   */
  async search(
    tx: Db,
    companyId: string,
    term: string,
    filter: Omit<QuoteFilter, "ids">,
    page: { limit: number; offset: number },
    context: ListContext,
  ): Promise<{ summary: QuoteSummary; ids: string[] }> {
    const status = filter.status ?? null;
    const client = filter.clientId ?? null;
    const state = stateCondition(filter.state, context.today, "m");
    const d = direction(context.order);
    // Each order ends on a unique key; the page is a top-N of the matches, its ids aggregated in that order.
    // By client, the key kept on the search rows (fold() of the client's name, drizzle/0046): no client
    // read per match.
    const order =
      context.sort === "amount"
        ? sql`net_ht ${d}, id ${direction(context.order, true)}`
        : context.sort === "client"
          ? sql`client_key ${d}, client_id ${d}, date DESC, reference DESC`
          : sql`date ${d}, reference ${d}`;
    const result = await tx.execute<{ summary: RawSummary; ids: string[] | null }>(sql`
      WITH m AS MATERIALIZED (
        SELECT m.id, m.client_id, m.client_key, m.date, m.reference, m.status, m.total, m.net_ht, m.valid_until
        FROM quotes_search(${containsPattern(term)}, ${status}::text, ${client}::uuid) m
        WHERE m.company_id = ${companyId} ${state ? sql`AND ${state}` : sql``}
      )
      SELECT
        (${summaryOf(
          sql`SELECT status, ${expiredColumn(context.today, "m")} AS expired, 1 AS n, total AS amount, net_ht AS ht FROM m`,
        )}) AS summary,
        (SELECT array_agg(id ORDER BY ${order})
         FROM (SELECT * FROM m ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}) p) AS ids`);
    const row = result.rows[0];
    return { summary: toSummary(row?.summary), ids: row?.ids ?? [] };
  },

  /** One page, with the lines: one query whatever the page size. */
  async list(
    tx: Db,
    companyId: string,
    filter: QuoteFilter,
    page: { limit: number; offset: number },
    context: ListContext,
  ) {
    // The clients' company said too: the order by client then walks that company's clients by name.
    const rows = await selectQuotes(tx, and(where(companyId, filter, context.today), eq(clients.companyId, companyId)))
      .orderBy(...orderOf(filter.ids ? "date" : context.sort, filter.ids ? "desc" : context.order))
      .limit(page.limit)
      .offset(page.offset);
    return rows.map(toQuote);
  },

  /**
   * The summary of the filtered set. Without a client or a state, from the per-status totals kept by
   * the quotes triggers (six rows at most, whatever the number of quotes), the sent quotes past their
   * validity moved apart by a read of those alone (an index-only scan); a client's quotes are few, and a
   * state reads the sent quotes only.
   */
  async summary(tx: Db, companyId: string, filter: Omit<QuoteFilter, "ids">, today: string): Promise<QuoteSummary> {
    const status = filter.status ? sql`AND status = ${filter.status}` : sql``;
    const source =
      filter.clientId || filter.state
        ? sql`SELECT status, ${expiredColumn(today, "quotes")} AS expired, 1 AS n, total AS amount, net_ht AS ht
              FROM ${quotes} WHERE ${where(companyId, filter, today)}`
        : sql`SELECT status, false AS expired, count AS n, total AS amount, net_ht AS ht FROM ${quoteStatusTotals}
              WHERE company_id = ${companyId} ${status}
              UNION ALL
              SELECT q.status, v.expired, v.sign * count(*), v.sign * sum(q.total), v.sign * sum(q.net_ht)
              FROM ${quotes} q CROSS JOIN (VALUES (true, 1), (false, -1)) AS v(expired, sign)
              WHERE q.company_id = ${companyId} AND q.status IN (${PENDING}) AND q.valid_until < ${today}::date ${status}
              GROUP BY q.status, v.expired, v.sign`;
    const result = await tx.execute<{ summary: RawSummary }>(summaryOf(source));
    return toSummary(result.rows[0]?.summary);
  },

  async exists(tx: Db, companyId: string, id: string): Promise<boolean> {
    const rows = await tx
      .select({ id: quotes.id })
      .from(quotes)
      .where(and(eq(quotes.companyId, companyId), eq(quotes.id, id)));
    return rows.length === 1;
  },

  async find(tx: Db, companyId: string, id: string, options: { lock?: boolean } = {}): Promise<Quote | undefined> {
    const query = selectQuotes(tx, and(eq(quotes.companyId, companyId), eq(quotes.id, id)));
    const [row] = options.lock ? await query.for("update", { of: quotes }) : await query;
    return row ? toQuote(row) : undefined;
  },

  async insert(
    tx: Db,
    companyId: string,
    input: QuoteInput,
    totals: StoredTotals,
    meta: { reference: string; createdBy: string },
  ): Promise<string> {
    const [row] = await tx
      .insert(quotes)
      .values({ companyId, reference: meta.reference, createdBy: meta.createdBy, ...quoteValues(input, totals) })
      .returning({ id: quotes.id });
    if (!row) throw new Error("quote not inserted");
    await documentLinesQueries.replace(tx, companyId, "quote", row.id, input.items, totals.lines);
    return row.id;
  },

  async update(tx: Db, companyId: string, id: string, input: QuoteInput, totals: StoredTotals): Promise<void> {
    await tx
      .update(quotes)
      .set({ ...quoteValues(input, totals), updatedAt: sql`now()` })
      .where(and(eq(quotes.companyId, companyId), eq(quotes.id, id)));
    await documentLinesQueries.replace(tx, companyId, "quote", id, input.items, totals.lines);
  },

  /**
   * One more version of the quote's content (docs/domain/quotes.md#sent-quotes-are-frozen), in the
   * update's transaction; answers the new version.
   */
  async newVersion(tx: Db, companyId: string, id: string): Promise<number> {
    const [row] = await tx
      .update(quotes)
      .set({ version: sql`${quotes.version} + 1` })
      .where(and(eq(quotes.companyId, companyId), eq(quotes.id, id)))
      .returning({ version: quotes.version });
    if (!row) throw new Error("quote not found");
    return row.version;
  },

  /** The status alone (an action's: sent, reminded, signed — quote-status.ts); lines and totals untouched. */
  async setStatus(tx: Db, companyId: string, id: string, status: QuoteStatus): Promise<void> {
    await tx
      .update(quotes)
      .set({ status, updatedAt: sql`now()` })
      .where(and(eq(quotes.companyId, companyId), eq(quotes.id, id)));
  },

  async clientExists(tx: Db, companyId: string, clientId: string): Promise<boolean> {
    const rows = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.companyId, companyId), eq(clients.id, clientId)));
    return rows.length === 1;
  },
};
