import { COMPANY_TEXTS } from "@shared/company";
import { INVOICE_TEXTS } from "@shared/invoices";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { validateCii } from "./facturx/validate";
import { invoiceBody, setupInvoicesTest } from "./invoices.fixtures";

/**
 * The mentions of the 2026 e-invoicing reform over HTTP (docs/domain/invoices.md#mentions-of-the-reform,
 * ADR 0034): the category of the operation (a draft's, frozen at issue), the client's VAT number and the
 * worksite's address frozen with the client, the option on debits of the commercial settings.
 */

const t = await setupInvoicesTest();
const { api, admin, db, company } = t;

const put = (id: string, body: object) => api(admin, "PUT", `/api/invoices/${id}`, body);
const xmlOf = async (id: string) => {
  const res = await api(admin, "GET", `/api/invoices/${id}/xml`);
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

describe("the category of the operation", () => {
  it("is services by default; POST and PUT choose it, a PUT without it keeps it, null goes back to the default", async () => {
    const draft = await t.createInvoice();
    expect(draft.operation_category).toBe("services");
    const goods = await t.createInvoice(admin, { operation_category: "goods" });
    expect(goods.operation_category).toBe("goods");

    let res = await put(draft.id, invoiceBody(draft, { operation_category: "both" }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().operation_category).toBe("both");
    // Left out (a client written to the spec): kept.
    res = await put(draft.id, invoiceBody(res.json()));
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.get(draft.id)).operation_category).toBe("both");
    res = await put(draft.id, invoiceBody(draft, { operation_category: null }));
    expect(res.json().operation_category).toBe("services");
  });

  it("refuses an unknown category with a French 400, on POST and PUT", async () => {
    const draft = await t.createInvoice();
    const res = await put(draft.id, invoiceBody(draft, { operation_category: "travaux" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { path: "operation_category", message: INVOICE_TEXTS.operationCategoryInvalid },
    ]);
    const post = await api(admin, "POST", "/api/invoices", {
      client_id: t.clientId,
      name: "Fourniture",
      items: [],
      operation_category: 3,
    });
    expect(post.statusCode).toBe(400);
    expect(post.json().details[0].message).toBe(INVOICE_TEXTS.operationCategoryInvalid);
  });

  it("is frozen at issue, printed in the XML (BT-23 and its note); an issued invoice is never changed", async () => {
    const draft = await t.createInvoice(admin, { operation_category: "goods" });
    const issued = await t.issue(draft.id);
    expect(issued.operation_category).toBe("goods");
    const xml = await xmlOf(issued.id);
    expect(xml).toContain("<ram:ID>B1</ram:ID>");
    expect(xml).toContain("<ram:Content>Opération\u00a0: Livraison de biens</ram:Content>");
    expect(validateCii(xml).fatal).toEqual([]);
    expect((await put(issued.id, invoiceBody(issued, { operation_category: "services" }))).statusCode).toBe(409);
    // The database refuses it too (invoices_keep_issued).
    await expect(
      db.run({ companyId: company.id }, (tx) =>
        tx.execute(sql`UPDATE invoices SET operation_category = 'services' WHERE id = ${issued.id}`),
      ),
    ).rejects.toThrow();
    expect((await t.get(issued.id)).operation_category).toBe("goods");
  });
});

describe("the client's VAT number and the worksite's address, frozen with the client", () => {
  it("a business's reverse-charge invoice of a quote's worksite: BT-48 and BG-13/BG-15, kept after the client changes", async () => {
    await db.run("platform", (tx) =>
      tx.execute(sql`UPDATE clients SET vat_number = 'FR44732829320' WHERE id = ${t.businessId}`),
    );
    const quote = await t.createQuote({
      client_id: t.businessId,
      worksite: { label: "Entrepôt", address: "12 chemin des Vignes", postal_code: "69620", city: "Oingt" },
    });
    const draft = await t.createInvoice(admin, {
      client_id: t.businessId,
      quote_id: quote.id,
      reverse_charge: true,
      discount_percentage: 0,
    });
    expect(draft.client.vat_number).toBe("FR44732829320");
    expect(draft.worksite_address).toBe("12 chemin des Vignes, 69620 Oingt");
    const issued = await t.issue(draft.id);
    await db.run("platform", (tx) =>
      tx.execute(sql`UPDATE clients SET vat_number = NULL, address = '1 rue Nouvelle' WHERE id = ${t.businessId}`),
    );
    const read = await t.get(issued.id);
    expect(read.client.vat_number).toBe("FR44732829320");
    expect(read.worksite_address).toBe("12 chemin des Vignes, 69620 Oingt");
    const xml = await xmlOf(issued.id);
    expect(xml).toMatch(/<ram:BuyerTradeParty>[\s\S]*<ram:ID schemeID="VA">FR44732829320<\/ram:ID>/);
    expect(xml).toMatch(
      /<ram:ShipToTradeParty>\s*<ram:PostalTradeAddress>\s*<ram:LineOne>12 chemin des Vignes, 69620 Oingt<\/ram:LineOne>/,
    );
    expect(validateCii(xml).fatal).toEqual([]);
    // A private client's invoice, without worksite: neither.
    const plain = await t.get((await t.issue((await t.createInvoice()).id)).id);
    expect(plain.client.vat_number).toBeNull();
    expect(plain.worksite_address).toBeNull();
  });
});

describe("the option on debits", () => {
  const settings = () => api(admin, "GET", "/api/company/settings");

  it("is a commercial setting (false by default, optional on PUT), frozen in an issued invoice's seller: BT-8 « 5 »", async () => {
    const before = (await settings()).json();
    expect(before.vat_on_debits).toBe(false);
    const body = { quote_validity_days: before.quote_validity_days, terms_and_conditions: before.terms_and_conditions };
    let res = await api(admin, "PUT", "/api/company/settings", { ...body, vat_on_debits: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().vat_on_debits).toBe(true);
    // Left out: kept.
    res = await api(admin, "PUT", "/api/company/settings", body);
    expect(res.json().vat_on_debits).toBe(true);
    res = await api(admin, "PUT", "/api/company/settings", { ...body, vat_on_debits: "oui" });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: "vat_on_debits", message: COMPANY_TEXTS.vatOnDebitsInvalid }]);

    const issued = await t.issue((await t.createInvoice()).id);
    await api(admin, "PUT", "/api/company/settings", { ...body, vat_on_debits: false });
    const xml = await xmlOf(issued.id);
    expect(xml).toContain("<ram:Content>Option pour le paiement de la taxe d’après les débits</ram:Content>");
    expect(xml).toContain("<ram:DueDateTypeCode>5</ram:DueDateTypeCode>");
    expect(xml).not.toContain("<ram:DueDateTypeCode>72</ram:DueDateTypeCode>");
    expect(validateCii(xml).fatal).toEqual([]);
    // Issued after the option was dropped: the VAT is due on payment again.
    const later = await t.issue((await t.createInvoice()).id);
    expect(await xmlOf(later.id)).toContain("<ram:DueDateTypeCode>72</ram:DueDateTypeCode>");
  });
});
