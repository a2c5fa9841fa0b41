import type { Db } from "@server/db/client";
import { direction, uuidArray } from "@server/db/sql";
import { containsPattern } from "@server/lib/search";
import { sirenOf } from "@shared/client-rules";
import type { SortOrder } from "@shared/fields";
import type {
  InvoiceFilterStatus,
  InvoiceKind,
  InvoiceRow,
  InvoiceSort,
  InvoiceStats,
  InvoiceStatus,
} from "@shared/invoices";
import { type SQL, sql } from "drizzle-orm";

/*
 * The invoices' list and figures (page, rows by id, stats), and the row shapes the other reads share
 * (invoice-detail.repository.ts, invoice-payments.repository.ts). invoices.repository.ts composes them.
 */

/** What the list and the stats filter on (docs/domain/invoices.md#list). */
export interface InvoiceFilter {
  search?: string | undefined;
  status?: InvoiceFilterStatus | undefined;
  clientId?: string | undefined;
  quoteId?: string | undefined;
  projectId?: string | undefined;
}

/** The client's identity frozen on an issued invoice (`client_snapshot`). */
export type ClientSnapshot = {
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  siren: string | null;
  /** A business's VAT number (2026 reform); absent from snapshots frozen before it: read as null. */
  vat_number?: string | null;
  /** The worksite's address (2026 reform), frozen at issue; absent from older snapshots: none. */
  worksite_address?: string | null;
};

/**
 * Whether a search is answered from the narrow copies of the invoices (invoices_search(), drizzle/0026):
 * a search of the whole list, with a status or a client at most. With a quote or a worksite, the few
 * invoices of that quote or worksite are read and the words checked on them.
 */
const searchesCopies = (f: InvoiceFilter) => Boolean(f.search) && !f.quoteId && !f.projectId;

/**
 * « En retard » in SQL (docs/domain/invoices.md, isOverdue() in @shared/invoice-rules): an invoice or a
 * deposit invoice sent (not paid, not cancelled) whose due date is before `today`. The list's filter and
 * the home's alerts read this one definition.
 */
export const overdueSql = (alias: string, today: string): SQL => {
  const i = sql.raw(alias);
  return sql`${i}.status = 'sent' AND ${i}.kind <> 'credit_note' AND ${i}.due_date < ${today}::date`;
};

/** The conditions of `f` on `invoices i`; `today` is the business day the overdue rule reads. */
function conditions(companyId: string, f: InvoiceFilter, today: string): SQL {
  const parts: SQL[] = [sql`i.company_id = ${companyId}`];
  if (f.status === "overdue") {
    parts.push(overdueSql("i", today));
  } else if (f.status) {
    parts.push(sql`i.status = ${f.status}`);
  }
  if (f.clientId) parts.push(sql`i.client_id = ${f.clientId}`);
  if (f.quoteId) parts.push(sql`i.quote_id = ${f.quoteId}`);
  if (f.projectId) parts.push(sql`i.project_id = ${f.projectId}`);
  if (f.search) {
    // Only on the invoices of a quote or a worksite (searchesCopies): a few rows, read by their index.
    const pattern = containsPattern(f.search);
    parts.push(sql`(i.search_text LIKE ${pattern}
      OR i.client_id IN (SELECT c.id FROM clients c WHERE c.company_id = ${companyId} AND fold(c.name) LIKE ${pattern}))`);
  }
  return sql.join(parts, sql` AND `);
}

/**
 * The arguments of invoices_search_page() and invoices_search_stats() (drizzle/0029): the company, the pattern, the
 * status and client filters, and for « En retard » the day before which a sent invoice is late. Both
 * read the narrow copies of the invoices in one pass (the trigram indexes stay usable under RLS:
 * drizzle/0004, ADR 0003).
 */
function searchArguments(companyId: string, f: InvoiceFilter, today: string): SQL {
  const overdue = f.status === "overdue";
  const status = overdue ? null : (f.status ?? null);
  return sql`${companyId}::uuid, ${containsPattern(f.search ?? "")}, ${status}::text, ${f.clientId ?? null}::uuid, ${overdue ? today : null}::date`;
}

/** The list's order (docs/domain/invoices.md#list). */
export interface InvoiceOrder {
  sort: InvoiceSort;
  order: SortOrder;
}

/**
 * The list's ORDER BY on `invoices i` (and `clients c` for the client's order), every key in the one
 * direction so that an index scanned either way gives it: (company, date, reference), the unique
 * (company, reference), drizzle/0045's (company, total, id), (company, due_date, id) and
 * (company, (total - paid_amount), id); by client, the clients' (company, fold(name), id) then each
 * client's invoices, the most recent first in both directions (as the quotes). Each ends on a unique key.
 */
