import type { Db } from "@server/db/client";
import type { StoredVat } from "@shared/invoice-figures";
import {
  type CreditState,
  type Invoice,
  operationCategoryOf,
  type Payment,
  type PaymentMethod,
  type Refund,
} from "@shared/invoices";
import { type SQL, sql } from "drizzle-orm";
import { linesJson } from "../documents/documents.queries";
import {
  type ClientSnapshot,
  clientSnapshotOf,
  creditFigures,
  type Numeric,
  type RawRow,
  ROW_COLUMNS,
  toRow,
  worksiteAddressSql,
} from "./invoice-list.repository";
import type { InvoiceSeller } from "./invoice-seller";

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
  operation_category: string | null;
  live_worksite_address: string | null;
  discount_percentage: Numeric;
  discount_amount: Numeric;
  discount: Numeric;
  deposits_net: Numeric;
  deposits_tax: Numeric;
  vat_breakdown: StoredVat[];
  client_snapshot: ClientSnapshot | null;
  issued_at: string | Date | null;
  created_by_name: string | null;
  live_client: ClientSnapshot & { type: string; siret: string | null; vat_number: string | null };
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
        i.operation_category, CASE WHEN i.client_snapshot IS NULL THEN ${worksiteAddressSql(companyId, "i")} END
          AS live_worksite_address,
        i.discount_percentage, i.discount_amount, i.discount, i.deposits_net, i.deposits_tax, i.vat_breakdown,
        i.client_snapshot, i.issued_at, i.created_by_name,
        json_build_object('name', c.name, 'email', c.email, 'phone', c.phone, 'address', c.address,
          'postal_code', c.postal_code, 'city', c.city, 'type', c.type, 'siret', c.siret,
          'vat_number', c.vat_number) AS live_client,
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
        ${linesJson("invoice", sql`${companyId}`, sql`i.id`)} AS items,
        (SELECT json_agg(json_build_object('id', pm.id, 'date', pm.date, 'amount', pm.amount, 'method', pm.method,
            'reference', pm.reference, 'created_by_name', pm.created_by_name, 'created_at', pm.created_at,
            'cancellation', CASE WHEN pm.cancelled_at IS NOT NULL THEN json_build_object('at', pm.cancelled_at,
              'by_name', pm.cancelled_by_name, 'reason', pm.cancellation_reason) END,
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
            WHERE u.company_id = ${companyId} AND u.credit_note_id = i.id AND u.cancelled_at IS NULL)) END AS credit
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
  // Issued: as frozen (the worksite's address and the VAT number with the client); a draft: as they are.
  const client = raw.client_snapshot ?? clientSnapshotOf(live, raw.live_worksite_address);
  return {
    ...toRow(raw),
    client: {
      name: client.name,
      email: client.email,
      address: client.address,
      postal_code: client.postal_code,
      city: client.city,
      siren: client.siren,
      vat_number: client.vat_number ?? null,
    },
    client_phone: client.phone,
    worksite_address: client.worksite_address ?? null,
    operation_category: operationCategoryOf(raw.operation_category),
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
      cancellation: p.cancellation ? { ...p.cancellation, at: new Date(p.cancellation.at).toISOString() } : null,
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

/** An invoice as the detail and its documents read it (one statement each). */
export const invoiceDetailRepository = {
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
};
