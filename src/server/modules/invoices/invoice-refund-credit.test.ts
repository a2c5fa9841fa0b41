import { createTestUserWithPermissions, login } from "@server/test/helpers";
import { parisToday } from "@shared/dates";
import { type ClientBalance, INVOICE_TEXTS, type Invoice } from "@shared/invoices";
import { describe, expect, it } from "vitest";
import { LINES, setupInvoicesTest } from "./invoices.fixtures";

/**
 * Cancelling an invoice that received payments: the money refunded or kept as credit on the client's
 * account, that credit used as a payment of another invoice, the client's balance (issue 32, ADR 0030,
 * docs/domain/invoices.md#refund-or-credit).
 */

const t = await setupInvoicesTest();
const { api, admin, chef, compagnon, viewer, otherAdmin } = t;
const today = parisToday();
const messageOf = (res: { json: () => unknown }) => (res.json() as { message: string }).message;
const detailsOf = (res: { json: () => unknown }) =>
  (res.json() as { details?: { path: string; message: string }[] }).details ?? [];

/** A client of its own per test: its balance is that test's alone. */
let clients = 0;
async function newClient(): Promise<string> {
  clients += 1;
  return (await t.created(admin, "/api/clients", { name: `Client avoir ${clients}`, phone: "0611223344" })).id;
}