function orderBy({ sort, order }: InvoiceOrder): SQL {
  const d = direction(order);
  switch (sort) {
    case "reference":
      return sql`i.reference ${d}`;
    case "client":
      return sql`fold(c.name) ${d}, c.id ${d}, i.date DESC, i.reference DESC`;
    case "total":
      return sql`i.total ${d}, i.id ${d}`;
    case "due_date":
      return sql`i.due_date ${d}, i.id ${d}`;
    case "balance":
      return sql`(i.total - i.paid_amount) ${d}, i.id ${d}`;
    default:
      return sql`i.date ${d}, i.reference ${d}`;
  }
}

const DEFAULT_ORDER: InvoiceOrder = { sort: "date", order: "desc" };

export type Numeric = string | number;

export type RawRow = {
  id: string;
  kind: InvoiceKind;
  reference: string;
  name: string;
  status: InvoiceStatus;
  client_id: string;
  client_name: string;
  date: string;
  due_date: string | null;
  subtotal: Numeric;
  tax_amount: Numeric;
  total: Numeric;
  paid_amount: Numeric;
  quote_id: string | null;
  project_id: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  emailed_at: string | Date | null;
};

export const ROW_COLUMNS = sql`i.id, i.kind, i.reference, i.name, i.status, i.client_id,
  coalesce(i.client_snapshot->>'name', c.name) AS client_name,
  i.date::text AS date, i.due_date::text AS due_date, i.subtotal, i.tax_amount, i.total, i.paid_amount,
  i.quote_id, i.project_id, i.created_at, i.updated_at,
  (SELECT max(m.sent_at) FROM outbox_messages m
    WHERE m.company_id = i.company_id AND m.document_type = 'invoice' AND m.document_id = i.id
      AND m.kind IN ('invoice_send', 'invoice_reminder') AND m.status = 'sent' AND m.transport = 'smtp'
  ) AS emailed_at`;

/** A row without its derived overdue state (the service adds it against the business day). */
export type StoredRow = Omit<InvoiceRow, "overdue" | "days_late">;

export function toRow(raw: RawRow): StoredRow {
  const total = Number(raw.total);
  const paid = Number(raw.paid_amount);
  return {
    id: raw.id,
    kind: raw.kind,
    reference: raw.reference,
    name: raw.name,
    status: raw.status,
    client_id: raw.client_id,
    client_name: raw.client_name,
    date: raw.date,
    due_date: raw.due_date,
    subtotal: Number(raw.subtotal),
    tax_amount: Number(raw.tax_amount),
    total,
    paid_amount: paid,
    balance_due: Math.round((total - paid) * 100) / 100,
    quote_id: raw.quote_id,
    project_id: raw.project_id,
    created_at: new Date(raw.created_at).toISOString(),
    updated_at: new Date(raw.updated_at).toISOString(),
    emailed_at: raw.emailed_at === null ? null : new Date(raw.emailed_at).toISOString(),
  };
}

/**
 * Σ of one credit note's money (alias `cn`, a credit note): what the invoice it cancels received, its
 * refunds, the payments made with its credit (docs/domain/invoices.md#refund-or-credit). Each read by
 * its index; `available` is the first less the two others.
 */
export const creditFigures = (companyId: string, alias: string) => {
  const cn = sql.raw(alias);
  const paid = sql`coalesce((SELECT o.paid_amount FROM invoices o
      WHERE o.company_id = ${companyId} AND o.id = ${cn}.credited_invoice_id), 0)`;
  const refunded = sql`coalesce((SELECT sum(r.amount) FROM invoice_refunds r
      WHERE r.company_id = ${companyId} AND r.credit_note_id = ${cn}.id), 0)`;
  // A cancelled payment (issue 34) gives its credit back.
  const used = sql`coalesce((SELECT sum(u.amount) FROM invoice_payments u
      WHERE u.company_id = ${companyId} AND u.credit_note_id = ${cn}.id AND u.cancelled_at IS NULL), 0)`;
  return { paid, refunded, used, available: sql`(${paid} - ${refunded} - ${used})` };
};

/**
 * The address of an invoice's worksite (`alias`: the invoices row; docs/domain/invoices.md#mentions-of-the-reform):
 * its quote's worksite (« 12 chemin des Vignes, 69620 Oingt »), else its worksite's address; null when
 * neither says one (the work is at the client's address).
 */
