import { bearer, createTestCompany, login, setupApp } from "@server/test/helpers";
import { INVOICE_TEXTS } from "@shared/invoices";
import { QUOTE_TEXTS } from "@shared/quotes";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * Issue 31 (docs/decisions/0020-vat-rates.md): wherever a VAT rate is written — quote lines, invoice
 * lines, library items, quote templates — it is one in force (20, 10, 5,5, 2,1, 0) or one the company
 * added in its settings; any other is refused by the server, 400 naming the allowed rates. Documents
 * stored with another rate stay readable.
 */

const { app, db } = await setupApp();
type Method = "GET" | "POST" | "PUT";
const api = (token: string, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

let admin: string;
let otherAdmin: string;
let companyId: string;
let clientId: string;
let otherClientId: string;

const IN_FORCE = [20, 10, 5.5, 2.1, 0];
const NOT_ALLOWED = "Taux de TVA non autorisé\u00a0: choisissez 20, 10, 5,5, 2,1 ou 0\u00a0%";
const line = (tax_rate: number | string) => ({ name: "Pose", quantity: 1, unit: "forfait", unit_price: 100, tax_rate });
const lines = (tax_rate: number | string) => [{ kind: "section", name: "Lot 1" }, line(20), line(tax_rate)];

/** Every place a rate is written, as (create, update of what was created) requests for `token`. */
function writers(token: string, client: () => string) {
  return {
    "a quote": {
      create: (rate: number | string) =>
        api(token, "POST", "/api/quotes", {
          name: "Devis",
          client_id: client(),
          date: "2026-11-20",
          items: lines(rate),
        }),
      update: (id: string, rate: number | string) =>
        api(token, "PUT", `/api/quotes/${id}`, {
          name: "Devis",
          client_id: client(),
          status: "en cours de redaction",
          date: "2026-11-20",
          valid_until: "2026-12-20",
          notes: null,
          terms: null,
          discount_percentage: 0,
          discount_amount: 0,
          items: lines(rate),
        }),
      path: "items.2.tax_rate",
    },
    "an invoice": {
      create: (rate: number | string) =>
        api(token, "POST", "/api/invoices", { client_id: client(), name: "Facture", items: lines(rate) }),
      update: (id: string, rate: number | string) =>
        api(token, "PUT", `/api/invoices/${id}`, {
          name: "Facture",
          date: "2026-11-20",
          due_date: null,
          work_date: null,
          payment_method: null,
          notes: null,
          terms: null,
          legal_mentions: null,
          reverse_charge: false,
          discount_percentage: 0,
          discount_amount: 0,
          items: lines(rate),
        }),
      path: "items.2.tax_rate",
    },
    "a library item": {
      create: (rate: number | string) =>
        api(token, "POST", "/api/library/items", { ...article(rate), name: `Article ${Math.random()}` }),
      update: (id: string, rate: number | string) =>
        api(token, "PUT", `/api/library/items/${id}`, { ...article(rate), name: `Article ${id}` }),
      path: "tax_rate",
    },
    "a quote template": {
      create: (rate: number | string) =>
        api(token, "POST", "/api/quote-templates", { name: "Modèle", items: lines(rate) }),
      update: (id: string, rate: number | string) =>
        api(token, "PUT", `/api/quote-templates/${id}`, {
          name: "Modèle",
          description: null,
          items: lines(rate),
          discount_percentage: 0,
          terms: null,
        }),
      path: "items.2.tax_rate",
    },
  };
}
const article = (tax_rate: number | string) => ({
  kind: "article",
  unit: "m²",
  unit_price: 10,
  cost_price: 5,
  tax_rate,
  category: "fourniture",
});

beforeAll(async () => {
  const company = await createTestCompany(db, "TVA SARL");
  const other = await createTestCompany(db, "Autre TVA SARL");
  companyId = company.id;
  admin = (await login(app, company.emails.admin)).token;
  otherAdmin = (await login(app, other.emails.admin)).token;
  clientId = (await api(admin, "POST", "/api/clients", { name: "Famille Durand", phone: "0600000001" })).json().id;
  otherClientId = (await api(otherAdmin, "POST", "/api/clients", { name: "Famille Roux", phone: "0600000002" })).json()
    .id;
});

describe("VAT rates written (issue 31)", () => {
  const mine = writers("", () => clientId);
  for (const [what, { path }] of Object.entries(mine)) {
    it(`${what}: a rate in force is taken; 33, 7,77 or 100 % is refused, naming the allowed rates, created or updated`, async () => {
      const w = writers(admin, () => clientId)[what as keyof typeof mine];
      const created = await w.create(5.5);
      expect(created.statusCode, created.body).toBe(201);
      const id: string = created.json().id;
      for (const rate of IN_FORCE) {
        const updated = await w.update(id, rate);
        expect(updated.statusCode, `${rate} ${updated.body}`).toBe(200);
      }
      for (const rate of [33, 7.77, 100, "19.6"]) {
        for (const res of [await w.create(rate), await w.update(id, rate)]) {
          expect(res.statusCode, `${rate} ${res.body}`).toBe(400);
          expect(res.json().error).toBe(NOT_ALLOWED);
          expect(res.json().details).toEqual([{ path, message: NOT_ALLOWED }]);
        }
      }
    });
  }

  it("a rate the company added in « Paramètres » is taken by all of them, for that company only", async () => {
    const set = await api(admin, "PUT", "/api/company/settings", {
      quote_validity_days: 30,
      terms_and_conditions: null,
      extra_tax_rates: [8.5],
    });
    expect(set.statusCode, set.body).toBe(200);
    try {
      for (const w of Object.values(writers(admin, () => clientId))) {
        const created = await w.create(8.5);
        expect(created.statusCode, created.body).toBe(201);
        expect((await w.update(created.json().id, "8.50")).statusCode).toBe(200);
        const refused = await w.create(13);
        expect(refused.json().error).toBe(QUOTE_TEXTS.taxRateNotAllowed([20, 10, 8.5, 5.5, 2.1, 0]));
        expect(refused.json().error).toBe(
          "Taux de TVA non autorisé\u00a0: choisissez 20, 10, 8,5, 5,5, 2,1 ou 0\u00a0%",
        );
      }
      for (const w of Object.values(writers(otherAdmin, () => otherClientId))) {
        const res = await w.create(8.5);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe(NOT_ALLOWED);
      }
    } finally {
      await api(admin, "PUT", "/api/company/settings", {
        quote_validity_days: 30,
        terms_and_conditions: null,
        extra_tax_rates: [],
      });
    }
  });

  it("a library CSV import reports a row at another rate, and adds the others", async () => {
    const csv = "Nom;Prix de vente HT;TVA\nCarrelage;10;20\nPlinthe;5;19,6\nColle;3;5,5";
    const res = await api(admin, "POST", "/api/library/import", { csv, commit: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      created: 2,
      errors: [{ line: 3, name: "Plinthe", messages: [NOT_ALLOWED] }],
    });
  });

  it("documents stored with another rate stay readable (nothing migrated away), and are corrected when next written", async () => {
    const quote = (await writers(admin, () => clientId)["a quote"].create(20)).json();
    const invoice = (await writers(admin, () => clientId)["an invoice"].create(20)).json();
    await db.run({ companyId }, async (tx) => {
      await tx.execute(sql`UPDATE quote_items SET tax_rate = 33 WHERE quote_id = ${quote.id} AND position = 3`);
      await tx.execute(sql`UPDATE invoice_items SET tax_rate = 33 WHERE invoice_id = ${invoice.id} AND position = 3`);
    });
    const readQuote = await api(admin, "GET", `/api/quotes/${quote.id}`);
    expect(readQuote.statusCode).toBe(200);
    expect(readQuote.json().items.map((i: { tax_rate: number }) => i.tax_rate)).toContain(33);
    const readInvoice = await api(admin, "GET", `/api/invoices/${invoice.id}`);
    expect(readInvoice.statusCode).toBe(200);
    expect(readInvoice.json().items.map((i: { tax_rate: number }) => i.tax_rate)).toContain(33);
    expect((await api(admin, "GET", `/api/quotes/${quote.id}/pdf`)).statusCode).toBe(200);
    // Saved again as it is, refused until the rate is one of the list.
    expect((await writers(admin, () => clientId)["a quote"].update(quote.id, 33)).statusCode).toBe(400);
    expect((await writers(admin, () => clientId)["a quote"].update(quote.id, 20)).statusCode).toBe(200);
    // The draft invoice is not issued at 33 % (409, nothing numbered) until its line is corrected.
    const refused = await api(admin, "POST", `/api/invoices/${invoice.id}/issue`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(INVOICE_TEXTS.issueTaxRateNotAllowed("20, 10, 5,5, 2,1 ou 0"));
    expect((await api(admin, "GET", `/api/invoices/${invoice.id}`)).json()).toMatchObject({ status: "draft" });
    expect((await writers(admin, () => clientId)["an invoice"].update(invoice.id, 10)).statusCode).toBe(200);
    const issued = await api(admin, "POST", `/api/invoices/${invoice.id}/issue`);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().reference).toMatch(/^FAC-/);
  });
});
