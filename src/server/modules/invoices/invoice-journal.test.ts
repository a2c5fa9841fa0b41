import { parisToday } from "@shared/dates";
import { INVOICE_TEXTS, type Invoice } from "@shared/invoices";
import type { JournalVerification } from "@shared/journal";
import { toCents } from "@shared/money";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DocumentContent, MoneyContent } from "../journal/journal-content";
import { setupInvoicesTest } from "./invoices.fixtures";

/**
 * What the invoices record in the unalterable journal (docs/domain/journal.md#entries, ADR 0033): each issued
 * document under its definitive number, each payment, a deleted payment's reversal, each refund — and the
 * FEC written from them balances.
 */

const t = await setupInvoicesTest();
const { api, admin, db, company } = t;
const today = parisToday();

type Entry = {
  seq: number;
  kind: string;
  reference: string;
  document_id: string | null;
  amount_cents: number;
  content: DocumentContent & MoneyContent;
};
const entries = async () =>
  (
    await db.run({ companyId: company.id }, (tx) =>
      tx.execute<Entry>(sql`
        SELECT seq, kind, reference, document_id, amount_cents, content FROM journal_entries
        WHERE company_id = ${company.id} ORDER BY seq`),
    )
  ).rows;
const since = async (seq: number) => (await entries()).filter((e) => e.seq > seq);
const lastSeq = async () => (await entries()).at(-1)?.seq ?? 0;
const created = async (url: string, body?: object) => {
  const res = await api(admin, "POST", url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Invoice;
};

describe("the journal of the invoices", () => {
  it("records a deposit and the final invoice under their numbers, as issued (per rate, the deposit deducted)", async () => {
    const before = await lastSeq();
    const quote = await t.createQuote();
    const deposit = await t.issue((await created(`/api/invoices/deposit/${quote.id}`, { percentage: 30 })).id);
    const final = await t.issue((await created(`/api/invoices/from-quote/${quote.id}`)).id);
    const recorded = await since(before);
    expect(recorded.map((e) => [e.kind, e.reference, e.document_id, e.amount_cents])).toEqual([
      ["invoice", deposit.reference, deposit.id, toCents(deposit.total)],
      ["invoice", final.reference, final.id, toCents(final.total)],
    ]);
    expect(deposit.reference).toMatch(/^FAC-\d{4}-\d{4}$/);
    const [onDeposit, onFinal] = recorded.map((e) => e.content);
    expect(onDeposit).toMatchObject({ type: "deposit", date: today, total: toCents(deposit.total), deposits: [] });
    expect(onFinal?.type).toBe("invoice");
    // The final invoice bills the whole work per rate; the deposit's share is deducted.
    const depositNet = deposit.vat_breakdown.reduce((s, v) => s + toCents(v.net), 0);
    expect(onFinal?.deposits.reduce((s, d) => s + d.net, 0)).toBe(depositNet);
    expect(onFinal?.rates.reduce((s, r) => s + r.net, 0)).toBe(toCents(final.subtotal - final.discount));
  });

  it("records each payment, and a deleted payment's reversal beside it (never removed from the journal)", async () => {
    const invoice = await t.issue((await t.createInvoice()).id);
    const before = await lastSeq();
    const paid = await api(admin, "POST", `/api/invoices/${invoice.id}/payments`, {
      date: today,
      amount: 100,
      method: "check",
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const paymentId = (paid.json() as Invoice).payments[0]?.id;
    const removed = await api(admin, "DELETE", `/api/invoices/${invoice.id}/payments/${paymentId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const recorded = await since(before);
    expect(recorded.map((e) => [e.kind, e.reference, e.amount_cents])).toEqual([
      ["payment", invoice.reference, 10_000],
      ["payment_reversal", invoice.reference, -10_000],
    ]);
    expect(recorded[0]?.content).toMatchObject({ method: "check", amount: 10_000, payment_id: paymentId, date: today });
    expect(recorded[1]?.content.reverses).toEqual({
      payment_id: paymentId,
      reason: INVOICE_TEXTS.paymentRemovedReason,
    });
  });

  it("records a credit note under its AV number, and the refund of what was paid", async () => {
    const invoice = await t.issue((await t.createInvoice()).id);
    await api(admin, "POST", `/api/invoices/${invoice.id}/pay`, {});
    const before = await lastSeq();
    const cancelled = await api(admin, "POST", `/api/invoices/${invoice.id}/cancel`, {
      payments: "refund",
      refund: { date: today, amount: invoice.total, method: "bank_transfer" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(201);
    const creditNote = cancelled.json() as Invoice;
    const recorded = await since(before);
    expect(recorded.map((e) => [e.kind, e.reference, e.amount_cents]).sort()).toEqual(
      [
        ["credit_note", creditNote.reference, -toCents(creditNote.total)],
        ["refund", invoice.reference, -toCents(invoice.total)],
      ].sort(),
    );
    expect(creditNote.reference).toMatch(/^AV-\d{4}-\d{4}$/);
    expect(recorded.find((e) => e.kind === "credit_note")?.content).toMatchObject({
      type: "credit_note",
      credited: { reference: invoice.reference, type: "invoice" },
    });
  });

  it("a draft deleted, an issue refused: nothing recorded; the chain holds and the FEC balances", async () => {
    const before = await lastSeq();
    const draft = await t.createInvoice();
    expect((await api(admin, "DELETE", `/api/invoices/${draft.id}`)).statusCode).toBe(204);
    const issued = await t.issue((await t.createInvoice()).id);
    expect((await api(admin, "POST", `/api/invoices/${issued.id}/issue`)).statusCode).toBe(409);
    expect((await since(before)).map((e) => e.reference)).toEqual([issued.reference]);

    const check = await api(admin, "GET", "/api/journal/verify");
    expect(check.statusCode).toBe(200);
    expect(check.json() as JournalVerification).toMatchObject({ ok: true, entries: await lastSeq() });

    const rows = await t.fecRows(today.slice(0, 4));
    const byEntry = new Map<string, number>();
    for (const r of rows) {
      const amount = (s: string | undefined) => Math.round(Number((s ?? "0").replace(",", ".")) * 100);
      byEntry.set(r[2] ?? "", (byEntry.get(r[2] ?? "") ?? 0) + amount(r[11]) - amount(r[12]));
    }
    expect(byEntry.size).toBeGreaterThan(4);
    for (const [num, balance] of byEntry) expect(balance, `écriture ${num}`).toBe(0);
    // The deposit went through 4191 and came back with the final invoice.
    expect(rows.filter((r) => r[4] === "419100").length).toBe(2);
  });
});
