import type { Db } from "@server/db/client";
import { invoiceItems, invoicePayments, invoiceRefunds, invoices } from "@server/db/schema";
import { direction, uuidArray } from "@server/db/sql";
import { containsPattern } from "@server/lib/search";
import { type ExpectedVersion, lockTenantVersion } from "@server/lib/versions";
import { normaliseSiret, sirenOf } from "@shared/client-rules";
import type { SortOrder } from "@shared/fields";
import type { InvoiceFigures, StoredVat } from "@shared/invoice-figures";
import type {
  ClientBalance,
  CreditState,
  Invoice,
  InvoiceFilterStatus,
  InvoiceItemInput,
  InvoiceKind,
  InvoiceRow,
  InvoiceSort,
  InvoiceStats,
  InvoiceStatus,
  Payment,
  PaymentMethod,
  PaymentRecordMethod,
  Refund,
} from "@shared/invoices";
import { and, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { InvoiceSeller } from "./invoice-seller";

/** What the list and the stats filter on (docs/domain/invoices.md#list). */
export interface InvoiceFilter {
  search?: string | undefined;
  status?: InvoiceFilterStatus | undefined;
  clientId?: string | undefined;
  quoteId?: string | undefined;
  projectId?: string | undefined;
}

/** An invoice's own columns, as the service's rules read them (no joins). */
export type InvoiceRecord = NonNullable<Awaited<ReturnType<typeof invoicesRepository.find>>>;

/** What a draft is written with: its fields, the figures computed by the server, its lines. */
export interface InvoiceValues {
  kind: InvoiceKind;
  name: string;
  clientId: string;
  quoteId: string | null;
  projectId: string | null;
  creditedInvoiceId?: string | null;
  date: string;
  dueDate: string | null;
  workDate: string | null;
  paymentMethod: PaymentMethod | null;
  notes: string | null;
  terms: string | null;
  legalMentions: string | null;
  reverseCharge: boolean;
  discountPercentage: number;
  discountAmount: number;
  figures: InvoiceFigures;
  items: readonly InvoiceItemInput[];
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
};

/** The invoice's fields written by an edit or a creation (not its status, reference or snapshots). */
function columns(values: InvoiceValues) {
  const f = values.figures;
  return {
    kind: values.kind,
    name: values.name,
    clientId: values.clientId,
    quoteId: values.quoteId,
    projectId: values.projectId,
    date: values.date,
    dueDate: values.dueDate,
    workDate: values.workDate,
    paymentMethod: values.paymentMethod,
    notes: values.notes,
    terms: values.terms,
    legalMentions: values.legalMentions,
    reverseCharge: values.reverseCharge,
    discountPercentage: values.discountPercentage,
    discountAmount: values.discountAmount,
    subtotal: f.subtotal,
    discount: f.discount,
    depositsNet: f.deposits_net,
    depositsTax: f.deposits_tax,
    taxAmount: f.tax_amount,
    total: f.total,
    vatBreakdown: f.vat_breakdown,
  };
}

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

type Numeric = string | number;

type RawRow = {
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

const ROW_COLUMNS = sql`i.id, i.kind, i.reference, i.name, i.status, i.client_id,
  coalesce(i.client_snapshot->>'name', c.name) AS client_name,
  i.date::text AS date, i.due_date::text AS due_date, i.subtotal, i.tax_amount, i.total, i.paid_amount,
  i.quote_id, i.project_id, i.created_at, i.updated_at,
  (SELECT max(m.sent_at) FROM outbox_messages m
    WHERE m.company_id = i.company_id AND m.document_type = 'invoice' AND m.document_id = i.id
      AND m.kind IN ('invoice_send', 'invoice_reminder') AND m.status = 'sent' AND m.transport = 'smtp'
  ) AS emailed_at`;

/** A row without its derived overdue state (the service adds it against the business day). */
export type StoredRow = Omit<InvoiceRow, "overdue" | "days_late">;

function toRow(raw: RawRow): StoredRow {
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
const creditFigures = (companyId: string, alias: string) => {
  const cn = sql.raw(alias);
  const paid = sql`coalesce((SELECT o.paid_amount FROM invoices o
      WHERE o.company_id = ${companyId} AND o.id = ${cn}.credited_invoice_id), 0)`;
  const refunded = sql`coalesce((SELECT sum(r.amount) FROM invoice_refunds r
      WHERE r.company_id = ${companyId} AND r.credit_note_id = ${cn}.id), 0)`;
  const used = sql`coalesce((SELECT sum(u.amount) FROM invoice_payments u
      WHERE u.company_id = ${companyId} AND u.credit_note_id = ${cn}.id), 0)`;
  return { paid, refunded, used, available: sql`(${paid} - ${refunded} - ${used})` };
};

const linked = (alias: string) =>
  sql.raw(`json_build_object('id', ${alias}.id, 'reference', ${alias}.reference, 'name', ${alias}.name)`);

type RawDetail = RawRow & {
  credited_invoice_id: string | null;
  work_date: string | null;
  payment_method: PaymentMethod | null;
  payment_date: string | null;
  notes: string | null;
  terms: string | null;
  legal_mentions: string | null;
  reverse_charge: boolean;
  discount_percentage: Numeric;
  discount_amount: Numeric;
  discount: Numeric;
  deposits_net: Numeric;
  deposits_tax: Numeric;
  vat_breakdown: StoredVat[];
  client_snapshot: ClientSnapshot | null;
  issued_at: string | Date | null;
  created_by_name: string | null;
  live_client: ClientSnapshot & { type: string; siret: string | null };
  quote: Invoice["quote"];
  project: Invoice["project"];
  credited_invoice: Invoice["credited_invoice"];
  credit_note: Invoice["credit_note"];
  deposits: { id: string; reference: string; date: string; vat: StoredVat[]; total: number }[];
  items: Invoice["items"];
  payments: (Omit<Payment, "created_at"> & { created_at: string })[];
  credit:
    | (Omit<CreditState, "refunds" | "paid" | "refunded" | "used" | "available"> & {
        paid: Numeric;
        refunded: Numeric;
        used: Numeric;
        refunds: (Omit<Refund, "created_at"> & { created_at: string })[] | null;
        uses: CreditState["uses"] | null;
      })
    | null;
};

/** An invoice's detail as stored (its derived overdue state and Factur-X state are the service's). */
export type StoredInvoice = Omit<Invoice, "overdue" | "days_late" | "facturx">;

/** An invoice with what its documents need besides: the seller frozen at issue, the credited invoice's date. */
export interface InvoiceDocumentRow {
  invoice: StoredInvoice;
  seller: InvoiceSeller | null;
  creditedDate: string | null;
}

/**
 * Invoices as the detail shows them, in one statement (`condition` on `invoices i`): client (frozen once
 * issued), linked quote, worksite, credit note or credited invoice, deducted deposits, lines, payments.
 */
async function documents(tx: Db, companyId: string, condition: SQL, limit?: number): Promise<InvoiceDocumentRow[]> {
  const credit = creditFigures(companyId, "i");
  const result = await tx.execute<
    RawDetail & { seller_snapshot: InvoiceSeller | null; credited_date: string | null }
  >(sql`
      SELECT ${ROW_COLUMNS}, i.credited_invoice_id, i.seller_snapshot,
        (SELECT o.date::text FROM invoices o
          WHERE o.company_id = ${companyId} AND o.id = i.credited_invoice_id) AS credited_date,
        i.work_date::text AS work_date, i.payment_method,
        i.payment_date::text AS payment_date, i.notes, i.terms, i.legal_mentions, i.reverse_charge,
        i.discount_percentage, i.discount_amount, i.discount, i.deposits_net, i.deposits_tax, i.vat_breakdown,
        i.client_snapshot, i.issued_at, i.created_by_name,
        json_build_object('name', c.name, 'email', c.email, 'phone', c.phone, 'address', c.address,
          'postal_code', c.postal_code, 'city', c.city, 'type', c.type, 'siret', c.siret) AS live_client,
        (SELECT ${linked("q")} FROM quotes q WHERE q.company_id = ${companyId} AND q.id = i.quote_id) AS quote,
        (SELECT ${linked("p")} FROM projects p WHERE p.company_id = ${companyId} AND p.id = i.project_id) AS project,
        (SELECT ${linked("o")} FROM invoices o
          WHERE o.company_id = ${companyId} AND o.id = i.credited_invoice_id) AS credited_invoice,
        CASE WHEN i.status = 'cancelled' THEN (SELECT ${linked("o")} FROM invoices o
          WHERE o.company_id = ${companyId} AND o.client_id = i.client_id AND o.credited_invoice_id = i.id
          LIMIT 1) END AS credit_note,
        CASE WHEN i.kind = 'invoice' AND i.quote_id IS NOT NULL THEN (
          SELECT json_agg(json_build_object('id', d.id, 'reference', d.reference, 'date', d.date,
            'vat', d.vat_breakdown, 'total', d.total) ORDER BY d.date, d.reference)
          FROM invoices d
          WHERE d.company_id = ${companyId} AND d.quote_id = i.quote_id AND d.deducted_by_id = i.id) END AS deposits,
        (SELECT json_agg(json_build_object('id', it.id, 'position', it.position, 'kind', it.kind, 'name', it.name,
            'description', it.description, 'quantity', it.quantity, 'unit', it.unit, 'unit_price', it.unit_price,
            'tax_rate', it.tax_rate, 'subtotal', it.subtotal, 'tax_amount', it.tax_amount, 'total', it.total)
            ORDER BY it.position)
          FROM invoice_items it WHERE it.company_id = ${companyId} AND it.invoice_id = i.id) AS items,
        (SELECT json_agg(json_build_object('id', pm.id, 'date', pm.date, 'amount', pm.amount, 'method', pm.method,
            'reference', pm.reference, 'created_by_name', pm.created_by_name, 'created_at', pm.created_at,
            'credit_note', CASE WHEN pm.credit_note_id IS NOT NULL THEN (SELECT json_build_object('id', cr.id,
              'reference', cr.reference) FROM invoices cr
              WHERE cr.company_id = ${companyId} AND cr.id = pm.credit_note_id) END)
            ORDER BY pm.date, pm.created_at)
          FROM invoice_payments pm WHERE pm.company_id = ${companyId} AND pm.invoice_id = i.id) AS payments,
        CASE WHEN i.kind = 'credit_note' THEN json_build_object(
          'paid', ${credit.paid}, 'refunded', ${credit.refunded}, 'used', ${credit.used},
          'refunds', (SELECT json_agg(json_build_object('id', r.id, 'date', r.date, 'amount', r.amount,
              'method', r.method, 'reference', r.reference, 'created_by_name', r.created_by_name,
              'created_at', r.created_at) ORDER BY r.date, r.created_at)
            FROM invoice_refunds r WHERE r.company_id = ${companyId} AND r.credit_note_id = i.id),
          'uses', (SELECT json_agg(json_build_object('payment_id', u.id, 'invoice_id', ui.id,
              'reference', ui.reference, 'date', u.date, 'amount', u.amount) ORDER BY u.date, u.created_at)
            FROM invoice_payments u JOIN invoices ui ON ui.company_id = ${companyId} AND ui.id = u.invoice_id
            WHERE u.company_id = ${companyId} AND u.credit_note_id = i.id)) END AS credit
      FROM invoices i JOIN clients c ON c.company_id = ${companyId} AND c.id = i.client_id
      WHERE i.company_id = ${companyId} AND ${condition}
      ORDER BY i.date, i.reference
      ${limit === undefined ? sql`` : sql`LIMIT ${limit}`}`);
  return result.rows.map((raw) => ({
    invoice: detailOf(raw),
    seller: raw.seller_snapshot,
    creditedDate: raw.credited_date,
  }));
}

/** The detail of a raw row: the client frozen once issued (live before), numbers as numbers. */
function detailOf(raw: RawDetail): StoredInvoice {
  const live = raw.live_client;
  const client = raw.client_snapshot ?? { ...clientSnapshotOf(live) };
  return {
    ...toRow(raw),
    client: {
      name: client.name,
      email: client.email,
      address: client.address,
      postal_code: client.postal_code,
      city: client.city,
      siren: client.siren,
    },
    client_phone: client.phone,
    quote: raw.quote,
    project: raw.project,
    credited_invoice: raw.credited_invoice,
    credit_note: raw.credit_note,
    work_date: raw.work_date,
    payment_method: raw.payment_method,
    payment_date: raw.payment_date,
    notes: raw.notes,
    terms: raw.terms,
    legal_mentions: raw.legal_mentions,
    reverse_charge: raw.reverse_charge,
    discount_percentage: Number(raw.discount_percentage),
    discount_amount: Number(raw.discount_amount),
    discount: Number(raw.discount),
    vat_breakdown: raw.vat_breakdown.map((v) => ({ rate: Number(v.rate), net: Number(v.net), tax: Number(v.tax) })),
    deposits_net: Number(raw.deposits_net),
    deposits_tax: Number(raw.deposits_tax),
    deposits: (raw.deposits ?? []).map((d) => ({ ...d, total: Number(d.total) })),
    issued_at: raw.issued_at ? new Date(raw.issued_at).toISOString() : null,
    created_by_name: raw.created_by_name,
    items: raw.items ?? [],
    payments: (raw.payments ?? []).map((p) => ({
      ...p,
      amount: Number(p.amount),
      credit_note: p.credit_note ?? null,
      created_at: new Date(p.created_at).toISOString(),
    })),
    credit: raw.credit ? creditOf(raw.credit) : null,
  };
}

/** A credit note's money as numbers (cents computed: `available` never reads 0.1 + 0.2). */
function creditOf(raw: NonNullable<RawDetail["credit"]>): CreditState {
  const cents = (v: Numeric) => Math.round(Number(v) * 100);
  const available = cents(raw.paid) - cents(raw.refunded) - cents(raw.used);
  return {
    paid: Number(raw.paid),
    refunded: Number(raw.refunded),
    used: Number(raw.used),
    available: available / 100,
    refunds: (raw.refunds ?? []).map((r) => ({
      ...r,
      amount: Number(r.amount),
      created_at: new Date(r.created_at).toISOString(),
    })),
    uses: (raw.uses ?? []).map((u) => ({ ...u, amount: Number(u.amount) })),
  };
}

export const invoicesRepository = {
  /** Locks the invoice and refuses a replaced version (ADR 0024). */
  lockVersion: (tx: Db, companyId: string, id: string, version: ExpectedVersion) =>
    lockTenantVersion(tx, version, invoices, companyId, id),

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

  /**
   * An invoice as the detail shows it, in one statement: its client (frozen once issued), linked quote,
   * worksite, credit note or credited invoice, the deposits it deducts, its lines and payments. The
   * credit note is found among the client's invoices and the deposits among the quote's (their indexes).
   */
  async detail(tx: Db, companyId: string, id: string): Promise<StoredInvoice | undefined> {
    return (await documents(tx, companyId, sql`i.id = ${id}`))[0]?.invoice;
  },

  /**
   * An invoice as its documents are written (PDF, Factur-X): its detail, the seller frozen at issue
   * (null for a draft) and, for a credit note, the credited invoice's date. One statement.
   */
  async document(tx: Db, companyId: string, id: string): Promise<InvoiceDocumentRow | undefined> {
    return (await documents(tx, companyId, sql`i.id = ${id}`))[0];
  },

  /**
   * The issued documents (invoices, deposit invoices, credit notes; cancelled ones included) dated from
   * `from` to `to`, in date then reference order, as `document` reads them: one statement. At most
   * `limit` (the caller asks one more than it accepts, to tell that there are too many).
   */
  async issuedBetween(
    tx: Db,
    companyId: string,
    period: { from: string; to: string },
    limit: number,
  ): Promise<InvoiceDocumentRow[]> {
    return documents(
      tx,
      companyId,
      sql`i.status <> 'draft' AND i.date BETWEEN ${period.from}::date AND ${period.to}::date`,
      limit,
    );
  },

  /** The invoice's own columns (what the rules read), locked until the transaction ends when asked. */
  async find(tx: Db, companyId: string, id: string, options: { lock?: boolean } = {}) {
    const query = tx
      .select({
        id: invoices.id,
        kind: invoices.kind,
        status: invoices.status,
        reference: invoices.reference,
        name: invoices.name,
        client_id: invoices.clientId,
        quote_id: invoices.quoteId,
        project_id: invoices.projectId,
        deducted_by_id: invoices.deductedById,
        date: invoices.date,
        due_date: invoices.dueDate,
        work_date: invoices.workDate,
        payment_method: invoices.paymentMethod,
        notes: invoices.notes,
        terms: invoices.terms,
        legal_mentions: invoices.legalMentions,
        reverse_charge: invoices.reverseCharge,
        discount_percentage: invoices.discountPercentage,
        discount_amount: invoices.discountAmount,
        subtotal: invoices.subtotal,
        discount: invoices.discount,
        deposits_net: invoices.depositsNet,
        deposits_tax: invoices.depositsTax,
        tax_amount: invoices.taxAmount,
        total: invoices.total,
        paid_amount: invoices.paidAmount,
        vat_breakdown: invoices.vatBreakdown,
      })
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
    const [row] = options.lock ? await query.for("update") : await query;
    if (!row) return undefined;
    return {
      ...row,
      kind: row.kind as InvoiceKind,
      status: row.status as InvoiceStatus,
      payment_method: row.payment_method as PaymentMethod | null,
      vat_breakdown: row.vat_breakdown as StoredVat[],
    };
  },

  /**
   * The VAT rates of an invoice's priced lines and the company's own rates, in one round trip: what
   * issuing checks (docs/decisions/0020-vat-rates.md).
   */
  async lineRates(tx: Db, companyId: string, invoiceId: string): Promise<{ rates: number[]; extra: number[] }> {
    const rows = await tx.execute<{ rates: string[] | null; extra: number[] | null }>(sql`
      SELECT
        (SELECT array_agg(DISTINCT tax_rate)::text[] FROM invoice_items
          WHERE company_id = ${companyId} AND invoice_id = ${invoiceId} AND kind = 'item') AS rates,
        (SELECT extra_tax_rates FROM companies WHERE id = ${companyId}) AS extra`);
    const row = rows.rows[0];
    return { rates: (row?.rates ?? []).map(Number), extra: row?.extra ?? [] };
  },

  /** An invoice's lines in order, as they were written (figures aside). */
  async items(tx: Db, companyId: string, invoiceId: string): Promise<InvoiceItemInput[]> {
    const rows = await tx
      .select({
        kind: invoiceItems.kind,
        name: invoiceItems.name,
        description: invoiceItems.description,
        quantity: invoiceItems.quantity,
        unit: invoiceItems.unit,
        unit_price: invoiceItems.unitPrice,
        tax_rate: invoiceItems.taxRate,
      })
      .from(invoiceItems)
      .where(and(eq(invoiceItems.companyId, companyId), eq(invoiceItems.invoiceId, invoiceId)))
      .orderBy(invoiceItems.position);
    return rows.map((row) => ({ ...row, kind: row.kind as InvoiceItemInput["kind"] }));
  },

  /** A draft with its lines; `reference` is its provisional one. */
  async insert(
    tx: Db,
    companyId: string,
    values: InvoiceValues,
    meta: { reference: string; createdBy: string; createdByName: string | null },
  ): Promise<string> {
    const [row] = await tx
      .insert(invoices)
      .values({
        companyId,
        reference: meta.reference,
        status: "draft",
        creditedInvoiceId: values.creditedInvoiceId ?? null,
        createdBy: meta.createdBy,
        createdByName: meta.createdByName,
        ...columns(values),
      })
      .returning({ id: invoices.id });
    if (!row) throw new Error("invoice not inserted");
    await this.replaceItems(tx, companyId, row.id, values);
    return row.id;
  },

  /** A draft rewritten (the service checked it is one): its fields, figures and lines. */
  async update(tx: Db, companyId: string, id: string, values: InvoiceValues): Promise<void> {
    await tx
      .update(invoices)
      .set({ ...columns(values), updatedAt: sql`now()` })
      .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
    await this.replaceItems(tx, companyId, id, values);
  },

  /** A draft's figures only (a final invoice whose deductions changed). */
  async setFigures(tx: Db, companyId: string, id: string, f: InvoiceFigures): Promise<void> {
    await tx
      .update(invoices)
      .set({
        subtotal: f.subtotal,
        discount: f.discount,
        depositsNet: f.deposits_net,
        depositsTax: f.deposits_tax,
        taxAmount: f.tax_amount,
        total: f.total,
        vatBreakdown: f.vat_breakdown,
        updatedAt: sql`now()`,
      })
      .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
  },

  async replaceItems(tx: Db, companyId: string, invoiceId: string, values: InvoiceValues): Promise<void> {
    await tx
      .delete(invoiceItems)
      .where(and(eq(invoiceItems.companyId, companyId), eq(invoiceItems.invoiceId, invoiceId)));
    if (values.items.length === 0) return;
    await tx.insert(invoiceItems).values(
      values.items.map((item, index) => {
        const line = values.figures.lines[index];
        if (!line) throw new Error("figures do not match the lines");
        return {
          companyId,
          invoiceId,
          // The server numbers the lines in their order.
          position: index + 1,
          kind: item.kind,
          name: item.name,
          description: item.description,
          quantity: item.quantity,
          unit: item.unit,
          unitPrice: item.unit_price,
          taxRate: item.tax_rate,
          subtotal: line.subtotal,
          taxAmount: line.tax_amount,
          total: line.total,
        };
      }),
    );
  },

  async delete(tx: Db, companyId: string, id: string): Promise<void> {
    await tx.delete(invoices).where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
  },

  /**
   * Issues a draft: its dates, status and frozen identities. Its number replaces its provisional
   * reference as the transaction commits (drizzle/0027).
   */
  async issue(
    tx: Db,
    companyId: string,
    id: string,
    values: {
      date: string;
      dueDate: string | null;
      status: InvoiceStatus;
      paymentDate: string | null;
      client: ClientSnapshot;
      seller: InvoiceSeller;
    },
  ): Promise<void> {
    await tx
      .update(invoices)
      .set({
        date: values.date,
        dueDate: values.dueDate,
        status: values.status,
        paymentDate: values.paymentDate,
        clientSnapshot: values.client,
        sellerSnapshot: values.seller,
        issuedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
  },

  /** Status and payment figures: what changes on an issued invoice (the triggers allow nothing else). */
  async setPaymentState(
    tx: Db,
    companyId: string,
    id: string,
    state: { status: InvoiceStatus; paidAmount: number; paymentDate: string | null },
  ): Promise<void> {
    await tx
      .update(invoices)
      .set({
        status: state.status,
        paidAmount: state.paidAmount,
        paymentDate: state.paymentDate,
        updatedAt: sql`now()`,
      })
      .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
  },

  async setStatus(tx: Db, companyId: string, id: string, status: InvoiceStatus): Promise<void> {
    await tx
      .update(invoices)
      .set({ status, updatedAt: sql`now()` })
      .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
  },

  // ---------------------------------------------------------------------------------------------
  // A quote's invoices (deposits and final invoice)

  /** The invoices made from a quote (credit notes aside), oldest first. */
  async ofQuote(tx: Db, companyId: string, quoteId: string) {
    const rows = await tx
      .select({
        id: invoices.id,
        kind: invoices.kind,
        status: invoices.status,
        reference: invoices.reference,
        deducted_by_id: invoices.deductedById,
        vat_breakdown: invoices.vatBreakdown,
      })
      .from(invoices)
      .where(
        and(
          eq(invoices.companyId, companyId),
          eq(invoices.quoteId, quoteId),
          inArray(invoices.kind, ["invoice", "deposit"]),
        ),
      )
      .orderBy(invoices.createdAt);
    return rows.map((row) => ({
      ...row,
      kind: row.kind as InvoiceKind,
      status: row.status as InvoiceStatus,
      vat_breakdown: row.vat_breakdown as StoredVat[],
    }));
  },

  /** `invoiceId` deducts exactly `depositIds`: the deposits it deducted before are freed. */
  async setDeductions(tx: Db, companyId: string, invoiceId: string, depositIds: readonly string[]): Promise<void> {
    await tx
      .update(invoices)
      .set({ deductedById: null })
      .where(
        and(
          eq(invoices.companyId, companyId),
          eq(invoices.deductedById, invoiceId),
          depositIds.length > 0 ? sql`${invoices.id} <> ALL(${`{${depositIds.join(",")}}`}::uuid[])` : undefined,
        ),
      );
    if (depositIds.length === 0) return;
    await tx
      .update(invoices)
      .set({ deductedById: invoiceId })
      .where(
        and(
          eq(invoices.companyId, companyId),
          inArray(invoices.id, [...depositIds]),
          or(isNull(invoices.deductedById), eq(invoices.deductedById, invoiceId)),
        ),
      );
  },

  /** Frees one deposit (its final draft is recomputed by the service). */
  async freeDeposit(tx: Db, companyId: string, depositId: string): Promise<void> {
    await tx
      .update(invoices)
      .set({ deductedById: null })
      .where(and(eq(invoices.companyId, companyId), eq(invoices.id, depositId)));
  },

  // ---------------------------------------------------------------------------------------------
  // Payments

  async payments(tx: Db, companyId: string, invoiceId: string) {
    return tx
      .select({ id: invoicePayments.id, date: invoicePayments.date, amount: invoicePayments.amount })
      .from(invoicePayments)
      .where(and(eq(invoicePayments.companyId, companyId), eq(invoicePayments.invoiceId, invoiceId)));
  },

  async insertPayment(
    tx: Db,
    companyId: string,
    invoiceId: string,
    payment: {
      date: string;
      amount: number;
      method: PaymentRecordMethod;
      reference: string | null;
      creditNoteId?: string | null;
    },
    author: { id: string; name: string | null },
  ): Promise<void> {
    await tx.insert(invoicePayments).values({
      companyId,
      invoiceId,
      date: payment.date,
      amount: payment.amount,
      method: payment.method,
      reference: payment.reference,
      creditNoteId: payment.creditNoteId ?? null,
      createdBy: author.id,
      createdByName: author.name,
    });
  },

  // ---------------------------------------------------------------------------------------------
  // Refund or credit (docs/domain/invoices.md#refund-or-credit)

  /**
   * A credit note of the company locked (`FOR UPDATE`: refunds and payments with its credit are decided
   * one at a time) with its client and the credit it still keeps (cents); undefined when it is not one.
   */
  async lockedCredit(
    tx: Db,
    companyId: string,
    id: string,
  ): Promise<{ id: string; reference: string; client_id: string; available: number } | undefined> {
    const locked = await tx.execute<{ id: string; reference: string; client_id: string }>(sql`
      SELECT id, reference, client_id FROM invoices
      WHERE company_id = ${companyId} AND id = ${id} AND kind = 'credit_note' AND status <> 'draft'
      FOR UPDATE`);
    const row = locked.rows[0];
    if (!row) return undefined;
    const credit = creditFigures(companyId, "cn");
    const figures = await tx.execute<{ available: Numeric }>(sql`
      SELECT ${credit.available} AS available FROM invoices cn WHERE cn.company_id = ${companyId} AND cn.id = ${id}`);
    return { ...row, available: Math.round(Number(figures.rows[0]?.available ?? 0) * 100) };
  },

  async insertRefund(
    tx: Db,
    companyId: string,
    creditNoteId: string,
    refund: { date: string; amount: number; method: PaymentMethod; reference: string | null },
    author: { id: string; name: string | null },
  ): Promise<void> {
    await tx.insert(invoiceRefunds).values({
      companyId,
      creditNoteId,
      date: refund.date,
      amount: refund.amount,
      method: refund.method,
      reference: refund.reference,
      createdBy: author.id,
      createdByName: author.name,
    });
  },

  /**
   * What a client owes, in one statement (the one source of the client's balance, ADR 0030): the unpaid
   * remainder of its issued invoices and deposit invoices (as the stats' `pending_amount`), and each of
   * its credit notes that still keeps credit. Undefined for another company's client.
   */
  async clientBalance(tx: Db, companyId: string, clientId: string): Promise<ClientBalance | undefined> {
    const credit = creditFigures(companyId, "cn");
    const result = await tx.execute<{
      due: Numeric;
      credits: { id: string; reference: string; date: string; available: Numeric }[] | null;
    }>(sql`
      SELECT
        (SELECT coalesce(sum(i.total - i.paid_amount), 0) FROM invoices i
          WHERE i.company_id = ${companyId} AND i.client_id = c.id AND i.status = 'sent'
            AND i.kind <> 'credit_note') AS due,
        (SELECT json_agg(json_build_object('id', x.id, 'reference', x.reference, 'date', x.date,
            'available', x.available) ORDER BY x.date, x.reference)
          FROM (SELECT cn.id, cn.reference, cn.date, ${credit.available} AS available FROM invoices cn
                WHERE cn.company_id = ${companyId} AND cn.client_id = c.id AND cn.kind = 'credit_note'
                  AND cn.status <> 'draft') x
          WHERE x.available > 0) AS credits
      FROM clients c WHERE c.company_id = ${companyId} AND c.id = ${clientId}`);
    const row = result.rows[0];
    if (!row) return undefined;
    const cents = (v: Numeric) => Math.round(Number(v) * 100);
    const credits = (row.credits ?? []).map((c) => ({ ...c, available: Number(c.available) }));
    const due = cents(row.due);
    const available = credits.reduce((sum, c) => sum + cents(c.available), 0);
    return {
      client_id: clientId,
      invoices_due: due / 100,
      credit_available: available / 100,
      balance_due: (due - available) / 100,
      credits,
    };
  },

  async deletePayment(tx: Db, companyId: string, invoiceId: string, paymentId: string): Promise<boolean> {
    const rows = await tx
      .delete(invoicePayments)
      .where(
        and(
          eq(invoicePayments.companyId, companyId),
          eq(invoicePayments.invoiceId, invoiceId),
          eq(invoicePayments.id, paymentId),
        ),
      )
      .returning({ id: invoicePayments.id });
    return rows.length === 1;
  },

  // ---------------------------------------------------------------------------------------------
  // What an invoice is made from: its client, the company, a worksite

  /** The client's identity as an issued invoice freezes it; undefined for another company's client. */
  async client(tx: Db, companyId: string, clientId: string): Promise<ClientSnapshot | undefined> {
    const result = await tx.execute<ClientSnapshot & { type: string; siret: string | null }>(sql`
      SELECT name, email, phone, address, postal_code, city, type, siret
      FROM clients WHERE company_id = ${companyId} AND id = ${clientId}`);
    const row = result.rows[0];
    return row ? clientSnapshotOf(row) : undefined;
  },

  /** The company as it issues invoices: its identity and mentions, its VAT regime and default rate. */
  async seller(tx: Db, companyId: string): Promise<{ seller: InvoiceSeller; defaultTaxRate: number }> {
    const result = await tx.execute<{
      name: string;
      address1: string | null;
      address2: string | null;
      zip_code: string | null;
      city: string | null;
      country: string;
      phone_contact: string | null;
      email_contact: string | null;
      website: string | null;
      siret: string | null;
      tva_number: string | null;
      legal_form: string | null;
      share_capital: string | null;
      registration: string | null;
      insurer_name: string | null;
      insurer_policy: string | null;
      insurance_coverage: string | null;
      vat_franchise: boolean;
      logo_file_id: string | null;
      iban: string | null;
      bic: string | null;
      default_tax_rate: Numeric;
    }>(sql`
      SELECT name, address1, address2, zip_code, city, country, phone_contact, email_contact, website, siret,
             tva_number, legal_form, share_capital, registration, insurer_name, insurer_policy, insurance_coverage,
             vat_franchise, logo_file_id, iban, bic, default_tax_rate
      FROM companies WHERE id = ${companyId}`);
    const c = result.rows[0];
    if (!c) throw new Error("company not found");
    const town = [c.zip_code, c.city].filter(Boolean).join(" ");
    return {
      seller: {
        name: c.name,
        address_lines: [c.address1, c.address2, town, c.country && c.country !== "France" ? c.country : null].filter(
          (line): line is string => Boolean(line),
        ),
        phone: c.phone_contact,
        email: c.email_contact,
        website: c.website,
        siret: c.siret,
        // The company's SIRET is kept as typed (« 812 345 676 00017 »).
        siren: sirenOf(c.siret ? normaliseSiret(c.siret) : null),
        tva_number: c.tva_number,
        legal_form: c.legal_form,
        share_capital: c.share_capital,
        registration: c.registration,
        insurer_name: c.insurer_name,
        insurer_policy: c.insurer_policy,
        insurance_coverage: c.insurance_coverage,
        vat_franchise: c.vat_franchise,
        logo_file_id: c.logo_file_id,
        iban: c.iban,
        bic: c.bic,
      },
      defaultTaxRate: Number(c.default_tax_rate),
    };
  },

  /** A worksite as « Facturer » reads it: its client, quote, budget and priced tasks. */
  async project(tx: Db, companyId: string, projectId: string) {
    const result = await tx.execute<{
      id: string;
      name: string;
      client_id: string | null;
      quote_id: string | null;
      quote_status: string | null;
      budget_total: Numeric | null;
      tasks: { label: string; quantity: number; unit_price: number | null }[] | null;
    }>(sql`
      SELECT p.id, p.name, p.client_id, p.quote_id, q.status AS quote_status, p.budget_total,
        (SELECT json_agg(json_build_object('label', t.label, 'quantity', t.quantity, 'unit_price', t.unit_price)
           ORDER BY t.position, t.id)
         FROM project_tasks t WHERE t.company_id = ${companyId} AND t.project_id = p.id) AS tasks
      FROM projects p LEFT JOIN quotes q ON q.company_id = ${companyId} AND q.id = p.quote_id
      WHERE p.company_id = ${companyId} AND p.id = ${projectId}`);
    const row = result.rows[0];
    if (!row) return undefined;
    return {
      ...row,
      budget_total: row.budget_total === null ? null : Number(row.budget_total),
      tasks: (row.tasks ?? []).map((t) => ({
        label: t.label,
        quantity: Number(t.quantity),
        unit_price: t.unit_price === null ? null : Number(t.unit_price),
      })),
    };
  },

  async projectExists(tx: Db, companyId: string, projectId: string): Promise<boolean> {
    const result = await tx.execute(sql`SELECT 1 FROM projects WHERE company_id = ${companyId} AND id = ${projectId}`);
    return result.rows.length === 1;
  },
};

/** A business client's SIREN (from its SIRET); an individual has none. */
function clientSnapshotOf(row: ClientSnapshot & { type: string; siret: string | null }): ClientSnapshot {
  return {
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    postal_code: row.postal_code,
    city: row.city,
    siren: row.type === "professionnel" ? sirenOf(row.siret) : null,
  };
}
