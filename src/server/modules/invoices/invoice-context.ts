import { randomUUID } from "node:crypto";
import type { Database, Db } from "@server/db/client";
import { permissions, type TenantAccess } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import type { RenderLog } from "@server/pdf/document";
import { parisToday as parisDay } from "@shared/dates";
import type { BlockingDocument } from "@shared/http";
import { type InvoiceFigures, invoiceFigures, vatInCents, withoutVat } from "@shared/invoice-figures";
import {
  FACTURX_PROFILE,
  type FacturxState,
  INVOICE_TEXTS,
  type Invoice,
  type InvoiceItemInput,
  type InvoiceKind,
  type RateAmounts,
  remainderByRate,
  withOverdue,
} from "@shared/invoices";
import { amountFits, MONEY_TEXTS, toCents } from "@shared/money";
import type { Quote } from "@shared/quotes";
import { documentLinesQueries } from "../documents/documents.queries";
import { quotesQueries } from "../quotes/quotes.queries";
import { type ValidationReport, validateCii } from "./facturx/validate";
import { type InvoiceRecord, invoicesRepository, type StoredInvoice } from "./invoices.repository";

/*
 * What the invoices service's parts share (invoices.service.ts composes them): its permissions, the
 * business day, the invoice as answered, the locks, and the figures of a document's lines with the
 * deposits it deducts. The parts: invoice-drafts.ts (create, edit, delete, from a quote or a worksite,
 * deposits), invoice-lifecycle.ts (issue, cancel by a credit note, payments, refunds), invoice-documents.ts
 * (PDF, Factur-X XML, export).
 */

/**
 * Who may do what with invoices (docs/domain/invoices.md#permissions): read by the routes and checked
 * again here. PATCH …/status is published as invoices:view and then asks the target's permission.
 */
export const INVOICES_ACCESS = permissions({
  list: "invoices:view",
  stats: "invoices:view",
  get: "invoices:view",
  pdf: "invoices:view",
  status: "invoices:view",
  create: "invoices:create",
  fromQuote: "invoices:create",
  deposit: "invoices:create",
  fromProject: "invoices:create",
  update: "invoices:edit",
  remove: "invoices:delete",
  xml: "invoices:view",
  export: "invoices:view",
  issue: "invoices:issue",
  cancel: "invoices:issue",
  pay: "invoices:pay",
  /** Money going out (issue 32): a refund on a credit note. */
  refund: "invoices:pay",
  /** What a client owes and the credit kept on its account (issue 32). */
  balance: "invoices:view",
});

export const noCompany = INVOICE_TEXTS.companyRequired;
export const repo = invoicesRepository;

/** What every issued document is: a Factur-X of the EN 16931 profile, validated at issue (ADR 0016). */
const FACTURX_STATE: FacturxState = { profile: FACTURX_PROFILE, validated: true };

/** Where the service says what it refused or left out: a request's logger (pino's `warn(details, message)`). */
export const processLog: RenderLog = {
  warn: (details, message) => process.emitWarning(message, { type: "InvoiceWarning", detail: JSON.stringify(details) }),
};

/** A draft's provisional reference (design §5.5): never a number of the FAC sequence. */
export const provisionalReference = () => `PROV-${randomUUID().replaceAll("-", "").slice(0, 10).toUpperCase()}`;

/** The quote's VAT per rate in cents; one rate at 0 % for a company under VAT franchise. */
export function quoteBasis(quote: Pick<Quote, "vat_breakdown" | "total">, franchise: boolean) {
  const vat = quote.vat_breakdown.map((v) => ({ rate: v.rate, net: toCents(v.net), tax: toCents(v.tax) }));
  if (!franchise) return { vat, total: toCents(quote.total) };
  const net = vat.reduce((sum, v) => sum + v.net, 0);
  return { vat: [{ rate: 0, net, tax: 0 }], total: net };
}
/** Whether an invoice of a quote still counts (not cancelled): deposits, and at most one final invoice. */
export const live = (i: { status: string }) => i.status !== "cancelled";

/** The invoice in the way of a refused change, named in the 409 (docs/domain/api.md#errors). */
export function blockingInvoice(invoice: { id: string; reference: string }): BlockingDocument {
  return { type: "invoice", id: invoice.id, reference: invoice.reference };
}

export interface InvoiceServiceOptions {
  /** The business day (Europe/Paris by default). */
  today?: () => string;
  /** The EN 16931 rules run at issue (`validateCii`); a test may give others. */
  validate?: (xml: string) => ValidationReport;
}

