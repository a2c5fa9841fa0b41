import type { Db } from "@server/db/client";
import { type AuthContext, assertCan, idOr404, type TenantAccess, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import type { RenderLog } from "@server/pdf/document";
import { addDays, dayNumber } from "@shared/dates";
import { invoiceFigures, vatInCents } from "@shared/invoice-figures";
import {
  type CancelInput,
  INVOICE_DEFAULTS,
  INVOICE_TEXTS,
  type Invoice,
  type InvoiceStatusChange,
  operationCategoryOf,
  type RefundInput,
} from "@shared/invoices";
import { toCents } from "@shared/money";
import { allowedTaxRates, isAllowedTaxRate, taxRatesList } from "@shared/quote-rules";
import { documentLinesQueries } from "../documents/documents.queries";
import {
  blockingInvoice,
  INVOICES_ACCESS,
  type InvoiceContext,
  live,
  noCompany,
  processLog,
  provisionalReference,
  repo,
} from "./invoice-context";
import type { InvoiceDocuments } from "./invoice-documents";
import { invoiceJournal } from "./invoice-journal";
import type { InvoicePayments } from "./invoice-payments";
import type { InvoiceRecord } from "./invoices.repository";

/**
 * The lifecycle of an issued document (docs/domain/invoices.md#issue, ADR 0014, ADR 0030): the issue
 * (its number given at the commit), the cancel by a credit note, refunds; payments are invoice-payments.ts.
 */
export function invoiceLifecycle(
  ctx: InvoiceContext,
  documents: Pick<InvoiceDocuments, "assertFacturx" | "issued">,
  payments: Pick<InvoicePayments, "markPaidIn">,
) {
  const { db, parisToday, detail, lockedWithQuote, compute, assertDepositsFit, refreshFinalDraft } = ctx;
  const { assertFacturx, issued } = documents;
  const { markPaidIn } = payments;

  /** A client's or the company's identity frozen, the next number given: the draft is issued. */
  async function issueIn(tx: Db, t: TenantAccess, invoiceId: string, log: RenderLog): Promise<void> {
    const { invoice, quote } = await lockedWithQuote(tx, t, invoiceId);
    if (invoice.kind === "credit_note") throw errors.conflict(INVOICE_TEXTS.creditNoteLocked);
    if (invoice.status !== "draft") throw errors.conflict(INVOICE_TEXTS.alreadyIssued);
    // Issued at the company's VAT rates only (ADR 0020): a draft saved before the check, or at a rate the
    // company has since removed, is corrected first.
    const stored = await documentLinesQueries.rates(tx, t.companyId, "invoice", invoice.id);
    const allowed = allowedTaxRates(stored.extra);
    if (stored.rates.some((rate) => !isAllowedTaxRate(rate, allowed))) {
      throw errors.conflict(INVOICE_TEXTS.issueTaxRateNotAllowed(taxRatesList(allowed)));
    }
    let total = invoice.total;
    if (invoice.quote_id) {
      if (quote && invoice.kind === "deposit") {
        // A deposit issued after the final invoice would never be deducted.
        const final = (await repo.ofQuote(tx, t.companyId, quote.id)).find(
          (i) => i.kind === "invoice" && live(i) && i.status !== "draft",
        );
        if (final) throw errors.conflict(INVOICE_TEXTS.quoteAlreadyInvoiced, blockingInvoice(final));
        await assertDepositsFit(tx, t, quote, invoice.id, vatInCents(invoice.vat_breakdown));
      }
      if (invoice.kind === "invoice") {
        // The deposits issued since the draft was written are deducted now.
        const items = await documentLinesQueries.read(tx, t.companyId, "invoice", invoice.id);
        const result = await compute(
          tx,
          t,
          { id: invoice.id, kind: "invoice", quoteId: invoice.quote_id, reverseCharge: invoice.reverse_charge },
          { items, discount_percentage: invoice.discount_percentage, discount_amount: invoice.discount_amount },
        );
        await repo.setFigures(tx, t.companyId, invoice.id, result.figures);
        await repo.setDeductions(tx, t.companyId, invoice.id, result.depositIds);
        total = result.figures.total;
      }
    }
    await issueDraft(tx, t, invoice, total);
    await assertFacturx(tx, t, invoice.id, log);
    if (invoice.kind === "deposit" && invoice.quote_id) await refreshFinalDraft(tx, t, invoice.quote_id);
  }

  /**
   * The issue itself (design §5.5): the next FAC (or AV) number of the company and year, today's date,
   * the due date moved to keep its term, the client's and the company's identity frozen. An invoice
   * with nothing to pay (deposits covering it) is paid at once.
   */
  async function issueDraft(
    tx: Db,
    t: TenantAccess,
    invoice: Pick<InvoiceRecord, "id" | "kind" | "client_id" | "date" | "due_date" | "operation_category">,
    total: number,
  ) {
    const today = parisToday();
    const term = invoice.due_date
      ? Math.max(0, dayNumber(invoice.due_date) - dayNumber(invoice.date))
      : INVOICE_DEFAULTS.dueDays;
    // The client frozen with the worksite's address (2026 reform), as the category of the operation.
    const client = await repo.client(tx, t.companyId, invoice.client_id, invoice.id);
    if (!client) throw errors.notFound(INVOICE_TEXTS.clientNotFound);
    const { seller } = await repo.seller(tx, t.companyId);
    const settled = invoice.kind !== "credit_note" && toCents(total) <= 0;
    // The number is not taken here: the database gives the next FAC (or AV) number of the company and
    // year as this transaction commits (drizzle/0027, docs/domain/invoices.md#numbering), so the
    // counter row is held for the commit only. Until then the invoice keeps its provisional reference.
    await repo.issue(tx, t.companyId, invoice.id, {
      date: today,
      dueDate: invoice.kind === "credit_note" ? null : addDays(today, term),
      status: settled ? "paid" : "sent",
      paymentDate: settled ? today : null,
      client,
      seller,
      operationCategory: operationCategoryOf(invoice.operation_category),
    });
    // Its journal entry, written as this transaction commits under the number it gives (ADR 0033).
    await invoiceJournal.issued(tx, t, today, invoice.id);
  }

  /**
   * Cancels an issued invoice by a credit note (design §5.5, docs/decisions/0014-invoices-lifecycle.md):
   * the same lines and amounts, written as a draft then issued AV-YYYY-NNNN in this transaction; the
   * invoice becomes « cancelled »; a final invoice frees its deposits. Returns the credit note's id.
   */
  async function cancelIn(
    tx: Db,
    t: TenantAccess,
    invoiceId: string,
    log: RenderLog,
    body: CancelInput = {},
  ): Promise<string> {
    const { invoice } = await lockedWithQuote(tx, t, invoiceId);
    if (invoice.kind === "credit_note") throw errors.conflict(INVOICE_TEXTS.creditNoteLocked);
    if (invoice.status === "draft") throw errors.conflict(INVOICE_TEXTS.draftCannotCancel);
    // A paid invoice is cancelled too since issue 32 (ADR 0030): its payments are refunded or kept as credit.
    if (invoice.status === "cancelled") throw errors.conflict(INVOICE_TEXTS.alreadyCancelled);
    const refund = refundOnCancel(invoice, body);
    let finalDraftOf: string | null = null;
    if (invoice.kind === "deposit" && invoice.deducted_by_id) {
      const final = await repo.find(tx, t.companyId, invoice.deducted_by_id, { lock: true });
      if (final && final.status !== "draft") {
        throw errors.conflict(INVOICE_TEXTS.depositDeducted, blockingInvoice(final));
      }
      await repo.freeDeposit(tx, t.companyId, invoice.id);
      finalDraftOf = invoice.quote_id;
    }
    const items = await documentLinesQueries.read(tx, t.companyId, "invoice", invoice.id);
    const figures = invoiceFigures(
      { items, discount_percentage: invoice.discount_percentage, discount_amount: invoice.discount_amount },
      [],
    );
    if (!figures) throw new Error("lines without figures");
    const today = parisToday();
    const creditNoteId = await repo.insert(
      tx,
      t.companyId,
      {
        kind: "credit_note",
        name: invoice.name,
        clientId: invoice.client_id,
        quoteId: invoice.quote_id,
        projectId: invoice.project_id,
        creditedInvoiceId: invoice.id,
        date: today,
        dueDate: null,
        workDate: invoice.work_date,
        paymentMethod: null,
        notes: invoice.notes,
        terms: invoice.terms,
        legalMentions: invoice.legal_mentions,
        reverseCharge: invoice.reverse_charge,
        // What it credits, so its category (2026 reform).
        operationCategory: operationCategoryOf(invoice.operation_category),
        discountPercentage: invoice.discount_percentage,
        discountAmount: invoice.discount_amount,
        // The invoice's own amounts, deductions included: the credit note cancels it to the cent.
        figures: {
          lines: figures.lines,
          subtotal: invoice.subtotal,
          discount: invoice.discount,
          deposits_net: invoice.deposits_net,
          deposits_tax: invoice.deposits_tax,
          tax_amount: invoice.tax_amount,
          total: invoice.total,
          vat_breakdown: invoice.vat_breakdown,
        },
        items,
      },
      { reference: provisionalReference(), createdBy: t.auth.userId, createdByName: t.auth.user.full_name },
    );
    await issueDraft(
      tx,
      t,
      {
        id: creditNoteId,
        kind: "credit_note",
        client_id: invoice.client_id,
        date: today,
        due_date: null,
        operation_category: operationCategoryOf(invoice.operation_category),
      },
      invoice.total,
    );
    await assertFacturx(tx, t, creditNoteId, log);
    if (refund) {
      await repo.insertRefund(tx, t.companyId, creditNoteId, refund, {
        id: t.auth.userId,
        name: t.auth.user.full_name,
      });
      // The credit note has no number before the commit: the refund is recorded under the invoice it cancels.
      await invoiceJournal.money(
        tx,
        t,
        "refund",
        { id: creditNoteId, reference: invoice.reference, client_id: invoice.client_id },
        refund,
      );
    }
    await repo.setStatus(tx, t.companyId, invoice.id, "cancelled");
    if (invoice.kind === "invoice") await repo.setDeductions(tx, t.companyId, invoice.id, []);
    if (finalDraftOf) await refreshFinalDraft(tx, t, finalDraftOf);
    return creditNoteId;
  }

  /**
   * What cancelling does with the payments received (ADR 0030): `refund` — the refund asked, up to what
   * was paid (400 otherwise, nothing written); `credit` or nothing said — kept as credit on the client's
   * account (the credit note keeps what the invoice received), no refund.
   */
  function refundOnCancel(invoice: InvoiceRecord, body: CancelInput) {
    if (body.payments !== "refund") return null;
    if (!body.refund) {
      throw errors.validation(INVOICE_TEXTS.refundRequired, [
        { path: "refund", message: INVOICE_TEXTS.refundRequired },
      ]);
    }
    if (toCents(body.refund.amount) > toCents(invoice.paid_amount)) {
      throw errors.validation(INVOICE_TEXTS.refundAbovePaid, [
        { path: "refund.amount", message: INVOICE_TEXTS.refundAbovePaid },
      ]);
    }
    return {
      date: body.refund.date,
      amount: body.refund.amount,
      method: body.refund.method,
      reference: body.refund.reference ?? null,
    };
  }

  return {
    /** « Marquer comme envoyée »: the definitive number, in one transaction (docs/domain/invoices.md#issue). */
    async issue(auth: AuthContext, id: string, log: RenderLog = processLog): Promise<Invoice> {
      const t = tenant(auth, INVOICES_ACCESS.issue, noCompany);
      const invoiceId = idOr404(id, INVOICE_TEXTS.notFound);
      await db.run(t.scope, (tx) => issueIn(tx, t, invoiceId, log));
      // Read after the commit, which gave the number.
      return issued(t, invoiceId, log);
    },

    /**
     * « Annuler la facture »: answers the credit note that cancels it. The payments received are refunded
     * (`payments: "refund"`, recorded on the credit note) or kept as credit (`credit`, or nothing said).
     * Refunding is money going out: it asks invoices:pay besides invoices:issue.
     */
    async cancel(auth: AuthContext, id: string, log: RenderLog = processLog, body: CancelInput = {}): Promise<Invoice> {
      const t = tenant(auth, INVOICES_ACCESS.cancel, noCompany);
      if (body.payments === "refund") assertCan(auth, INVOICES_ACCESS.refund);
      const invoiceId = idOr404(id, INVOICE_TEXTS.notFound);
      const creditNoteId = await db.run(t.scope, (tx) => cancelIn(tx, t, invoiceId, log, body));
      // Read after the commit, which gave the credit note its number.
      return issued(t, creditNoteId, log);
    },

    /**
     * POST …/refunds (issue 32, ADR 0030): money paid back to the client on a credit note, up to the
     * credit it keeps (400 beyond); 409 on any other document. Answers the credit note.
     */
    async refund(auth: AuthContext, id: string, input: RefundInput): Promise<Invoice> {
      const t = tenant(auth, INVOICES_ACCESS.refund, noCompany);
      const creditNoteId = idOr404(id, INVOICE_TEXTS.notFound);
      return db.run(t.scope, async (tx) => {
        const credit = await repo.lockedCredit(tx, t.companyId, creditNoteId);
        if (!credit) {
          if (!(await repo.find(tx, t.companyId, creditNoteId))) throw errors.notFound(INVOICE_TEXTS.notFound);
          throw errors.conflict(INVOICE_TEXTS.refundOnlyCreditNote);
        }
        if (toCents(input.amount) > credit.available) {
          throw errors.validation(INVOICE_TEXTS.refundAboveAvailable, [
            { path: "amount", message: INVOICE_TEXTS.refundAboveAvailable },
          ]);
        }
        const refund = {
          date: input.date,
          amount: input.amount,
          method: input.method,
          reference: input.reference ?? null,
        };
        await repo.insertRefund(tx, t.companyId, credit.id, refund, {
          id: t.auth.userId,
          name: t.auth.user.full_name,
        });
        await invoiceJournal.money(tx, t, "refund", credit, refund);
        return detail(tx, t.companyId, credit.id);
      });
    },

    /**
     * PATCH …/status (spec 3 §4): sent = issue (invoices:issue), paid = the balance paid (invoices:pay),
     * cancelled = a credit note (invoices:issue). Answers the invoice itself.
     */
    async setStatus(
      auth: AuthContext,
      id: string,
      body: InvoiceStatusChange,
      log: RenderLog = processLog,
    ): Promise<Invoice> {
      const t = tenant(auth, INVOICES_ACCESS.status, noCompany);
      const invoiceId = idOr404(id, INVOICE_TEXTS.notFound);
      await db.run(t.scope, async (tx) => {
        if (!(await repo.find(tx, t.companyId, invoiceId))) throw errors.notFound(INVOICE_TEXTS.notFound);
        if (body.status === "sent") {
          assertCan(auth, INVOICES_ACCESS.issue);
          await issueIn(tx, t, invoiceId, log);
        } else if (body.status === "paid") {
          assertCan(auth, INVOICES_ACCESS.pay);
          await markPaidIn(tx, t, invoiceId, body);
        } else {
          assertCan(auth, INVOICES_ACCESS.cancel);
          await cancelIn(tx, t, invoiceId, log);
        }
      });
      // Read after the commit, which gave an issued invoice or a credit note its number.
      return db.run(t.scope, (tx) => detail(tx, t.companyId, invoiceId));
    },
  };
}