/** An issued invoice of 300 HT at 20 % (360 TTC) for `clientId`, with `paid` received by cheque. */
async function invoiceWith(clientId: string, paid = 0): Promise<Invoice> {
  const draft = await t.createInvoice(admin, { client_id: clientId, discount_percentage: 0, items: [LINES[1]] });
  const invoice = await t.issue(draft.id);
  if (paid > 0) {
    const res = await api(admin, "POST", `/api/invoices/${invoice.id}/payments`, {
      date: today,
      amount: paid,
      method: "check",
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  return t.get(invoice.id);
}

const cancel = (id: string, payload?: object, token = admin) =>
  api(token, "POST", `/api/invoices/${id}/cancel`, payload);
const balanceOf = async (clientId: string, token = admin): Promise<ClientBalance> => {
  const res = await api(token, "GET", `/api/invoices/balance/${clientId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const refundBody = (amount: number) => ({ date: today, amount, method: "bank_transfer", reference: "VIR-REMB" });
const payWithCredit = (invoiceId: string, creditNoteId: string | undefined, amount: number, token = admin) =>
  api(token, "POST", `/api/invoices/${invoiceId}/payments`, {
    date: today,
    amount,
    method: "credit_note",
    ...(creditNoteId ? { credit_note_id: creditNoteId } : {}),
  });

describe("cancelling an invoice that received payments", () => {
  it("refunds the client: the refund is recorded on the credit note, nothing left to refund", async () => {
    const clientId = await newClient();
    const invoice = await invoiceWith(clientId, 200);
    const res = await cancel(invoice.id, { payments: "refund", refund: refundBody(200) });
    expect(res.statusCode, res.body).toBe(201);
    const creditNote: Invoice = res.json();
    expect(creditNote.kind).toBe("credit_note");
    expect(creditNote.credit).toMatchObject({ paid: 200, refunded: 200, used: 0, available: 0, uses: [] });
    expect(creditNote.credit?.refunds).toEqual([
      expect.objectContaining({ date: today, amount: 200, method: "bank_transfer", reference: "VIR-REMB" }),
    ]);
    // The cancelled invoice keeps its payments (history); the client is owed nothing.
    const cancelled = await t.get(invoice.id);
    expect(cancelled).toMatchObject({ status: "cancelled", paid_amount: 200, credit: null });
    expect(await balanceOf(clientId)).toEqual({
      client_id: clientId,
      invoices_due: 0,
      credit_available: 0,
      balance_due: 0,
      credits: [],
    });
  });

  it("keeps the money as credit on the client's account (« credit »)", async () => {
    const clientId = await newClient();
    const invoice = await invoiceWith(clientId, 120);
    const other = await invoiceWith(clientId);
    const res = await cancel(invoice.id, { payments: "credit" });
    expect(res.statusCode, res.body).toBe(201);
    const creditNote: Invoice = res.json();
    expect(creditNote.credit).toMatchObject({ paid: 120, refunded: 0, used: 0, available: 120, refunds: [] });
    // Owed 360 on the other invoice, 120 of credit: the balance is 240.
    expect(await balanceOf(clientId)).toEqual({
      client_id: clientId,
      invoices_due: other.total,
      credit_available: 120,
      balance_due: other.total - 120,
      credits: [{ id: creditNote.id, reference: creditNote.reference, date: today, available: 120 }],
    });
  });

  it("without the key (an older client, no body or an empty one) keeps the money as credit, as before", async () => {
    const clientId = await newClient();
    const first = await invoiceWith(clientId, 50);
    const noBody = await cancel(first.id);
    expect(noBody.statusCode, noBody.body).toBe(201);
    expect((noBody.json() as Invoice).credit).toMatchObject({ paid: 50, refunded: 0, available: 50 });
    const second = await invoiceWith(clientId, 30);
    const empty = await cancel(second.id, {});
    expect(empty.statusCode, empty.body).toBe(201);
    const third = await invoiceWith(clientId, 20);
    const patched = await api(admin, "PATCH", `/api/invoices/${third.id}/status`, { status: "cancelled" });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await balanceOf(clientId)).credit_available).toBe(100);
    // Nothing paid: the credit note keeps no credit.
    const unpaid = await invoiceWith(clientId);
    expect(((await cancel(unpaid.id)).json() as Invoice).credit).toMatchObject({ paid: 0, available: 0 });
    expect((await balanceOf(clientId)).credits).toHaveLength(3);
  });

  it("refuses a refund above what was paid, or without its details (400, nothing cancelled)", async () => {
    const clientId = await newClient();
    const invoice = await invoiceWith(clientId, 100);
    const above = await cancel(invoice.id, { payments: "refund", refund: refundBody(100.01) });
    expect(above.statusCode, above.body).toBe(400);
    expect(messageOf(above)).toBe(INVOICE_TEXTS.refundAbovePaid);
    expect(detailsOf(above)).toEqual([{ path: "refund.amount", message: INVOICE_TEXTS.refundAbovePaid }]);
    const missing = await cancel(invoice.id, { payments: "refund" });
    expect(missing.statusCode).toBe(400);
    expect(messageOf(missing)).toBe(INVOICE_TEXTS.refundRequired);
    const unknown = await cancel(invoice.id, { payments: "garder" });
    expect(unknown.statusCode).toBe(400);
    expect(detailsOf(unknown)[0]?.message).toBe(INVOICE_TEXTS.cancelChoiceInvalid);
    const still = await t.get(invoice.id);
    expect(still).toMatchObject({ status: "sent", credit_note: null, paid_amount: 100 });
    // Nothing paid, nothing to refund.
    const unpaid = await invoiceWith(clientId);
    const none = await cancel(unpaid.id, { payments: "refund", refund: refundBody(1) });
    expect(messageOf(none)).toBe(INVOICE_TEXTS.refundAbovePaid);
  });

  it("cancels a paid invoice too (ADR 0030): part refunded, the rest kept as credit", async () => {
    const clientId = await newClient();
    const invoice = await invoiceWith(clientId);
    expect((await api(admin, "POST", `/api/invoices/${invoice.id}/pay`, {})).statusCode).toBe(200);
    expect((await t.get(invoice.id)).status).toBe("paid");
    const res = await cancel(invoice.id, { payments: "refund", refund: refundBody(100) });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as Invoice).credit).toMatchObject({ paid: 360, refunded: 100, available: 260 });
    expect((await t.get(invoice.id)).status).toBe("cancelled");
    expect((await balanceOf(clientId)).credit_available).toBe(260);
  });

  it("asks invoices:pay to refund (money going out), invoices:issue to cancel", async () => {
    const clientId = await newClient();
    const invoice = await invoiceWith(clientId, 40);
    const issuer = (
      await login(t.app, await createTestUserWithPermissions(t.db, t.company.id, ["invoices:view", "invoices:issue"]))
    ).token;
    const denied = await cancel(invoice.id, { payments: "refund", refund: refundBody(40) }, issuer);
    expect(denied.statusCode).toBe(403);
    expect((await t.get(invoice.id)).status).toBe("sent");
    expect((await cancel(invoice.id, {}, chef)).statusCode).toBe(403);
    // Keeping the money as credit moves none: invoices:issue is enough.
    expect((await cancel(invoice.id, { payments: "credit" }, issuer)).statusCode).toBe(201);
  });
});

describe("the credit kept, used as a payment (« Avoir »)", () => {
  async function creditOf(clientId: string, paid: number): Promise<Invoice> {
    const invoice = await invoiceWith(clientId, paid);
    const res = await cancel(invoice.id, { payments: "credit" });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it("pays another invoice of the client, bounded by the credit; removing the payment gives it back", async () => {
    const clientId = await newClient();
    const creditNote = await creditOf(clientId, 300);
    const target = await invoiceWith(clientId);
    const res = await payWithCredit(target.id, creditNote.id, 250);
    expect(res.statusCode, res.body).toBe(201);
    const paid: Invoice = res.json();
    expect(paid).toMatchObject({ status: "sent", paid_amount: 250, balance_due: 110 });
    expect(paid.payments[0]).toMatchObject({
      method: "credit_note",
      amount: 250,
      credit_note: { id: creditNote.id, reference: creditNote.reference },
    });
    const after = await t.get(creditNote.id);
    expect(after.credit).toMatchObject({ paid: 300, used: 250, available: 50 });
    expect(after.credit?.uses).toEqual([
      expect.objectContaining({ invoice_id: target.id, reference: target.reference, amount: 250 }),
    ]);
    expect(await balanceOf(clientId)).toMatchObject({ invoices_due: 110, credit_available: 50, balance_due: 60 });

    // Over the credit left: 409; over the invoice's balance: 400 as any payment.
    const over = await payWithCredit(target.id, creditNote.id, 50.01);
    expect(over.statusCode).toBe(409);
    expect(messageOf(over)).toBe(INVOICE_TEXTS.creditAboveAvailable);
    const second = await creditOf(clientId, 200);
    const aboveBalance = await payWithCredit(target.id, second.id, 110.01);
    expect(aboveBalance.statusCode).toBe(400);
    expect(messageOf(aboveBalance)).toBe(INVOICE_TEXTS.paymentAboveBalance);
    // The rest of the balance from the second credit note: paid.
    const rest = await payWithCredit(target.id, second.id, 110);
    expect((rest.json() as Invoice).status).toBe("paid");

    // A payment removed gives its credit back.
    const removed = await api(admin, "DELETE", `/api/invoices/${target.id}/payments/${paid.payments[0]?.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await t.get(creditNote.id)).credit?.available).toBe(300);
  });

  it("refuses another client's credit note (409), a missing or unknown one (400, 404), another company's (404)", async () => {
    const clientId = await newClient();
    const otherClient = await newClient();
    const theirs = await creditOf(otherClient, 100);
    const target = await invoiceWith(clientId);
    const foreign = await payWithCredit(target.id, theirs.id, 10);
    expect(foreign.statusCode).toBe(409);
    expect(messageOf(foreign)).toBe(INVOICE_TEXTS.creditNoteOtherClient);
    const missing = await payWithCredit(target.id, undefined, 10);
    expect(missing.statusCode).toBe(400);
    expect(detailsOf(missing)).toEqual([{ path: "credit_note_id", message: INVOICE_TEXTS.creditNoteRequired }]);
    // An invoice is not a credit note.
    const notCredit = await payWithCredit(target.id, target.id, 10);
    expect(notCredit.statusCode).toBe(404);
    expect(messageOf(notCredit)).toBe(INVOICE_TEXTS.creditNoteNotFound);
    // Another company's credit note, even with credit: 404.
    const otherDraft = await t.otherPaidInvoice(100);
    const otherCredit: Invoice = (await api(otherAdmin, "POST", `/api/invoices/${otherDraft.id}/cancel`)).json();
    expect(otherCredit.credit?.available).toBe(100);
    const stolen = await payWithCredit(target.id, otherCredit.id, 10);
    expect(stolen.statusCode).toBe(404);
    expect((await t.get(target.id)).paid_amount).toBe(0);
  });
  it("is left out of the home's « Encaissé »: no money came in (docs/domain/dashboard.md#collected)", async () => {
    const collected = async () => {
      const res = await api(admin, "GET", "/api/dashboard/history");
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { months: { collected: number }[] }).months.at(-1)?.collected ?? 0;
    };
    const clientId = await newClient();
    const before = await collected();
    const creditNote = await creditOf(clientId, 100);
    expect(await collected()).toBeCloseTo(before + 100, 2);
    const target = await invoiceWith(clientId);
    expect((await payWithCredit(target.id, creditNote.id, 60)).statusCode).toBe(201);
    expect(await collected()).toBeCloseTo(before + 100, 2);
  });
});

