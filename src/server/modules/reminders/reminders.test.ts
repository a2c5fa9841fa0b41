import { addDays, parisToday } from "@shared/dates";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupInvoicesTest } from "../invoices/invoices.fixtures";

const { db, api, admin, compagnon, norole, viewer, otherAdmin, createInvoice, createQuote, issue, issueOn } =
  await setupInvoicesTest();

const today = parisToday();
const settings = { quote_validity_days: 30, terms_and_conditions: null };
const mail = { to: ["martin@ex.fr"], cc: [], subject: "Relance", body: "Bonjour" };

/** A quote of the company in `status`, valid a month, sent `daysAgo` days ago (its sent_at set back). */
async function sentQuote(name: string, daysAgo: number, extra: object = {}) {
  const quote = await createQuote({
    name,
    status: "envoye au client",
    date: today,
    valid_until: addDays(today, 30),
    ...extra,
  });
  await db.run("platform", (tx) =>
    tx.execute(sql`UPDATE quotes SET sent_at = now() - make_interval(days => ${daysAgo}) WHERE id = ${quote.id}`),
  );
  return quote;
}

const reminders = async (token = admin) => {
  const res = await api(token, "GET", "/api/reminders");
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    after_days: number;
    quotes: {
      id: string;
      name: string;
      days: number;
      last_reminded_at: string | null;
      client_name: string;
      total: number;
    }[];
    invoices: { id: string; remaining: number; days_late: number; due_date: string; last_reminded_at: string | null }[];
  };
};
const names = (list: { name: string }[]) => list.map((q) => q.name);

const old = await sentQuote("Envoyé il y a 10 jours", 10);
await sentQuote("Envoyé il y a 3 jours", 3);
await sentQuote("Expiré", 20, { date: addDays(today, -40), valid_until: addDays(today, -1) });
await sentQuote("Validé", 20, { status: "valide" });
await createQuote({ name: "Brouillon", status: "en cours de redaction", date: today });
const lateInvoice = await issueOn(addDays(today, -40), (await createInvoice(admin, { date: addDays(today, -40) })).id);
const onTime = await issue((await createInvoice()).id);

describe("GET /api/reminders", () => {
  it("lists the quotes sent N days ago or more without answer (N = 7 by default) and the late invoices", async () => {
    const list = await reminders();
    expect(list.after_days).toBe(7);
    expect(names(list.quotes)).toEqual(["Envoyé il y a 10 jours"]);
    expect(list.quotes[0]).toMatchObject({ id: old.id, days: 10, client_name: "Famille Martin", total: old.total });
    expect(list.quotes[0]?.last_reminded_at).toBeNull();
    expect(list.invoices.map((i) => i.id)).toEqual([lateInvoice.id]);
    expect(list.invoices[0]).toMatchObject({
      remaining: lateInvoice.total,
      due_date: lateInvoice.due_date,
      days_late: 10,
    });
    expect(list.invoices.map((i) => i.id)).not.toContain(onTime.id);
  });

  it("reads N from the company's setting", async () => {
    expect((await api(admin, "PUT", "/api/company/settings", { ...settings, reminder_after_days: 3 })).statusCode).toBe(
      200,
    );
    const list = await reminders();
    expect(list.after_days).toBe(3);
    expect(names(list.quotes)).toEqual(["Envoyé il y a 10 jours", "Envoyé il y a 3 jours"]);
    expect((await api(admin, "PUT", "/api/company/settings", { ...settings, reminder_after_days: 7 })).statusCode).toBe(
      200,
    );
  });

  it("leaves out a document reminded less than N days ago, and dates the last reminder", async () => {
    const quote = await sentQuote("Relancé", 12);
    const invoice = await issueOn(addDays(today, -50), (await createInvoice(admin, { date: addDays(today, -50) })).id);
    expect((await api(admin, "POST", `/api/quotes/${quote.id}/remind`, mail)).statusCode).toBe(201);
    expect((await api(admin, "POST", `/api/invoices/${invoice.id}/remind`, mail)).statusCode).toBe(201);
    let list = await reminders();
    expect(names(list.quotes)).not.toContain("Relancé");
    expect(list.invoices.map((i) => i.id)).not.toContain(invoice.id);

    await db.run("platform", (tx) =>
      tx.execute(sql`UPDATE outbox_messages SET created_at = now() - interval '8 days'
                     WHERE document_id IN (${quote.id}, ${invoice.id})`),
    );
    list = await reminders();
    const reminded = list.quotes.find((q) => q.id === quote.id);
    expect(reminded?.last_reminded_at).not.toBeNull();
    expect(list.invoices.find((i) => i.id === invoice.id)?.last_reminded_at).not.toBeNull();
  });

  it("gives each list only with its permission; 403 with neither", async () => {
    const quotesOnly = await reminders(compagnon);
    expect(quotesOnly.quotes.length).toBeGreaterThan(0);
    expect(quotesOnly.invoices).toEqual([]);
    const invoicesOnly = await reminders(viewer);
    expect(invoicesOnly.quotes).toEqual([]);
    expect(invoicesOnly.invoices.length).toBeGreaterThan(0);
    const neither = await api(norole, "GET", "/api/reminders");
    expect(neither.statusCode).toBe(403);
    expect(neither.json().code).toBe("FORBIDDEN");
  });

  it("shows nothing of another company", async () => {
    const list = await reminders(otherAdmin);
    expect(list).toMatchObject({ quotes: [], invoices: [] });
  });
});
