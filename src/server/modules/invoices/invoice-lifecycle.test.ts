import { createTestCompany, login } from "@server/test/helpers";
import { addDays, dayNumber, parisToday } from "@shared/dates";
import { INVOICE_TEXTS, type Invoice } from "@shared/invoices";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoiceBody, LINES, setupInvoicesTest } from "./invoices.fixtures";

/** Issue and numbering, payments, cancellation by a credit note (docs/domain/invoices.md#lifecycle). */

const t = await setupInvoicesTest();
const { api, admin, clientId, businessId } = t;
const today = parisToday();
const year = today.slice(0, 4);
const messageOf = (res: { json: () => unknown }) => (res.json() as { message: string }).message;
const detailsOf = (res: { json: () => unknown }) =>
  (res.json() as { details?: { message: string }[] }).details?.map((d) => d.message) ?? [];
/** 300 HT at 20 % = 360 TTC. */
const simple = (extra: object = {}) => t.createInvoice(admin, { discount_percentage: 0, items: [LINES[1]], ...extra });
const pay = (id: string, payload: object) => api(admin, "POST", `/api/invoices/${id}/payments`, payload);

describe("issuing (« Marquer comme envoyée »)", () => {
  it("gives the next FAC-YYYY-NNNN, today's date, the due date moved by its term, and freezes it", async () => {
    const draft = await t.createInvoice(admin, { client_id: businessId, date: "2026-01-10", due_date: "2026-01-25" });
    const invoice = await t.issue(draft.id);
    expect(invoice.reference).toBe(`FAC-${year}-0001`);
    expect(invoice).toMatchObject({ status: "sent", date: today, due_date: addDays(today, 15), total: draft.total });
    expect(invoice.issued_at).not.toBeNull();
    expect(invoice.items).toEqual(draft.items);

    const second = await t.issue((await t.createInvoice()).id);
    expect(second.reference).toBe(`FAC-${year}-0002`);
    expect(second.due_date).toBe(addDays(today, 30));

    // The client's and the company's identity are frozen: a later change does not reach it.
    const renamed = await api(admin, "PUT", `/api/clients/${businessId}`, {
      type: "professionnel",
      name: "SARL Bâtir Rebaptisée",
      company_name: "SARL Bâtir Rebaptisée",
      siret: "73282932000074",
      email: "contact@batir.fr",
      phone: null,
      address: "1 place Bellecour",
      postal_code: "69002",
      city: "Lyon",
      notes: null,
      is_active: true,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await t.db.run("platform", (tx) =>
      tx.execute(sql`UPDATE companies SET name = 'Nouveau nom SARL' WHERE id = ${t.company.id}`),
    );
    const frozen = await t.get(invoice.id);
    expect(frozen.client).toMatchObject({ name: "SARL Bâtir", address: "5 quai Perrache", siren: "732829320" });
    expect(frozen.client_name).toBe("SARL Bâtir");
    const seller = await t.db.run("platform", (tx) =>
      tx.execute<{ seller: { name: string } }>(
        sql`SELECT seller_snapshot AS seller FROM invoices WHERE id = ${invoice.id}`,
      ),
    );
    expect(seller.rows[0]?.seller.name).toMatch(/^Factures SARL/);
    // A draft shows the client as it is now.
    const newDraft = await t.createInvoice(admin, { client_id: businessId });
    expect(newDraft.client.name).toBe("SARL Bâtir Rebaptisée");
  });

  it("is refused twice (409), also through PATCH …/status", async () => {
    const invoice = await t.issue((await simple()).id);
    for (const res of [
      await api(admin, "POST", `/api/invoices/${invoice.id}/issue`),
      await api(admin, "PATCH", `/api/invoices/${invoice.id}/status`, { status: "sent" }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(messageOf(res)).toBe(INVOICE_TEXTS.alreadyIssued);
    }
    expect((await t.get(invoice.id)).reference).toBe(invoice.reference);
  });

  it("PATCH …/status sent issues a draft", async () => {
    const draft = await simple();
    const res = await api(admin, "PATCH", `/api/invoices/${draft.id}/status`, { status: "sent" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "sent", reference: expect.stringMatching(/^FAC-\d{4}-\d{4}$/) });
  });

  it("numbers 200 concurrent issues of one company without gap or duplicate", async () => {
    const company = await createTestCompany(t.db, "Numérotation SARL");
    const token = (await login(t.app, company.emails.admin)).token;
    const client = (
      await api(token, "POST", "/api/clients", { name: "Client pressé", email: "presse@exemple.fr" })
    ).json().id as string;
    const drafts = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const res = await api(token, "POST", "/api/invoices", {
          client_id: client,
          name: `Facture ${i}`,
          items: [{ name: "Prestation", quantity: 1, unit: "forfait", unit_price: 100 + i, tax_rate: 20 }],
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().id as string;
      }),
    );
    const issued = await Promise.all(drafts.map((id) => api(token, "POST", `/api/invoices/${id}/issue`)));
    expect(issued.map((res) => res.statusCode)).toEqual(drafts.map(() => 200));
    const references = issued.map((res) => res.json().reference as string).sort();
    expect(references).toEqual(Array.from({ length: 200 }, (_, i) => `FAC-${year}-${String(i + 1).padStart(4, "0")}`));
    // 400 requests, each issue checked by the EN 16931 rules: 14 s alone on the 2-core machine, past the
    // 30 s of vitest.config.ts when the machine is shared (as company.test.ts's heavy test).
  }, 120_000);
});

describe("payments (beyond the spec)", () => {
  it("partial payments leave a balance; the one that covers the total makes it paid on its date", async () => {
    const invoice = await t.issue((await simple()).id);
    const first = await pay(invoice.id, { date: "2026-02-01", amount: 100, method: "check", reference: "CHQ 123" });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: "sent", paid_amount: 100, balance_due: 260, payment_date: null });
    const second = await pay(invoice.id, { date: "2026-02-15", amount: 260, method: "bank_transfer" });
    const paid: Invoice = second.json();
    expect(paid).toMatchObject({ status: "paid", paid_amount: 360, balance_due: 0, payment_date: "2026-02-15" });
    expect(paid.payments.map((p) => [p.date, p.amount, p.method, p.reference, p.created_by_name])).toEqual([
      ["2026-02-01", 100, "check", "CHQ 123", "Test admin"],
      ["2026-02-15", 260, "bank_transfer", null, "Test admin"],
    ]);
    // Removing a payment puts it back to « Envoyée ».
    const removed = await api(admin, "DELETE", `/api/invoices/${invoice.id}/payments/${paid.payments[1]?.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ status: "sent", paid_amount: 100, balance_due: 260, payment_date: null });
    const unknown = await api(admin, "DELETE", `/api/invoices/${invoice.id}/payments/${paid.payments[1]?.id}`);
    expect(unknown.statusCode).toBe(404);
    expect(messageOf(unknown)).toBe(INVOICE_TEXTS.paymentNotFound);
  });

  it("refuses a payment above the balance (400) and invalid payments", async () => {
    const invoice = await t.issue((await simple()).id);
    const above = await pay(invoice.id, { date: today, amount: 360.01, method: "cash" });
    expect(above.statusCode).toBe(400);
    expect(messageOf(above)).toBe(INVOICE_TEXTS.paymentAboveBalance);
    const cases: [object, string][] = [
      [{ amount: 0, method: "cash", date: today }, INVOICE_TEXTS.paymentAmountPositive],
      [{ amount: 10, method: "bitcoin", date: today }, INVOICE_TEXTS.paymentMethodInvalid],
      [{ amount: 10, method: "cash" }, INVOICE_TEXTS.paymentDateRequired],
    ];
    for (const [body, message] of cases) {
      const res = await pay(invoice.id, body);
      expect(res.statusCode).toBe(400);
      expect(detailsOf(res)).toContain(message);
    }
    expect((await t.get(invoice.id)).paid_amount).toBe(0);
  });

  it("refuses payments on a draft, a paid invoice, a cancelled one and a credit note (409)", async () => {
    const body = { date: today, amount: 1, method: "cash" };
    const draft = await simple();
    expect(messageOf(await pay(draft.id, body))).toBe(INVOICE_TEXTS.notIssued);
    const paid = await t.issue((await simple()).id);
    await api(admin, "POST", `/api/invoices/${paid.id}/pay`, {});
    expect(messageOf(await pay(paid.id, body))).toBe(INVOICE_TEXTS.nothingToPay);
    const cancelled = await t.issue((await simple()).id);
    const creditNote: Invoice = (await api(admin, "POST", `/api/invoices/${cancelled.id}/cancel`)).json();
    expect(messageOf(await pay(cancelled.id, body))).toBe(INVOICE_TEXTS.cancelledNoPayment);
    expect(messageOf(await pay(creditNote.id, body))).toBe(INVOICE_TEXTS.creditNoteLocked);
    for (const id of [draft.id, paid.id, cancelled.id, creditNote.id]) {
      expect((await pay(id, body)).statusCode).toBe(409);
    }
  });

  it("keeps the payments of a cancelled invoice (409 on removal)", async () => {
    const invoice = await t.issue((await simple()).id);
    const withPayment: Invoice = (await pay(invoice.id, { date: today, amount: 50, method: "cash" })).json();
    await api(admin, "POST", `/api/invoices/${invoice.id}/cancel`);
    const res = await api(admin, "DELETE", `/api/invoices/${invoice.id}/payments/${withPayment.payments[0]?.id}`);
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toBe(INVOICE_TEXTS.cancelledPaymentsLocked);
  });

  it("« Marquer comme payée » records the balance, today, by bank transfer unless said", async () => {
    const invoice = await t.issue((await simple()).id);
    await pay(invoice.id, { date: "2026-03-01", amount: 60, method: "cash" });
    const res = await api(admin, "POST", `/api/invoices/${invoice.id}/pay`, {});
    expect(res.statusCode, res.body).toBe(200);
    const paid: Invoice = res.json();
    expect(paid).toMatchObject({ status: "paid", paid_amount: 360, balance_due: 0, payment_date: today });
    expect(paid.payments.at(-1)).toMatchObject({ date: today, amount: 300, method: "bank_transfer" });
    const again = await api(admin, "POST", `/api/invoices/${invoice.id}/pay`, {});
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(INVOICE_TEXTS.nothingToPay);

    const other = await t.issue((await simple()).id);
    const patched = await api(admin, "PATCH", `/api/invoices/${other.id}/status`, {
      status: "paid",
      payment_date: "2026-04-02",
      payment_method: "check",
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ status: "paid", payment_date: "2026-04-02" });
    expect((patched.json() as Invoice).payments[0]).toMatchObject({ amount: 360, method: "check" });
  });

  it("an overdue invoice is paid the same way and is no longer late", async () => {
    const late = await t.issueOn("2026-01-06", (await simple()).id);
    const overdue = await t.get(late.id);
    expect(overdue).toMatchObject({ overdue: true, due_date: "2026-02-05" });
    expect(overdue.days_late).toBe(dayNumber(today) - dayNumber("2026-02-05"));
    const res = await api(admin, "POST", `/api/invoices/${late.id}/pay`, {});
    expect(res.json()).toMatchObject({ status: "paid", overdue: false, days_late: 0 });
  });
});

describe("cancelling (a credit note, design §5.5)", () => {
  it("creates an issued credit note AV-YYYY-NNNN with the invoice's lines and amounts, linked both ways", async () => {
    const invoice = await t.issue((await t.createInvoice(admin, { client_id: clientId })).id);
    await pay(invoice.id, { date: today, amount: 50, method: "cash" });
    const res = await api(admin, "POST", `/api/invoices/${invoice.id}/cancel`);
    expect(res.statusCode, res.body).toBe(201);
    const creditNote: Invoice = res.json();
    expect(creditNote.reference).toMatch(new RegExp(`^AV-${year}-\\d{4}$`));
    expect(creditNote).toMatchObject({
      kind: "credit_note",
      status: "sent",
      overdue: false,
      date: today,
      due_date: null,
      client_id: invoice.client_id,
      subtotal: invoice.subtotal,
      discount: invoice.discount,
      tax_amount: invoice.tax_amount,
      total: invoice.total,
      vat_breakdown: invoice.vat_breakdown,
      credited_invoice: { id: invoice.id, reference: invoice.reference, name: invoice.name },
      credit_note: null,
    });
    const strip = (items: Invoice["items"]) => items.map(({ id: _id, ...rest }) => rest);
    expect(strip(creditNote.items)).toEqual(strip(invoice.items));
    const cancelled = await t.get(invoice.id);
    expect(cancelled).toMatchObject({
      status: "cancelled",
      reference: invoice.reference,
      total: invoice.total,
      credit_note: { id: creditNote.id, reference: creditNote.reference },
    });
    const first = await api(admin, "GET", `/api/invoices?search=${creditNote.reference}`);
    expect(first.json().invoices.map((i: Invoice) => i.kind)).toEqual(["credit_note"]);
  });

  it("numbers credit notes apart from invoices", async () => {
    const a = (await api(admin, "POST", `/api/invoices/${(await t.issue((await simple()).id)).id}/cancel`)).json();
    const b = (await api(admin, "POST", `/api/invoices/${(await t.issue((await simple()).id)).id}/cancel`)).json();
    const n = (ref: string) => Number(ref.slice(-4));
    expect(n(b.reference)).toBe(n(a.reference) + 1);
  });

  // A paid invoice is cancelled too since ADR 0030 (its money refunded or kept as credit):
  // invoice-refund-credit.test.ts.
  it("refuses a draft (delete it), a cancelled one, and a credit note (409)", async () => {
    const draft = await simple();
    const cancelled = await t.issue((await simple()).id);
    const creditNote: Invoice = (await api(admin, "POST", `/api/invoices/${cancelled.id}/cancel`)).json();
    const cases: [string, string][] = [
      [draft.id, INVOICE_TEXTS.draftCannotCancel],
      [cancelled.id, INVOICE_TEXTS.alreadyCancelled],
      [creditNote.id, INVOICE_TEXTS.creditNoteLocked],
    ];
    for (const [id, message] of cases) {
      for (const res of [
        await api(admin, "POST", `/api/invoices/${id}/cancel`),
        await api(admin, "PATCH", `/api/invoices/${id}/status`, { status: "cancelled" }),
      ]) {
        expect(res.statusCode).toBe(409);
        expect(messageOf(res)).toBe(message);
      }
    }
    // A credit note is never edited, deleted nor issued again.
    const put = await api(admin, "PUT", `/api/invoices/${creditNote.id}`, invoiceBody(creditNote));
    expect(messageOf(put)).toBe(INVOICE_TEXTS.creditNoteLocked);
    const del = await api(admin, "DELETE", `/api/invoices/${creditNote.id}`);
    expect(messageOf(del)).toBe(INVOICE_TEXTS.creditNoteLocked);
    expect((await api(admin, "POST", `/api/invoices/${creditNote.id}/issue`)).statusCode).toBe(409);
  });

  it("PATCH …/status cancelled answers the cancelled invoice with its credit note; an overdue one cancels too", async () => {
    const late = await t.issueOn("2026-01-06", (await simple()).id);
    const res = await api(admin, "PATCH", `/api/invoices/${late.id}/status`, { status: "cancelled" });
    expect(res.statusCode, res.body).toBe(200);
    const cancelled: Invoice = res.json();
    expect(cancelled).toMatchObject({ id: late.id, status: "cancelled", overdue: false });
    expect(cancelled.credit_note?.reference).toMatch(/^AV-/);
  });
});