describe("refunds on a credit note (POST …/refunds)", () => {
  it("refunds later what was kept, up to the credit left (400 beyond), on a credit note only (409)", async () => {
    const clientId = await newClient();
    const invoice = await invoiceWith(clientId, 80);
    const creditNote: Invoice = (await cancel(invoice.id)).json();
    const above = await api(admin, "POST", `/api/invoices/${creditNote.id}/refunds`, refundBody(80.01));
    expect(above.statusCode).toBe(400);
    expect(detailsOf(above)).toEqual([{ path: "amount", message: INVOICE_TEXTS.refundAboveAvailable }]);
    const res = await api(admin, "POST", `/api/invoices/${creditNote.id}/refunds`, refundBody(30));
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as Invoice).credit).toMatchObject({ refunded: 30, available: 50 });
    expect((await balanceOf(clientId)).credit_available).toBe(50);
    const onInvoice = await api(admin, "POST", `/api/invoices/${invoice.id}/refunds`, refundBody(1));
    expect(onInvoice.statusCode).toBe(409);
    expect(messageOf(onInvoice)).toBe(INVOICE_TEXTS.refundOnlyCreditNote);
  });

  it("is the company's (404 to another one) and needs invoices:pay (403)", async () => {
    const clientId = await newClient();
    const creditNote: Invoice = (await cancel((await invoiceWith(clientId, 10)).id)).json();
    const url = `/api/invoices/${creditNote.id}/refunds`;
    expect((await api(otherAdmin, "POST", url, refundBody(1))).statusCode).toBe(404);
    expect((await api(chef, "POST", url, refundBody(1))).statusCode).toBe(403);
    expect((await api(viewer, "POST", url, refundBody(1))).statusCode).toBe(403);
    expect((await t.get(creditNote.id)).credit?.refunded).toBe(0);
  });
});

