import { randomUUID } from "node:crypto";
import { parisToday } from "@shared/dates";
import { type ClientBalance, INVOICE_TEXTS, type Invoice, type InvoiceStats } from "@shared/invoices";
import type { JournalVerification } from "@shared/journal";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { MoneyContent } from "../journal/journal-content";
import { LINES, setupInvoicesTest } from "./invoices.fixtures";

/**
 * « Annuler le règlement » (issue 34 item 1, docs/domain/invoices.md#payments, ADR 0033): a payment is never
 * deleted — it is kept, marked cancelled with the reason typed, left out of every sum, and the journal
 * records a reversal entry that names it, with that reason.
 */

const t = await setupInvoicesTest();
const { api, admin, chef, compagnon, norole, viewer, otherAdmin, db, company } = t;
const today = parisToday();
const messageOf = (res: { json: () => unknown }) => (res.json() as { message: string }).message;
const detailsOf = (res: { json: () => unknown }) =>
  (res.json() as { details?: { path: string; message: string }[] }).details ?? [];

async function newClient(): Promise<string> {
  return (await t.created(admin, "/api/clients", { name: `Client ${randomUUID().slice(0, 8)}`, phone: "0611223344" }))
    .id;
}

/** An issued invoice of 360 TTC (300 HT at 20 %) of `clientId`, with a payment of each amount given. */
async function invoiceWith(clientId: string, ...amounts: number[]): Promise<Invoice> {
  const draft = await t.createInvoice(admin, { client_id: clientId, discount_percentage: 0, items: [LINES[1]] });
  let invoice = await t.issue(draft.id);
  for (const amount of amounts) {
    const res = await api(admin, "POST", `/api/invoices/${invoice.id}/payments`, {
      date: today,
      amount,
      method: "check",
      reference: "CHQ 42",
    });
    expect(res.statusCode, res.body).toBe(201);
    invoice = res.json();
  }
  return invoice;
}

const cancelUrl = (invoiceId: string, paymentId: string | undefined) =>
  `/api/invoices/${invoiceId}/payments/${paymentId}/cancel`;
const cancelPayment = (invoiceId: string, paymentId: string | undefined, payload?: object, token = admin) =>
  api(token, "POST", cancelUrl(invoiceId, paymentId), payload);

type Entry = { seq: number; kind: string; reference: string; amount_cents: number; content: MoneyContent };
const journal = async () =>
  (
    await db.run({ companyId: company.id }, (tx) =>
      tx.execute<Entry>(sql`
        SELECT seq, kind, reference, amount_cents, content FROM journal_entries
        WHERE company_id = ${company.id} ORDER BY seq`),
    )
  ).rows;

