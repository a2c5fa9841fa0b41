import type { Db } from "@server/db/client";
import { invoicePayments, invoiceRefunds } from "@server/db/schema";
import type { ClientBalance, PaymentMethod, PaymentRecordMethod } from "@shared/invoices";
import { and, eq, isNull, sql } from "drizzle-orm";
import { creditFigures, type Numeric } from "./invoice-list.repository";

/** An invoice's payments, a credit note's refunds and credit, a client's balance. */
export const invoicePaymentsRepository = {
  /** The payments of an invoice that count: a cancelled one is left out of every sum (issue 34). */
  async payments(tx: Db, companyId: string, invoiceId: string) {
    return tx
      .select({ id: invoicePayments.id, date: invoicePayments.date, amount: invoicePayments.amount })
      .from(invoicePayments)
      .where(
        and(
          eq(invoicePayments.companyId, companyId),
          eq(invoicePayments.invoiceId, invoiceId),
          isNull(invoicePayments.cancelledAt),
        ),
      );
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
  ): Promise<string> {
    const [row] = await tx
      .insert(invoicePayments)
      .values({
        companyId,
        invoiceId,
        date: payment.date,
        amount: payment.amount,
        method: payment.method,
        reference: payment.reference,
        creditNoteId: payment.creditNoteId ?? null,
        createdBy: author.id,
        createdByName: author.name,
      })
      .returning({ id: invoicePayments.id });
    if (!row) throw new Error("payment not inserted");
    return row.id;
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

  /**
   * What the journal records of an issued document (invoice-journal.ts), in one statement: its kind, client,
   * VAT per rate and total; the document it credits; the VAT per rate of the deposits deducted by it (or,
   * for a credit note, by the invoice it credits).
   */
  async journalFigures(tx: Db, companyId: string, id: string) {
    const result = await tx.execute<{
      kind: string;
      client_id: string;
      client_name: string | null;
      vat_breakdown: { rate: number; net: number; tax: number }[] | null;
      total: Numeric;
      credited_kind: string | null;
      credited_reference: string | null;
      deposits: { rate: number; net: number; tax: number }[][];
    }>(sql`
      SELECT i.kind, i.client_id, i.client_snapshot->>'name' AS client_name, i.vat_breakdown, i.total,
             c.kind AS credited_kind, c.reference AS credited_reference,
             (SELECT coalesce(json_agg(d.vat_breakdown ORDER BY d.date, d.reference), '[]'::json) FROM invoices d
               WHERE d.company_id = i.company_id AND d.kind = 'deposit' AND d.deducted_by_id = coalesce(c.id, i.id)
             ) AS deposits
      FROM invoices i
      LEFT JOIN invoices c ON c.company_id = i.company_id AND c.id = i.credited_invoice_id
      WHERE i.company_id = ${companyId} AND i.id = ${id}`);
    const row = result.rows[0];
    return row && { ...row, total: Number(row.total) };
  },

  /**
   * « Annuler le règlement » (docs/domain/invoices.md#payments): the payment of the invoice marked cancelled,
   * when, by whom and why — never deleted. Answers what it was (its journal reversal names it) and whether
   * it was cancelled already; undefined when the invoice has no such payment.
   */
  async cancelPayment(
    tx: Db,
    companyId: string,
    invoiceId: string,
    paymentId: string,
    cancellation: { reason: string; by: { id: string; name: string | null } },
  ) {
    const [row] = await tx
      .select({ id: invoicePayments.id, cancelledAt: invoicePayments.cancelledAt })
      .from(invoicePayments)
      .where(
        and(
          eq(invoicePayments.companyId, companyId),
          eq(invoicePayments.invoiceId, invoiceId),
          eq(invoicePayments.id, paymentId),
        ),
      )
      .for("update");
    if (!row) return undefined;
    if (row.cancelledAt) return { alreadyCancelled: true as const };
    const [cancelled] = await tx
      .update(invoicePayments)
      .set({
        cancelledAt: sql`now()`,
        cancelledBy: cancellation.by.id,
        cancelledByName: cancellation.by.name,
        cancellationReason: cancellation.reason,
      })
      .where(and(eq(invoicePayments.companyId, companyId), eq(invoicePayments.id, row.id)))
      .returning({
        id: invoicePayments.id,
        date: invoicePayments.date,
        amount: invoicePayments.amount,
        method: invoicePayments.method,
      });
    if (!cancelled) throw new Error("payment not cancelled");
    return { alreadyCancelled: false as const, ...cancelled, method: cancelled.method as PaymentRecordMethod };
  },
};
