import type { Db } from "@server/db/client";
import { type AuthContext, idOr404, type TenantAccess, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import {
  CREDIT_NOTE_METHOD,
  INVOICE_DEFAULTS,
  INVOICE_TEXTS,
  type Invoice,
  type MarkPaid,
  type PaymentCancel,
  type PaymentInput,
} from "@shared/invoices";
import { fromCents, toCents } from "@shared/money";
import { INVOICES_ACCESS, type InvoiceContext, noCompany, repo } from "./invoice-context";
import { invoiceJournal } from "./invoice-journal";
import type { InvoiceRecord } from "./invoices.repository";

/**
 * The payments of an issued invoice (docs/domain/invoices.md#payments): recorded one by one or the balance
 * at once (« Marquer comme payée »), by « Avoir » with a credit note's credit, and cancelled with a reason
 * (« Annuler le règlement »: never deleted). Each in the journal (ADR 0033); the paid amount and status
 * follow the payments that count.
 */
export function invoicePayments(ctx: InvoiceContext) {
  const { db, parisToday, detail, locked } = ctx;

  /** The state of an issued invoice's payments: paid once they cover its total (docs/domain/invoices.md#payments). */
  async function settle(tx: Db, t: TenantAccess, invoice: InvoiceRecord) {
    const payments = await repo.payments(tx, t.companyId, invoice.id);
    const paid = payments.reduce((sum, p) => sum + toCents(p.amount), 0);
    const covered = paid >= toCents(invoice.total);
    const lastDay = payments.reduce<string | null>((last, p) => (last === null || p.date > last ? p.date : last), null);
    await repo.setPaymentState(tx, t.companyId, invoice.id, {
      status: covered ? "paid" : "sent",
      paidAmount: fromCents(paid),
      paymentDate: covered ? (lastDay ?? parisToday()) : null,
    });
  }

  /** An issued invoice that still takes payments: 409 for a draft, a credit note, a cancelled or paid one. */
  function assertPayable(invoice: InvoiceRecord) {
    if (invoice.kind === "credit_note") throw errors.conflict(INVOICE_TEXTS.creditNoteLocked);
    if (invoice.status === "draft") throw errors.conflict(INVOICE_TEXTS.notIssued);
    if (invoice.status === "cancelled") throw errors.conflict(INVOICE_TEXTS.cancelledNoPayment);
    if (invoice.status === "paid") throw errors.conflict(INVOICE_TEXTS.nothingToPay);
  }

  /** « Marquer comme payée »: the balance, on `date` by `method` (today, bank transfer by default). */
  async function markPaidIn(tx: Db, t: TenantAccess, invoiceId: string, body: MarkPaid) {
    const invoice = await locked(tx, t, invoiceId);
    assertPayable(invoice);
    const balance = toCents(invoice.total) - toCents(invoice.paid_amount);
    if (balance > 0) {
      const payment = {
        date: body.payment_date ?? parisToday(),
        amount: fromCents(balance),
        method: body.payment_method ?? INVOICE_DEFAULTS.paymentMethod,
        reference: null,
      };
      const paymentId = await repo.insertPayment(tx, t.companyId, invoice.id, payment, {
        id: t.auth.userId,
        name: t.auth.user.full_name,
      });
      await invoiceJournal.money(tx, t, "payment", invoice, { ...payment, paymentId });
    }
    await settle(tx, t, invoice);
  }

  /**
   * A payment by « Avoir » (ADR 0030): the client's credit note (404 otherwise, another client's 409),
   * locked, whose available credit covers the amount (409 otherwise). Returns its id.
   */
  async function creditForPayment(tx: Db, t: TenantAccess, invoice: InvoiceRecord, input: PaymentInput) {
    if (!input.credit_note_id) {
      throw errors.validation(INVOICE_TEXTS.creditNoteRequired, [
        { path: "credit_note_id", message: INVOICE_TEXTS.creditNoteRequired },
      ]);
    }
    const credit = await repo.lockedCredit(tx, t.companyId, input.credit_note_id);
    if (!credit) throw errors.notFound(INVOICE_TEXTS.creditNoteNotFound);
    if (credit.client_id !== invoice.client_id) throw errors.conflict(INVOICE_TEXTS.creditNoteOtherClient);
    if (toCents(input.amount) > credit.available) throw errors.conflict(INVOICE_TEXTS.creditAboveAvailable);
    return credit.id;
  }

  /**
   * A payment cancelled with `reason` (cancelPayment, removePayment); `refused` says what a cancelled
   * invoice and a payment cancelled already answer.
   */
  async function cancelPaymentWith(
    auth: AuthContext,
    id: string,
    paymentId: string,
    reason: string,
    refused: { cancelledInvoice: string; again: () => Error },
  ): Promise<Invoice> {
    const t = tenant(auth, INVOICES_ACCESS.pay, noCompany);
    const invoiceId = idOr404(id, INVOICE_TEXTS.notFound);
    const payment = idOr404(paymentId, INVOICE_TEXTS.paymentNotFound);
    return db.run(t.scope, async (tx) => {
      const invoice = await locked(tx, t, invoiceId);
      if (invoice.status === "cancelled") throw errors.conflict(refused.cancelledInvoice);
      const cancelled = await repo.cancelPayment(tx, t.companyId, invoice.id, payment, {
        reason,
        by: { id: t.auth.userId, name: t.auth.user.full_name },
      });
      if (!cancelled) throw errors.notFound(INVOICE_TEXTS.paymentNotFound);
      if (cancelled.alreadyCancelled) throw refused.again();
      // The payment stays in the journal; its reversal is recorded beside it, with the reason (ADR 0033).
      await invoiceJournal.money(tx, t, "payment_reversal", invoice, {
        date: parisToday(),
        amount: cancelled.amount,
        method: cancelled.method,
        reverses: { payment_id: cancelled.id, reason },
      });
      await settle(tx, t, invoice);
      return detail(tx, t.companyId, invoice.id);
    });
  }

  return {
    markPaidIn,
    methods: {
      async addPayment(auth: AuthContext, id: string, input: PaymentInput): Promise<Invoice> {
        const t = tenant(auth, INVOICES_ACCESS.pay, noCompany);
        const invoiceId = idOr404(id, INVOICE_TEXTS.notFound);
        return db.run(t.scope, async (tx) => {
          const invoice = await locked(tx, t, invoiceId);
          assertPayable(invoice);
          const balance = toCents(invoice.total) - toCents(invoice.paid_amount);
          if (toCents(input.amount) > balance) {
            throw errors.validation(INVOICE_TEXTS.paymentAboveBalance, [
              { path: "amount", message: INVOICE_TEXTS.paymentAboveBalance },
            ]);
          }
          const creditNoteId =
            input.method === CREDIT_NOTE_METHOD ? await creditForPayment(tx, t, invoice, input) : null;
          const paymentId = await repo.insertPayment(
            tx,
            t.companyId,
            invoice.id,
            {
              date: input.date,
              amount: input.amount,
              method: input.method,
              reference: input.reference ?? null,
              creditNoteId,
            },
            { id: t.auth.userId, name: t.auth.user.full_name },
          );
          await invoiceJournal.money(tx, t, "payment", invoice, { ...input, paymentId });
          await settle(tx, t, invoice);
          return detail(tx, t.companyId, invoice.id);
        });
      },

      /**
       * « Annuler le règlement » (docs/domain/invoices.md#payments, ADR 0033): the payment is kept, marked
       * cancelled with `reason`, left out of the paid amount; its journal entry stays and a reversal entry
       * names it, with the reason. 409 on a cancelled invoice (its credit note dealt with the money) or a
       * payment cancelled already.
       */
      async cancelPayment(auth: AuthContext, id: string, paymentId: string, body: PaymentCancel): Promise<Invoice> {
        return cancelPaymentWith(auth, id, paymentId, body.reason, {
          cancelledInvoice: INVOICE_TEXTS.cancelledInvoicePaymentsLocked,
          again: () => errors.conflict(INVOICE_TEXTS.paymentAlreadyCancelled),
        });
      },

      /**
       * DELETE …/payments/:paymentId, kept for existing clients: since issue 34 it cancels the payment (the row
       * kept) with the fixed reason « Règlement supprimé de la facture »; one cancelled already is gone for
       * it, as a deleted one was (404).
       */
      async removePayment(auth: AuthContext, id: string, paymentId: string): Promise<Invoice> {
        return cancelPaymentWith(auth, id, paymentId, INVOICE_TEXTS.paymentRemovedReason, {
          cancelledInvoice: INVOICE_TEXTS.cancelledPaymentsLocked,
          again: () => errors.notFound(INVOICE_TEXTS.paymentNotFound),
        });
      },

      async markPaid(auth: AuthContext, id: string, body: MarkPaid): Promise<Invoice> {
        const t = tenant(auth, INVOICES_ACCESS.pay, noCompany);
        const invoiceId = idOr404(id, INVOICE_TEXTS.notFound);
        return db.run(t.scope, async (tx) => {
          await markPaidIn(tx, t, invoiceId, body);
          return detail(tx, t.companyId, invoiceId);
        });
      },
    },
  };
}

export type InvoicePayments = ReturnType<typeof invoicePayments>;