export function worksiteAddressSql(companyId: string, alias: string): SQL {
  const i = sql.raw(alias);
  return sql`coalesce(
    (SELECT nullif(concat_ws(', ', nullif(btrim(q.worksite_address), ''),
        nullif(btrim(concat_ws(' ', q.worksite_postal_code, q.worksite_city)), '')), '')
      FROM quotes q WHERE q.company_id = ${companyId} AND q.id = ${i}.quote_id),
    (SELECT nullif(btrim(p.address), '') FROM projects p WHERE p.company_id = ${companyId} AND p.id = ${i}.project_id))`;
}

/** A business client's SIREN (from its SIRET) and VAT number; an individual has neither. */
export function clientSnapshotOf(
  row: ClientSnapshot & { type: string; siret: string | null },
  worksiteAddress: string | null = null,
): ClientSnapshot {
  const business = row.type === "professionnel";
  return {
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    postal_code: row.postal_code,
    city: row.city,
    siren: business ? sirenOf(row.siret) : null,
    vat_number: business ? (row.vat_number ?? null) : null,
    worksite_address: worksiteAddress,
  };
}

export const invoiceListRepository = {
  /**
   * One page in the list's order (by default date, then reference, most recent first) and the number
   * of invoices of the filtered set. A search: the count and the page's ids, in that order, from
   * invoices_search_page() in one statement, then the page's rows by id.
   */
  async page(
    tx: Db,
    companyId: string,
    filter: InvoiceFilter,
    page: { limit: number; offset: number },
    today: string,
    order: InvoiceOrder = DEFAULT_ORDER,
  ): Promise<{ total: number; rows: StoredRow[] }> {
    if (searchesCopies(filter)) {
      const found = await tx.execute<{ total: number; ids: string[] | null }>(
        sql`SELECT total, ids FROM invoices_search_page(${searchArguments(companyId, filter, today)}, ${page.limit}, ${page.offset},
                                                        ${order.sort}::text, ${order.order === "desc"})`,
      );
      const total = found.rows[0]?.total ?? 0;
      const ids = found.rows[0]?.ids ?? [];
      return { total, rows: ids.length > 0 ? await this.rows(tx, companyId, ids) : [] };
    }
    const counted = await tx.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM invoices i WHERE ${conditions(companyId, filter, today)}`,
    );
    const total = counted.rows[0]?.n ?? 0;
    if (total <= page.offset) return { total, rows: [] };
    // The page first, in the order of an index (orderBy), then its clients: 20 rows joined, whatever the
    // number of invoices. By client, the clients are walked by name and each one's invoices read.
    const byClient = order.sort === "client";
    const result = await tx.execute<RawRow>(sql`
      WITH page AS MATERIALIZED (
        SELECT i.* FROM invoices i
        ${byClient ? sql`JOIN clients c ON c.company_id = ${companyId} AND c.id = i.client_id` : sql``}
        WHERE ${conditions(companyId, filter, today)}
        ORDER BY ${orderBy(order)}
        LIMIT ${page.limit} OFFSET ${page.offset}
      )
      SELECT ${ROW_COLUMNS}
      FROM page i JOIN clients c ON c.company_id = ${companyId} AND c.id = i.client_id
      ORDER BY ${orderBy(order)}`);
    return { total, rows: result.rows.map(toRow) };
  },

  /** These invoices, in the order of `ids` (the page invoices_search_page() sorted). */
  async rows(tx: Db, companyId: string, ids: readonly string[]): Promise<StoredRow[]> {
    const list = uuidArray(ids);
    const result = await tx.execute<RawRow>(sql`
      SELECT ${ROW_COLUMNS}
      FROM invoices i JOIN clients c ON c.company_id = ${companyId} AND c.id = i.client_id
      WHERE i.company_id = ${companyId} AND i.id = ANY(${list}::uuid[])
      ORDER BY array_position(${list}::uuid[], i.id)`);
    return result.rows.map(toRow);
  },

  /**
   * The stats of the filtered set in one aggregate (docs/domain/invoices.md#stats): invoices and deposit
   * invoices issued (sent or paid), never drafts, cancelled invoices or credit notes; overdue derived.
   */
  async stats(tx: Db, companyId: string, filter: InvoiceFilter, today: string): Promise<InvoiceStats> {
    if (!filter.search && !filter.clientId && !filter.quoteId && !filter.projectId) {
      return this.companyStats(tx, companyId, filter.status, today);
    }
    const result = await tx.execute<Record<keyof InvoiceStats, Numeric>>(
      searchesCopies(filter)
        ? sql`SELECT * FROM invoices_search_stats(${searchArguments(companyId, filter, today)}, ${today}::date)`
        : sql`
      SELECT
        count(*) FILTER (WHERE i.status IN ('sent', 'paid'))::int AS total_invoices,
        coalesce(sum(i.total) FILTER (WHERE i.status IN ('sent', 'paid')), 0) AS total_amount,
        count(*) FILTER (WHERE i.status = 'paid')::int AS paid_invoices,
        coalesce(sum(i.paid_amount) FILTER (WHERE i.status IN ('sent', 'paid')), 0) AS paid_amount,
        count(*) FILTER (WHERE i.status = 'sent')::int AS sent_invoices,
        coalesce(sum(i.total - i.paid_amount) FILTER (WHERE i.status = 'sent'), 0) AS pending_amount,
        count(*) FILTER (WHERE i.status = 'sent' AND i.due_date < ${today}::date)::int AS overdue_invoices,
        coalesce(sum(i.total - i.paid_amount) FILTER (WHERE i.status = 'sent' AND i.due_date < ${today}::date), 0)
          AS overdue_amount
      FROM invoices i
      WHERE ${conditions(companyId, filter, today)} AND i.kind <> 'credit_note'`,
    );
    const row = result.rows[0];
    return {
      total_invoices: Number(row?.total_invoices ?? 0),
      total_amount: Number(row?.total_amount ?? 0),
      paid_invoices: Number(row?.paid_invoices ?? 0),
      paid_amount: Number(row?.paid_amount ?? 0),
      sent_invoices: Number(row?.sent_invoices ?? 0),
      pending_amount: Number(row?.pending_amount ?? 0),
      overdue_invoices: Number(row?.overdue_invoices ?? 0),
      overdue_amount: Number(row?.overdue_amount ?? 0),
    };
  },

  /**
   * The stats of a company's whole list (a status filter at most), by their definition but without
   * reading every invoice: the issued figures per kind and status from invoice_status_totals (kept by
   * the invoices' triggers, drizzle/0024), the overdue ones apart through (company_id, status, due_date).
   */
  async companyStats(
    tx: Db,
    companyId: string,
    status: InvoiceFilterStatus | undefined,
    today: string,
  ): Promise<InvoiceStats> {
    const result = await tx.execute<{
      rows: { status: string; count: number; total: Numeric; paid: Numeric }[] | null;
      late: { count: number; total: Numeric; paid: Numeric };
    }>(sql`
      SELECT
        (SELECT json_agg(json_build_object('status', t.status, 'count', t.count, 'total', t.total, 'paid', t.paid))
         FROM invoice_status_totals t
         WHERE t.company_id = ${companyId} AND t.kind <> 'credit_note' AND t.status IN ('sent', 'paid')) AS rows,
        (SELECT json_build_object('count', count(*), 'total', coalesce(sum(i.total), 0),
                  'paid', coalesce(sum(i.paid_amount), 0))
         FROM invoices i
         WHERE i.company_id = ${companyId} AND i.status = 'sent' AND i.due_date < ${today}::date
           AND i.kind <> 'credit_note') AS late`);
    const row = result.rows[0];
    const cents = (v: Numeric | undefined) => Math.round(Number(v ?? 0) * 100);
    const of = (wanted: string) => {
      const rows = (row?.rows ?? []).filter((r) => r.status === wanted);
      return {
        count: rows.reduce((n, r) => n + Number(r.count), 0),
        total: rows.reduce((n, r) => n + cents(r.total), 0),
        paid: rows.reduce((n, r) => n + cents(r.paid), 0),
      };
    };
    const none = { count: 0, total: 0, paid: 0 };
    const late = row
      ? { count: Number(row.late.count), total: cents(row.late.total), paid: cents(row.late.paid) }
      : none;
    // The filtered set: sent (late ones included), paid, or the late ones only; drafts and cancelled never count.
    const sent = status === undefined || status === "sent" ? of("sent") : status === "overdue" ? late : none;
    const paid = status === undefined || status === "paid" ? of("paid") : none;
    const overdue = status === undefined || status === "sent" || status === "overdue" ? late : none;
    const euros = (c: number) => c / 100;
    return {
      total_invoices: sent.count + paid.count,
      total_amount: euros(sent.total + paid.total),
      paid_invoices: paid.count,
      paid_amount: euros(sent.paid + paid.paid),
      sent_invoices: sent.count,
      pending_amount: euros(sent.total - sent.paid),
      overdue_invoices: overdue.count,
      overdue_amount: euros(overdue.total - overdue.paid),
    };
  },
};
