import type { Db } from "@server/db/client";
import { invoices } from "@server/db/schema";
import { type ExpectedVersion, lockTenantVersion } from "@server/lib/versions";
import { normaliseSiret, sirenOf } from "@shared/client-rules";
import type { InvoiceFigures, StoredVat } from "@shared/invoice-figures";
import type { InvoiceItemInput, InvoiceKind, InvoiceStatus, OperationCategory, PaymentMethod } from "@shared/invoices";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { documentLinesQueries } from "../documents/documents.queries";
import { invoiceDetailRepository } from "./invoice-detail.repository";
import {
  type ClientSnapshot,
  clientSnapshotOf,
  invoiceListRepository,
  type Numeric,
  worksiteAddressSql,
} from "./invoice-list.repository";
import { invoicePaymentsRepository } from "./invoice-payments.repository";
import type { InvoiceSeller } from "./invoice-seller";

export type { InvoiceDocumentRow, StoredInvoice } from "./invoice-detail.repository";
export {
  type ClientSnapshot,
  type InvoiceFilter,
  type InvoiceOrder,
  overdueSql,
  type StoredRow,
} from "./invoice-list.repository";

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
  /** 2026 reform: the category of the operation; null: the default; left undefined: kept as stored. */
  operationCategory?: OperationCategory | null;
  discountPercentage: number;
  discountAmount: number;
  figures: InvoiceFigures;
  items: readonly InvoiceItemInput[];
}

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
    ...(values.operationCategory === undefined ? {} : { operationCategory: values.operationCategory }),
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
 * The invoices' SQL: this file writes an invoice and reads what the rules read; the list and stats
 * (invoice-list.repository.ts), the detail and documents (invoice-detail.repository.ts) and the
 * payments and credit (invoice-payments.repository.ts) are composed here, one object for the service.
 */
export const invoicesRepository = {
  ...invoiceListRepository,
  ...invoiceDetailRepository,
  ...invoicePaymentsRepository,

  /** Locks the invoice and refuses a replaced version (ADR 0024). */
  lockVersion: (tx: Db, companyId: string, id: string, version: ExpectedVersion) =>
    lockTenantVersion(tx, version, invoices, companyId, id),

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
        operation_category: invoices.operationCategory,
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
    await documentLinesQueries.replace(tx, companyId, "invoice", row.id, values.items, values.figures.lines);
    return row.id;
  },

  /** A draft rewritten (the service checked it is one): its fields, figures and lines. */
  async update(tx: Db, companyId: string, id: string, values: InvoiceValues): Promise<void> {
    await tx
      .update(invoices)
      .set({ ...columns(values), updatedAt: sql`now()` })
      .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
    await documentLinesQueries.replace(tx, companyId, "invoice", id, values.items, values.figures.lines);
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
      /** The category printed, frozen (2026 reform). */
      operationCategory: OperationCategory;
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
        operationCategory: values.operationCategory,
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
  // What an invoice is made from: its client, the company, a worksite

  /**
   * The client's identity as an issued invoice freezes it, with the address of the invoice's worksite
   * when it has one (`invoiceId`: `worksiteAddressSql`); undefined for another company's client.
   */
  async client(tx: Db, companyId: string, clientId: string, invoiceId?: string): Promise<ClientSnapshot | undefined> {
    const result = await tx.execute<ClientSnapshot & { type: string; siret: string | null; site: string | null }>(sql`
      SELECT c.name, c.email, c.phone, c.address, c.postal_code, c.city, c.type, c.siret, c.vat_number,
        ${invoiceId ? sql`(SELECT ${worksiteAddressSql(companyId, "i")} FROM invoices i WHERE i.company_id = ${companyId} AND i.id = ${invoiceId})` : sql`NULL::text`} AS site
      FROM clients c WHERE c.company_id = ${companyId} AND c.id = ${clientId}`);
    const row = result.rows[0];
    return row ? clientSnapshotOf(row, row.site) : undefined;
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
      vat_on_debits: boolean;
      logo_file_id: string | null;
      iban: string | null;
      bic: string | null;
      default_tax_rate: Numeric;
    }>(sql`
      SELECT name, address1, address2, zip_code, city, country, phone_contact, email_contact, website, siret,
             tva_number, legal_form, share_capital, registration, insurer_name, insurer_policy, insurance_coverage,
             vat_franchise, vat_on_debits, logo_file_id, iban, bic, default_tax_rate
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
        vat_on_debits: c.vat_on_debits,
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