describe("the client's balance (GET /api/invoices/balance/:clientId)", () => {
  it("is read with invoices:view, 404 for another company's client, 403 without the permission", async () => {
    const clientId = await newClient();
    await invoiceWith(clientId, 60);
    expect(await balanceOf(clientId, viewer)).toMatchObject({
      invoices_due: 300,
      credit_available: 0,
      balance_due: 300,
    });
    const foreign = await api(admin, "GET", `/api/invoices/balance/${t.otherClientId}`);
    expect(foreign.statusCode).toBe(404);
    expect(messageOf(foreign)).toBe(INVOICE_TEXTS.clientNotFound);
    expect((await api(otherAdmin, "GET", `/api/invoices/balance/${clientId}`)).statusCode).toBe(404);
    expect((await api(compagnon, "GET", `/api/invoices/balance/${clientId}`)).statusCode).toBe(403);
  });

  it("goes below 0 when the credit exceeds what is due (the company owes the client)", async () => {
    const clientId = await newClient();
    await cancel((await invoiceWith(clientId, 360)).id);
    const due = await invoiceWith(clientId, 300);
    expect(due.balance_due).toBe(60);
    expect(await balanceOf(clientId)).toMatchObject({ invoices_due: 60, credit_available: 360, balance_due: -300 });
  });
});