const collected = async () => {
  const res = await api(admin, "GET", "/api/dashboard/history");
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { months: { collected: number }[] }).months.at(-1)?.collected ?? 0;
};
const stats = async () => {
  const res = await api(admin, "GET", "/api/invoices/stats");
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as InvoiceStats;
};
const balanceOf = async (clientId: string): Promise<ClientBalance> => {
  const res = await api(admin, "GET", `/api/invoices/balance/${clientId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("« Annuler le règlement » (POST …/payments/:paymentId/cancel)", () => {
  it("keeps the payment, cancelled with its reason, and leaves it out of every sum", async () => {
    const clientId = await newClient();
    const invoice = await invoiceWith(clientId, 100, 260);
    expect(invoice).toMatchObject({ status: "paid", paid_amount: 360, balance_due: 0 });
    const [first, second] = invoice.payments;
    const before = { collected: await collected(), stats: await stats() };

    const res = await cancelPayment(invoice.id, second?.id, { reason: "  Chèque revenu impayé  " });
    expect(res.statusCode, res.body).toBe(200);
    const after: Invoice = res.json();
    // The invoice's figures: the cancelled payment no longer counts.
    expect(after).toMatchObject({ status: "sent", paid_amount: 100, balance_due: 260, payment_date: null });
    // Both payments are still listed; the second says when, by whom and why (the reason trimmed).
    expect(after.payments.map((p) => [p.id, p.amount])).toEqual([
      [first?.id, 100],
      [second?.id, 260],
    ]);
    expect(after.payments[0]?.cancellation).toBeNull();
    expect(after.payments[1]?.cancellation).toMatchObject({ by_name: "Test admin", reason: "Chèque revenu impayé" });
    expect(Date.parse(after.payments[1]?.cancellation?.at ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect(await t.get(invoice.id)).toEqual(after);

    // The list's stats, the home's « Encaissé », the client's balance.
    const now = await stats();
    expect(now.paid_invoices).toBe(before.stats.paid_invoices - 1);
    // Σ of what the invoices received: 260 less.
    expect(now.paid_amount).toBeCloseTo(before.stats.paid_amount - 260, 2);
    expect(now.pending_amount).toBeCloseTo(before.stats.pending_amount + 260, 2);
    expect(await collected()).toBeCloseTo(before.collected - 260, 2);
    expect(await balanceOf(clientId)).toMatchObject({ invoices_due: 260, balance_due: 260 });

    // The balance can be paid again; cancelling the first payment too leaves 100 due.
    const again = await api(admin, "POST", `/api/invoices/${invoice.id}/payments`, {
      date: today,
      amount: 260,
      method: "bank_transfer",
    });
    expect(again.json()).toMatchObject({ status: "paid", paid_amount: 360 });
    const firstCancelled = await cancelPayment(invoice.id, first?.id, { reason: "Erreur de saisie" });
    expect(firstCancelled.json()).toMatchObject({ status: "sent", paid_amount: 260, balance_due: 100 });
  });

  it("records a reversal entry naming the payment, with the reason; the chain holds and the FEC balances", async () => {
    const invoice = await invoiceWith(await newClient(), 150);
    const paymentId = invoice.payments[0]?.id;
    const before = (await journal()).at(-1)?.seq ?? 0;
    const res = await cancelPayment(invoice.id, paymentId, { reason: "Virement rejeté par la banque" });
    expect(res.statusCode, res.body).toBe(200);
    const recorded = (await journal()).filter((e) => e.seq > before);
    expect(recorded.map((e) => [e.kind, e.reference, e.amount_cents])).toEqual([
      ["payment_reversal", invoice.reference, -15_000],
    ]);
    expect(recorded[0]?.content).toMatchObject({
      method: "check",
      amount: 15_000,
      date: today,
      reverses: { payment_id: paymentId, reason: "Virement rejeté par la banque" },
    });
    // The payment's own entry is still there.
    const paymentEntry = (await journal()).find((e) => e.kind === "payment" && e.content.payment_id === paymentId);
    expect(paymentEntry?.amount_cents).toBe(15_000);

    const check = await api(admin, "GET", "/api/journal/verify");
    expect(check.json() as JournalVerification).toMatchObject({ ok: true });

    // The bank journal: the payment in, its cancellation out, each balanced.
    const rows = await t.fecRows(today.slice(0, 4));
    const ofInvoice = rows.filter((r) => r[0] === "BQ" && r[8] === invoice.reference);
    expect(ofInvoice.map((r) => [r[4], r[11], r[12]])).toEqual([
      ["512000", "150,00", "0,00"],
      ["411000", "0,00", "150,00"],
      ["512000", "0,00", "150,00"],
      ["411000", "150,00", "0,00"],
    ]);
    expect(ofInvoice[2]?.[10]).toContain("Annulation du règlement");
  });

  it("gives back the credit a payment by « Avoir » used", async () => {
    const clientId = await newClient();
    const cancelled = await invoiceWith(clientId, 200);
    const creditNote: Invoice = (
      await api(admin, "POST", `/api/invoices/${cancelled.id}/cancel`, { payments: "credit" })
    ).json();
    const target = await invoiceWith(clientId);
    const paid = await api(admin, "POST", `/api/invoices/${target.id}/payments`, {
      date: today,
      amount: 120,
      method: "credit_note",
      credit_note_id: creditNote.id,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await t.get(creditNote.id)).credit).toMatchObject({ used: 120, available: 80 });
    const res = await cancelPayment(target.id, (paid.json() as Invoice).payments[0]?.id, { reason: "Mauvais avoir" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.get(creditNote.id)).credit).toMatchObject({ used: 0, available: 200, uses: [] });
    expect(await balanceOf(clientId)).toMatchObject({ invoices_due: 360, credit_available: 200 });
  });

  it("asks a reason of 3 to 500 characters, trimmed (French 400), and changes nothing then", async () => {
    const invoice = await invoiceWith(await newClient(), 50);
    const paymentId = invoice.payments[0]?.id;
    const cases: [object | undefined, string][] = [
      [{}, INVOICE_TEXTS.paymentCancelReasonRequired],
      [{ reason: null }, INVOICE_TEXTS.paymentCancelReasonRequired],
      [{ reason: "   " }, INVOICE_TEXTS.paymentCancelReasonRequired],
      [{ reason: " ab " }, INVOICE_TEXTS.paymentCancelReasonTooShort],
      [{ reason: "x".repeat(501) }, INVOICE_TEXTS.paymentCancelReasonTooLong],
    ];
    for (const [body, message] of cases) {
      const res = await cancelPayment(invoice.id, paymentId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(detailsOf(res).map((d) => d.message)).toContain(message);
    }
    expect(await t.get(invoice.id)).toEqual(invoice);
    // 500 characters exactly, after trimming, are enough.
    const longest = await cancelPayment(invoice.id, paymentId, { reason: ` ${"y".repeat(500)} ` });
    expect(longest.statusCode, longest.body).toBe(200);
    expect((longest.json() as Invoice).payments[0]?.cancellation?.reason).toBe("y".repeat(500));
  });

  it("refuses a payment cancelled already and the payments of a cancelled invoice (409), changing nothing", async () => {
    const invoice = await invoiceWith(await newClient(), 50, 60);
    const [first, second] = invoice.payments;
    expect((await cancelPayment(invoice.id, first?.id, { reason: "Doublon" })).statusCode).toBe(200);
    const journalBefore = (await journal()).length;
    const again = await cancelPayment(invoice.id, first?.id, { reason: "Doublon encore" });
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(INVOICE_TEXTS.paymentAlreadyCancelled);
    expect((await t.get(invoice.id)).payments[0]?.cancellation?.reason).toBe("Doublon");
    expect(await journal()).toHaveLength(journalBefore);

    await api(admin, "POST", `/api/invoices/${invoice.id}/cancel`, { payments: "credit" });
    const locked = await cancelPayment(invoice.id, second?.id, { reason: "Trop tard" });
    expect(locked.statusCode).toBe(409);
    expect(messageOf(locked)).toBe(INVOICE_TEXTS.cancelledInvoicePaymentsLocked);
    expect((await t.get(invoice.id)).payments[1]?.cancellation).toBeNull();
  });

  it("is invoices:pay's: 403 to a viewer, a Chef d'équipe, a Compagnon and a user without role", async () => {
    const invoice = await invoiceWith(await newClient(), 40);
    for (const token of [viewer, chef, compagnon, norole]) {
      const res = await cancelPayment(invoice.id, invoice.payments[0]?.id, { reason: "Pas mon rôle" }, token);
      expect(res.statusCode).toBe(403);
    }
    expect(await t.get(invoice.id)).toEqual(invoice);
  });

  it("answers 404 for another company's invoice or payment, an unknown or malformed id", async () => {
    const invoice = await invoiceWith(await newClient(), 40);
    const paymentId = invoice.payments[0]?.id;
    const theirs = await api(otherAdmin, "POST", cancelUrl(invoice.id, paymentId), { reason: "Piratage" });
    expect(theirs.statusCode).toBe(404);
    expect(messageOf(theirs)).toBe(INVOICE_TEXTS.notFound);

    // Their own invoice with a payment: its payment is not one of ours, nor ours of theirs.
    const otherPaid = await t.otherPaidInvoice(10);
    const draft = otherPaid;
    const otherPayment = otherPaid.payments[0]?.id;
    for (const id of [otherPayment, randomUUID(), "pas-un-id"]) {
      const res = await cancelPayment(invoice.id, id, { reason: "Inconnu" });
      expect(res.statusCode, id).toBe(404);
      expect(messageOf(res)).toBe(INVOICE_TEXTS.paymentNotFound);
    }
    // Their invoice reached through ours: not found either.
    expect((await cancelPayment(draft.id, otherPayment, { reason: "Inconnu" })).statusCode).toBe(404);
    expect((await api(otherAdmin, "GET", `/api/invoices/${draft.id}`)).json()).toEqual(otherPaid);
    expect(await t.get(invoice.id)).toEqual(invoice);
  });
});

describe("DELETE …/payments/:paymentId (kept for existing clients)", () => {
  it("cancels the payment — the row kept — with the fixed reason; deleted already: 404 as before", async () => {
    const invoice = await invoiceWith(await newClient(), 70);
    const paymentId = invoice.payments[0]?.id;
    const removed = await api(admin, "DELETE", `/api/invoices/${invoice.id}/payments/${paymentId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const after: Invoice = removed.json();
    expect(after).toMatchObject({ status: "sent", paid_amount: 0, balance_due: 360 });
    expect(after.payments[0]).toMatchObject({
      id: paymentId,
      amount: 70,
      cancellation: { reason: INVOICE_TEXTS.paymentRemovedReason, by_name: "Test admin" },
    });
    const row = await db.run({ companyId: company.id }, (tx) =>
      tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM invoice_payments WHERE id = ${paymentId}`),
    );
    expect(row.rows[0]?.n).toBe(1);
    const again = await api(admin, "DELETE", `/api/invoices/${invoice.id}/payments/${paymentId}`);
    expect(again.statusCode).toBe(404);
    expect(messageOf(again)).toBe(INVOICE_TEXTS.paymentNotFound);
  });
});