/** The shared part of the service, built once per service. */
export function invoiceContext(db: Database, options: InvoiceServiceOptions) {
  const parisToday = options.today ?? parisDay;
  const validate = options.validate ?? validateCii;

  /** The invoice as the API answers it, with its derived overdue and Factur-X states. */
  const answer = (found: StoredInvoice): Invoice => ({
    ...withOverdue(found, parisToday()),
    facturx: found.status === "draft" ? null : FACTURX_STATE,
  });

  async function detail(tx: Db, companyId: string, id: string): Promise<Invoice> {
    const found = await repo.detail(tx, companyId, id);
    if (!found) throw errors.notFound(INVOICE_TEXTS.notFound);
    return answer(found);
  }

  async function locked(tx: Db, t: TenantAccess, id: string): Promise<InvoiceRecord> {
    const found = await repo.find(tx, t.companyId, id, { lock: true });
    if (!found) throw errors.notFound(INVOICE_TEXTS.notFound);
    return found;
  }

  /**
   * The invoice locked, its quote's row locked first when it has one: every change that touches a
   * quote's invoices (deposits, final invoice, their deductions) takes the quote first, so two of them
   * queue on it instead of locking each other's invoices in opposite orders.
   */
  async function lockedWithQuote(tx: Db, t: TenantAccess, id: string) {
    const peek = await repo.find(tx, t.companyId, id);
    if (!peek) throw errors.notFound(INVOICE_TEXTS.notFound);
    // An invoice's quote never changes (PUT does not take one).
    const quote = peek.quote_id ? await quotesQueries.find(tx, t.companyId, peek.quote_id, { lock: true }) : undefined;
    return { invoice: await locked(tx, t, id), quote };
  }

  /**
   * A quote an invoice is made from, locked for the transaction (its deposits and final invoice are
   * decided one request at a time): the company's (404), validated (409).
   */
  async function validQuote(tx: Db, t: TenantAccess, quoteId: string): Promise<Quote> {
    const quote = await quotesQueries.find(tx, t.companyId, quoteId, { lock: true });
    if (!quote) throw errors.notFound(INVOICE_TEXTS.quoteNotFound);
    if (quote.status !== "valide") throw errors.conflict(INVOICE_TEXTS.quoteNotValid);
    return quote;
  }

  /** A quote has one final invoice at most (a cancelled one aside). */
  async function assertNoFinalInvoice(tx: Db, t: TenantAccess, quoteId: string, except?: string) {
    const invoices = await repo.ofQuote(tx, t.companyId, quoteId);
    const final = invoices.find((i) => i.kind === "invoice" && live(i) && i.id !== except);
    if (final) throw errors.conflict(INVOICE_TEXTS.quoteAlreadyInvoiced, blockingInvoice(final));
  }

  /**
   * The figures of an invoice's lines (docs/domain/invoices.md#figures): VAT 0 under franchise or
   * reverse charge; a final invoice of a quote deducts the quote's issued deposits not deducted by
   * another invoice (docs/domain/invoices.md#final-invoice). 400 when they exceed it.
   */
  async function compute(
    tx: Db,
    t: TenantAccess,
    invoice: { id: string | null; kind: InvoiceKind; quoteId: string | null; reverseCharge: boolean },
    input: { items: readonly InvoiceItemInput[]; discount_percentage: number; discount_amount: number },
  ): Promise<{ items: InvoiceItemInput[]; figures: InvoiceFigures; depositIds: string[] }> {
    const { seller } = await repo.seller(tx, t.companyId);
    const items = seller.vat_franchise || invoice.reverseCharge ? withoutVat(input.items) : [...input.items];
    let deposits: { id: string; vat: RateAmounts[] }[] = [];
    if (invoice.kind === "invoice" && invoice.quoteId) {
      deposits = (await repo.ofQuote(tx, t.companyId, invoice.quoteId))
        .filter(
          (d) =>
            d.kind === "deposit" &&
            (d.status === "sent" || d.status === "paid") &&
            (d.deducted_by_id === null || d.deducted_by_id === invoice.id),
        )
        .map((d) => ({ id: d.id, vat: vatInCents(d.vat_breakdown) }));
    }
    const figures = invoiceFigures(
      { ...input, items },
      deposits.map((d) => d.vat),
    );
    if (!figures) throw errors.validation(INVOICE_TEXTS.depositsExceedInvoice);
    // Lines the body did not send (a worksite's tasks, « Facturer ») may still add up beyond a money
    // column: 400, never the database's overflow (docs/domain/money.md#limits).
    const amounts = [figures.subtotal, figures.tax_amount, figures.total, ...figures.lines.map((l) => l.total)];
    if (!amounts.every(amountFits)) {
      throw errors.validation(MONEY_TEXTS.totalTooLarge, [{ path: "items", message: MONEY_TEXTS.totalTooLarge }]);
    }
    return { items, figures, depositIds: deposits.map((d) => d.id) };
  }

  /** A deposit invoice's VAT must fit in its quote with the quote's other live deposits (400 otherwise). */
  async function assertDepositsFit(tx: Db, t: TenantAccess, quote: Quote, depositId: string, vat: RateAmounts[]) {
    const { seller } = await repo.seller(tx, t.companyId);
    const others = (await repo.ofQuote(tx, t.companyId, quote.id)).filter(
      (d) => d.kind === "deposit" && live(d) && d.id !== depositId,
    );
    const basis = quoteBasis(quote, seller.vat_franchise);
    if (!remainderByRate(basis.vat, [...others.map((d) => vatInCents(d.vat_breakdown)), vat])) {
      throw errors.validation(INVOICE_TEXTS.depositTooLarge);
    }
  }

  /** Recomputes a quote's final invoice while it is a draft (a deposit was issued or cancelled). */
  async function refreshFinalDraft(tx: Db, t: TenantAccess, quoteId: string) {
    const final = (await repo.ofQuote(tx, t.companyId, quoteId)).find(
      (i) => i.kind === "invoice" && i.status === "draft",
    );
    if (!final) return;
    const record = await locked(tx, t, final.id);
    const items = await documentLinesQueries.read(tx, t.companyId, "invoice", record.id);
    const result = await compute(
      tx,
      t,
      { id: record.id, kind: "invoice", quoteId, reverseCharge: record.reverse_charge },
      { items, discount_percentage: record.discount_percentage, discount_amount: record.discount_amount },
    );
    await repo.setFigures(tx, t.companyId, record.id, result.figures);
    await repo.setDeductions(tx, t.companyId, record.id, result.depositIds);
  }

  return {
    db,
    parisToday,
    validate,
    answer,
    detail,
    locked,
    lockedWithQuote,
    validQuote,
    assertNoFinalInvoice,
    compute,
    assertDepositsFit,
    refreshFinalDraft,
  };
}

export type InvoiceContext = ReturnType<typeof invoiceContext>;
