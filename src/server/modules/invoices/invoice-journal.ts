import type { Db } from "@server/db/client";
import type { TenantAccess } from "@server/lib/access";
import type { PaymentRecordMethod } from "@shared/invoices";
import { toCents } from "@shared/money";
import { journalQueries, recordInJournal } from "../journal/journal.queries";
import type { DocumentContent, MoneyContent, RateCents } from "../journal/journal-content";
import { repo } from "./invoice-context";

/**
 * What the invoices record in the unalterable journal (docs/domain/journal.md#entries, ADR 0033), in the
 * transaction that makes the change: an issued document (its entry written as the issue commits, under
 * its number), a payment, its reversal, a refund.
 */

/** Rates summed (cents). */
function byRate(lists: readonly (readonly RateCents[])[]): RateCents[] {
  const sums = new Map<number, RateCents>();
  for (const r of lists.flat()) {
    const sum = sums.get(r.rate) ?? { rate: r.rate, net: 0, tax: 0 };
    sums.set(r.rate, { rate: r.rate, net: sum.net + r.net, tax: sum.tax + r.tax });
  }
  return [...sums.values()].sort((a, b) => b.rate - a.rate);
}

type StoredVat = readonly { rate: number; net: number; tax: number }[];
const cents = (vat: StoredVat | null): RateCents[] =>
  (vat ?? []).map((v) => ({ rate: Number(v.rate), net: toCents(Number(v.net)), tax: toCents(Number(v.tax)) }));

/** An issued document as the journal reads it (invoicePaymentsRepository.journalFigures). */
export interface JournalFigures {
  kind: string;
  client_id: string;
  client_name: string | null;
  vat_breakdown: StoredVat | null;
  total: number;
  credited_kind: string | null;
  credited_reference: string | null;
  deposits: StoredVat[];
}

/**
 * The content of an issued document: per rate what it bills before any deposit is deducted (its stored
 * remainder plus the deposits deducted), the deposits per rate, its total. A credit note repeats the
 * document it credits, deductions included (docs/domain/invoices.md): the credited one's deposits.
 */
export function documentContent(document: JournalFigures, day: string): DocumentContent {
  const type = document.kind === "deposit" ? "deposit" : document.kind === "credit_note" ? "credit_note" : "invoice";
  const deposits = byRate(document.deposits.map(cents));
  return {
    type,
    date: day,
    client: { id: document.client_id, name: document.client_name ?? "" },
    rates: byRate([cents(document.vat_breakdown), deposits]),
    deposits,
    total: toCents(document.total),
    credited: document.credited_reference
      ? { reference: document.credited_reference, type: document.credited_kind === "deposit" ? "deposit" : "invoice" }
      : null,
  };
}

export const invoiceJournal = {
  /** At the issue, in its transaction: the entry waits for the number the commit gives. */
  async issued(tx: Db, t: TenantAccess, day: string, invoiceId: string) {
    const document = await repo.journalFigures(tx, t.companyId, invoiceId);
    if (!document) throw new Error("issued invoice not found");
    const content = documentContent(document, day);
    await journalQueries.pending(tx, t.companyId, invoiceId, {
      kind: document.kind === "credit_note" ? "credit_note" : "invoice",
      amountCents: document.kind === "credit_note" ? -content.total : content.total,
      content: { ...content },
      userName: t.auth.user.full_name,
    });
  },

  /** Money received on an invoice, its reversal, or paid back on a credit note. */
  async money(
    tx: Db,
    t: TenantAccess,
    kind: "payment" | "payment_reversal" | "refund",
    document: { id: string; reference: string; client_id: string },
    money: {
      date: string;
      amount: number;
      method: PaymentRecordMethod;
      paymentId?: string | null;
      reverses?: MoneyContent["reverses"];
    },
  ) {
    const client = await repo.client(tx, t.companyId, document.client_id);
    const amount = toCents(money.amount);
    const content: MoneyContent = {
      reference: document.reference,
      date: money.date,
      client: { id: document.client_id, name: client?.name ?? "" },
      method: money.method,
      amount,
      payment_id: money.paymentId ?? null,
      reverses: money.reverses ?? null,
    };
    await recordInJournal(tx, t.companyId, {
      kind,
      documentId: document.id,
      reference: document.reference,
      amountCents: kind === "payment" ? amount : -amount,
      content: { ...content },
      userName: t.auth.user.full_name,
    });
  },
};
