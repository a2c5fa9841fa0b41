import { randomUUID } from "node:crypto";
import { buildApp } from "@server/app";
import { bearer, foldOracle, TEST_JWT_SECRET } from "@server/test/helpers";
import { png, VALID_PNG } from "@server/test/images";
import { fold, type SortKey, sortRows } from "@server/test/sorting";
import { parisToday } from "@shared/dates";
import {
  INVOICE_DEFAULTS,
  INVOICE_SORT_ORDERS,
  INVOICE_SORTS,
  INVOICE_TEXTS,
  type Invoice,
  type InvoiceList,
  type InvoiceSort,
} from "@shared/invoices";
import { MONEY_TEXTS } from "@shared/money";
import { QUOTE_TEXTS } from "@shared/quotes";
import { sql } from "drizzle-orm";
import { PDFParse } from "pdf-parse";
import { describe, expect, it } from "vitest";
import { invoiceBody, LINES, setupInvoicesTest, sum } from "./invoices.fixtures";

/** Drafts, edits, deletion, validation, the list and its stats, roles and isolation (docs/domain/invoices.md). */

const t = await setupInvoicesTest();
const { api, admin, chef, compagnon, norole, viewer, otherAdmin, clientId, businessId, otherClientId } = t;

const list = async (query = "", token = admin): Promise<InvoiceList> => {
  const res = await api(token, "GET", `/api/invoices${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const messageOf = (res: { json: () => unknown }) => (res.json() as { message: string }).message;
const detailsOf = (res: { json: () => unknown }) =>
  (res.json() as { details?: { path: string; message: string }[] }).details?.map((d) => d.message) ?? [];

async function pdfText(buffer: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(buffer) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, " ");
  } finally {
    await parser.destroy();
  }
}

describe("a draft", () => {
  it("is created with a provisional reference, the server's totals and the defaults", async () => {
    const invoice = await t.createInvoice(admin, { date: "2026-03-10", subtotal: 1, total: 2 });
    expect(invoice.reference).toMatch(/^PROV-[0-9A-F]{10}$/);
    expect(invoice).toMatchObject({
      kind: "invoice",
      status: "draft",
      overdue: false,
      days_late: 0,
      client_id: clientId,
      client_name: "Famille Martin",
      client: { name: "Famille Martin", city: "Lyon", siren: null },
      client_phone: "0612345678",
      date: "2026-03-10",
      due_date: "2026-04-09",
      payment_method: INVOICE_DEFAULTS.paymentMethod,
      legal_mentions: INVOICE_DEFAULTS.legalMentions,
      subtotal: 573.4,
      discount: 57.34,
      tax_amount: 73.61,
      total: 589.67,
      paid_amount: 0,
      balance_due: 589.67,
      issued_at: null,
      created_by_name: "Test admin",
      vat_breakdown: [
        { rate: 20, net: 270, tax: 54 },
        { rate: 10, net: 135, tax: 13.5 },
        { rate: 5.5, net: 111.06, tax: 6.11 },
      ],
      deposits: [],
      payments: [],
      credit_note: null,
      credited_invoice: null,
    });
    expect(invoice.items.map((i) => [i.position, i.kind, i.name, i.subtotal, i.total])).toEqual([
      // A heading carries its section's subtotal HT: every priced line after it (a text does not end it).
      [1, "section", "Salle de bain", 573.4, 0],
      [2, "item", "Dépose carrelage", 300, 360],
      [3, "item", "Pose faïence", 150, 165],
      [4, "text", "Travaux réalisés en site occupé", 0, 0],
      [5, "item", "Isolation", 123.4, 130.19],
    ]);
    // Read back as created.
    expect(await t.get(invoice.id)).toEqual(invoice);
  });

  it("never takes a number of the invoice sequence, each draft its own provisional reference", async () => {
    const a = await t.createInvoice();
    const b = await t.createInvoice();
    expect(a.reference).not.toBe(b.reference);
    expect(a.reference.startsWith("FAC-")).toBe(false);
  });

  it("is edited: name, lines, figures recomputed, dates", async () => {
    const invoice = await t.createInvoice();
    const res = await api(
      admin,
      "PUT",
      `/api/invoices/${invoice.id}`,
      invoiceBody(invoice, {
        name: "  Salle de bain (révisée)  ",
        date: "2026-05-01",
        due_date: "2026-05-16",
        discount_percentage: 0,
        discount_amount: 0,
        items: [{ name: "Forfait", quantity: 1, unit: "forfait", unit_price: 1000, tax_rate: 10 }],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      reference: invoice.reference,
      name: "Salle de bain (révisée)",
      date: "2026-05-01",
      due_date: "2026-05-16",
      subtotal: 1000,
      tax_amount: 100,
      total: 1100,
      vat_breakdown: [{ rate: 10, net: 1000, tax: 100 }],
    });
  });

  it("keeps one discount: a percentage wins over an amount; an amount alone applies", async () => {
    const both = await t.createInvoice(admin, { discount_percentage: 10, discount_amount: 50 });
    expect(both).toMatchObject({ discount_percentage: 10, discount_amount: 0, discount: 57.34 });
    const amount = await t.createInvoice(admin, { discount_percentage: 0, discount_amount: 73.4 });
    expect(amount).toMatchObject({ discount_percentage: 0, discount_amount: 73.4, discount: 73.4, subtotal: 573.4 });
  });

  it("has every priced line at VAT 0 when reverse-charged (autoliquidation)", async () => {
    const invoice = await t.createInvoice(admin, { reverse_charge: true, discount_percentage: 0 });
    expect(invoice).toMatchObject({ reverse_charge: true, tax_amount: 0, total: 573.4 });
    expect(invoice.items.filter((i) => i.kind === "item").every((i) => i.tax_rate === 0)).toBe(true);
    expect(invoice.vat_breakdown).toEqual([{ rate: 0, net: 573.4, tax: 0 }]);
  });

  it("has every priced line at VAT 0 for a company under VAT franchise", async () => {
    await t.db.run("platform", (tx) =>
      tx.execute(sql`UPDATE companies SET vat_franchise = true WHERE id = ${t.company.id}`),
    );
    try {
      const invoice = await t.createInvoice(admin, { discount_percentage: 0 });
      expect(invoice).toMatchObject({ tax_amount: 0, total: 573.4 });
    } finally {
      await t.db.run("platform", (tx) =>
        tx.execute(sql`UPDATE companies SET vat_franchise = false WHERE id = ${t.company.id}`),
      );
    }
  });

  it("is deleted (204), then not found", async () => {
    const invoice = await t.createInvoice();
    expect((await api(admin, "DELETE", `/api/invoices/${invoice.id}`)).statusCode).toBe(204);
    const res = await api(admin, "GET", `/api/invoices/${invoice.id}`);
    expect(res.statusCode).toBe(404);
    expect(messageOf(res)).toBe(INVOICE_TEXTS.notFound);
  });

  it("takes the business client's SIREN, the worksite and the quote named", async () => {
    const quote = await t.createQuote({ client_id: businessId });
    const project = await t.created(admin, "/api/projects", { name: "Chantier Perrache", client_id: businessId });
    const invoice = await t.createInvoice(admin, { client_id: businessId, quote_id: quote.id, project_id: project.id });
    expect(invoice).toMatchObject({
      client: { name: "SARL Bâtir", siren: "732829320" },
      quote: { id: quote.id, reference: quote.reference },
      project: { id: project.id, name: "Chantier Perrache" },
    });
  });
});

describe("validation (spec 3 §5)", () => {
  const post = (payload: object) => api(admin, "POST", "/api/invoices", payload);
  const valid = () => ({ client_id: clientId, name: "Facture", items: [LINES[1]] });

  it("« Veuillez sélectionner un client »", async () => {
    const { client_id: _c, ...withoutClient } = valid();
    for (const body of [withoutClient, { ...valid(), client_id: "" }, { ...valid(), client_id: "abc" }]) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(detailsOf(res)).toContain(INVOICE_TEXTS.clientRequired);
    }
  });

  it("« Veuillez saisir un nom pour la facture » (trimmed)", async () => {
    for (const name of [undefined, "", "   "]) {
      const res = await post({ ...valid(), name });
      expect(res.statusCode).toBe(400);
      expect(detailsOf(res)).toContain(INVOICE_TEXTS.nameRequired);
    }
  });

  it("« Veuillez vérifier les lignes de facturation »", async () => {
    const line = LINES[1] as object;
    for (const bad of [
      { ...line, name: "" },
      { ...line, quantity: 0 },
      { ...line, quantity: -1 },
      { ...line, unit_price: 0 },
      { ...line, unit_price: "abc" },
      { ...line, tax_rate: 120 },
      { ...line, unit: "litre" },
      { ...line, kind: "autre" },
      { kind: "section", name: "" },
    ]) {
      const res = await post({ ...valid(), items: [line, bad] });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(detailsOf(res)).toContain(INVOICE_TEXTS.linesInvalid);
    }
    const none = await post({ ...valid(), items: [{ kind: "text", name: "Rien à facturer" }] });
    expect(detailsOf(none)).toContain(INVOICE_TEXTS.linesRequired);
  });

  it("due date, discounts and payment method", async () => {
    const cases: [object, string][] = [
      [{ date: "2026-05-10", due_date: "2026-05-01" }, INVOICE_TEXTS.dueBeforeDate],
      [{ due_date: "2026-02-30" }, INVOICE_TEXTS.dueDateInvalid],
      [{ discount_percentage: 120 }, INVOICE_TEXTS.discountRange],
      [{ discount_amount: -5 }, INVOICE_TEXTS.discountAmountPositive],
      [{ discount_amount: 100_000 }, INVOICE_TEXTS.discountTooLarge],
      [{ payment_method: "bitcoin" }, INVOICE_TEXTS.paymentMethodInvalid],
    ];
    for (const [changes, message] of cases) {
      const res = await post({ ...valid(), ...changes });
      expect(res.statusCode, JSON.stringify(changes)).toBe(400);
      expect(detailsOf(res)).toContain(message);
    }
  });

  it("the same rules on PUT", async () => {
    const invoice = await t.createInvoice();
    const res = await api(admin, "PUT", `/api/invoices/${invoice.id}`, invoiceBody(invoice, { name: " ", items: [] }));
    expect(res.statusCode).toBe(400);
    expect(detailsOf(res)).toEqual(expect.arrayContaining([INVOICE_TEXTS.nameRequired, INVOICE_TEXTS.linesRequired]));
  });

  it("« Statut non supporté » for any other target of PATCH …/status", async () => {
    const invoice = await t.createInvoice();
    for (const status of ["draft", "overdue", "archived", ""]) {
      const res = await api(admin, "PATCH", `/api/invoices/${invoice.id}/status`, { status });
      expect(res.statusCode).toBe(400);
      expect(detailsOf(res)).toContain(INVOICE_TEXTS.statusUnsupported);
    }
  });

  it("another company's client, quote or worksite is not found (404)", async () => {
    const otherQuote = (
      await t.created(otherAdmin, "/api/quotes", {
        name: "Devis concurrent",
        client_id: otherClientId,
        date: "2026-03-02",
        status: "valide",
        items: [LINES[1]],
      })
    ).id;
    const otherProject = (await t.created(otherAdmin, "/api/projects", { name: "Chantier concurrent" })).id;
    const cases: [object, string][] = [
      [{ client_id: otherClientId }, INVOICE_TEXTS.clientNotFound],
      [{ quote_id: otherQuote }, INVOICE_TEXTS.quoteNotFound],
      [{ project_id: otherProject }, INVOICE_TEXTS.projectNotFound],
    ];
    for (const [changes, message] of cases) {
      const res = await post({ ...valid(), ...changes });
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe(message);
    }
    for (const url of [
      `/api/invoices/from-quote/${otherQuote}`,
      `/api/invoices/deposit/${otherQuote}`,
      `/api/invoices/from-project/${otherProject}`,
    ]) {
      const res = await api(admin, "POST", url, url.includes("deposit") ? { percentage: 30 } : undefined);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it("a quote that is not validated cannot be invoiced (409, spec 2 §8)", async () => {
    const draft = await t.createQuote({ status: "envoye au client" });
    const res = await post({ ...valid(), quote_id: draft.id });
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toBe(QUOTE_TEXTS.noInvoiceUnlessValid);
  });
});

describe("figures beyond what an amount holds (issue 31)", () => {
  const line = { name: "Ligne", quantity: 1, unit: "heure", unit_price: 10, tax_rate: 20 };
  const body = (over: object) => ({ client_id: clientId, name: "Démesure", items: [line], ...over });

  it("answers a French 400 to 1e308, never a 500", async () => {
    for (const over of [
      { items: [{ ...line, quantity: 1e308 }] },
      { items: [{ ...line, unit_price: 1e308 }] },
      { discount_percentage: 1e308 },
      { discount_amount: 1e308 },
    ]) {
      const res = await api(admin, "POST", "/api/invoices", body(over));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe("VALIDATION_ERROR");
    }
  });

  it("refuses lines within bounds whose total goes beyond 9 999 999 999,99 €, and a payment beyond it", async () => {
    const res = await api(
      admin,
      "POST",
      "/api/invoices",
      body({ items: [{ ...line, quantity: 1_000_000, unit_price: 10_000_000 }] }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message: MONEY_TEXTS.totalTooLarge, details: [{ path: "items" }] });
    const draft = await api(admin, "POST", "/api/invoices", body({}));
    const issued = await api(admin, "POST", `/api/invoices/${draft.json().id}/issue`, {});
    expect(issued.statusCode, issued.body).toBe(200);
    const pay = await api(admin, "POST", `/api/invoices/${draft.json().id}/payments`, {
      date: parisToday(),
      amount: 1e308,
      method: "check",
    });
    expect(pay.statusCode, pay.body).toBe(400);
    expect(pay.json().message).toBe(MONEY_TEXTS.amountTooLarge);
  });
});

describe("only a draft is edited or deleted", () => {
  it("answers 409 « Facture non éditable » once issued, and the invoice is unchanged", async () => {
    const invoice = await t.issue((await t.createInvoice()).id);
    const put = await api(admin, "PUT", `/api/invoices/${invoice.id}`, invoiceBody(invoice, { name: "Autre" }));
    expect(put.statusCode).toBe(409);
    expect(messageOf(put)).toBe(INVOICE_TEXTS.notEditable);
    const del = await api(admin, "DELETE", `/api/invoices/${invoice.id}`);
    expect(del.statusCode).toBe(409);
    expect(messageOf(del)).toBe(INVOICE_TEXTS.notEditable);
    expect(await t.get(invoice.id)).toEqual(invoice);
  });

  it("the database itself refuses to change an issued invoice or its lines", async () => {
    const invoice = await t.issue((await t.createInvoice()).id);
    const attempt = (statement: ReturnType<typeof sql>) =>
      t.db.run({ companyId: t.company.id }, (tx) => tx.execute(statement));
    await expect(attempt(sql`UPDATE invoices SET name = 'x' WHERE id = ${invoice.id}`)).rejects.toThrow();
    await expect(attempt(sql`UPDATE invoice_items SET name = 'x' WHERE invoice_id = ${invoice.id}`)).rejects.toThrow();
    await expect(attempt(sql`DELETE FROM invoices WHERE id = ${invoice.id}`)).rejects.toThrow();
  });

  it("the database numbers an invoice as its issuing transaction commits: whatever writes it, never on a rollback", async () => {
    const run = <T>(fn: Parameters<typeof t.db.run<T>>[1]) => t.db.run({ companyId: t.company.id }, fn);
    const referenceOf = async (id: string) =>
      (await run((tx) => tx.execute<{ reference: string }>(sql`SELECT reference FROM invoices WHERE id = ${id}`)))
        .rows[0]?.reference;
    const before = await t.issue((await t.createInvoice()).id);
    const draft = await t.createInvoice();
    // Issued in SQL, then the transaction fails: no number taken, the draft is untouched.
    await expect(
      run(async (tx) => {
        await tx.execute(sql`UPDATE invoices SET status = 'sent' WHERE id = ${draft.id}`);
        expect(await referenceOf(draft.id)).toBe(draft.reference);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await referenceOf(draft.id)).toBe(draft.reference);
    // Issued in SQL and committed: the next number, right after the last one.
    await run((tx) => tx.execute(sql`UPDATE invoices SET status = 'sent' WHERE id = ${draft.id}`));
    const next = Number(before.reference.slice(-4)) + 1;
    expect(await referenceOf(draft.id)).toBe(`${before.reference.slice(0, -4)}${String(next).padStart(4, "0")}`);
    // A number is never replaced.
    await expect(
      run((tx) => tx.execute(sql`UPDATE invoices SET reference = 'FAC-2026-9999' WHERE id = ${draft.id}`)),
    ).rejects.toThrow();
  });
});

describe("the search", () => {
  it("a search pages like the list, and sees a payment or an issue at once", async () => {
    const list = async (query: string) => {
      const res = await t.api(t.admin, "GET", `/api/invoices${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as InvoiceList;
    };
    const first = await list("?search=e&limit=2&page=1");
    const second = await list("?search=e&limit=2&page=2");
    const whole = await list("?search=e");
    expect(whole.pagination.total).toBeGreaterThan(3);
    expect([...first.invoices, ...second.invoices].map((i) => i.id)).toEqual(
      whole.invoices.slice(0, 4).map((i) => i.id),
    );
    expect(first.pagination.totalPages).toBe(Math.ceil(whole.pagination.total / 2));
    expect((await list("?search=e&limit=2&page=99")).invoices).toEqual([]);

    const extra = await t.createInvoice(t.admin, {
      name: "Ravalement façade",
      discount_percentage: 0,
      items: [LINES[1]],
    });
    expect((await list("?search=ravalement")).invoices.map((i) => [i.id, i.status])).toEqual([[extra.id, "draft"]]);
    const issued = await t.issue(extra.id);
    expect((await list(`?search=${issued.reference.toLowerCase()}`)).invoices.map((i) => i.id)).toEqual([extra.id]);
    expect((await list("?search=ravalement&status=sent")).invoices.map((i) => i.id)).toEqual([extra.id]);
    await t.api(t.admin, "POST", `/api/invoices/${extra.id}/payments`, { date: today, amount: 60, method: "cash" });
    expect(await t.stats("?search=ravalement")).toMatchObject({
      total_invoices: 1,
      total_amount: 360,
      paid_amount: 60,
      pending_amount: 300,
    });
    await t.api(t.admin, "POST", `/api/invoices/${extra.id}/cancel`);
    expect((await list("?search=ravalement&status=cancelled")).invoices.map((i) => i.id)).toEqual([extra.id]);
    expect(await t.stats("?search=ravalement")).toMatchObject({ total_invoices: 0, total_amount: 0 });
  });
});

// A company of its own: its figures are exact.
const own = await setupInvoicesTest();
const today = parisToday();
const make = async (name: string, extra: object = {}, client = own.clientId) =>
  own.createInvoice(own.admin, { name, client_id: client, discount_percentage: 0, items: [LINES[1]], ...extra });
// 300 HT @ 20 % = 360 TTC each.
const draft = await make("Cuisine Dupont", { date: "2026-01-05" });
const sentLate = await own.issueOn("2026-01-06", (await make("Toiture")).id);
const sent = await own.issue((await make("Véranda", { due_date: "2099-12-31" }, own.businessId)).id);
const paid = await own.issue((await make("Clôture")).id);
await own.api(own.admin, "POST", `/api/invoices/${paid.id}/pay`, {});
const partly = await own.issue((await make("Peinture", { due_date: "2099-12-31" })).id);
await own.api(own.admin, "POST", `/api/invoices/${partly.id}/payments`, { date: today, amount: 100, method: "cash" });
const cancelled = await own.issue((await make("Terrasse")).id);
const creditNote: Invoice = (await own.api(own.admin, "POST", `/api/invoices/${cancelled.id}/cancel`)).json();
const ownList = async (query = "") => {
  const res = await own.api(own.admin, "GET", `/api/invoices${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as InvoiceList;
};

describe("the list", () => {
  it("answers the spec's envelope, most recent first, every document of the company", async () => {
    const page = await ownList();
    expect(page.pagination).toEqual({ page: 1, limit: 20, total: 7, totalPages: 1 });
    const refs = page.invoices.map((i) => i.reference);
    expect(refs).toContain(creditNote.reference);
    // Date, then reference, descending.
    const keys = page.invoices.map((i) => `${i.date} ${i.reference}`);
    expect(keys).toEqual([...keys].sort().reverse());
    const late = page.invoices.find((i) => i.id === sentLate.id);
    expect(late).toMatchObject({ status: "sent", overdue: true, total: 360, balance_due: 360 });
    expect(late?.days_late).toBeGreaterThan(0);
    expect(page.invoices.find((i) => i.id === partly.id)).toMatchObject({ paid_amount: 100, balance_due: 260 });
  });

  it("filters by status, overdue derived (sent and due date passed)", async () => {
    const ids = async (status: string) => (await ownList(`?status=${status}`)).invoices.map((i) => i.id).sort();
    expect(await ids("draft")).toEqual([draft.id]);
    expect(await ids("overdue")).toEqual([sentLate.id]);
    expect(await ids("paid")).toEqual([paid.id]);
    expect(await ids("cancelled")).toEqual([cancelled.id]);
    expect(await ids("sent")).toEqual([sentLate.id, sent.id, partly.id, creditNote.id].sort());
    const bad = await own.api(own.admin, "GET", "/api/invoices?status=late");
    expect(bad.statusCode).toBe(400);
  });

  it("searches the reference, the name and the client's name", async () => {
    expect((await ownList("?search=toit")).invoices.map((i) => i.id)).toEqual([sentLate.id]);
    expect((await ownList(`?search=${sent.reference.toLowerCase()}`)).invoices.map((i) => i.id)).toEqual([sent.id]);
    expect((await ownList("?search=B%C3%A2tir")).invoices.map((i) => i.id)).toEqual([sent.id]);
    expect((await ownList("?search=introuvable")).invoices).toEqual([]);
    expect((await ownList("?search=100%25")).pagination.total).toBe(0);
  });

  it("a search keeps the status and client filters and the list's order (the search's own copy of each invoice)", async () => {
    const all = (await ownList()).invoices;
    for (const term of ["e", "ur", "toit", "bâtir"]) {
      for (const status of ["", "draft", "sent", "paid", "overdue", "cancelled"]) {
        for (const client of ["", own.clientId]) {
          const query = `?search=${encodeURIComponent(term)}${status ? `&status=${status}` : ""}${client ? `&client_id=${client}` : ""}`;
          const statusIds = new Set((await ownList(status ? `?status=${status}` : "")).invoices.map((i) => i.id));
          const expected = all
            .filter((i) => statusIds.has(i.id) && (!client || i.client_id === client))
            .filter(
              (i) =>
                foldOracle(`${i.reference} ${i.name}`).includes(foldOracle(term)) ||
                foldOracle(i.client_name).includes(foldOracle(term)),
            )
            .map((i) => i.id);
          const found = await ownList(query);
          expect(
            found.invoices.map((i) => i.id),
            query,
          ).toEqual(expected);
          expect(found.pagination.total, query).toBe(expected.length);
        }
      }
    }
  });

  it("a search among a quote's invoices reads them and checks the words", async () => {
    const quote = await own.createQuote();
    const fromQuote = (await own.api(own.admin, "POST", `/api/invoices/from-quote/${quote.id}`)).json() as Invoice;
    const word = fromQuote.name.split(" ")[0]?.toLowerCase() ?? "";
    expect(
      (await ownList(`?quote_id=${quote.id}&search=${encodeURIComponent(word)}`)).invoices.map((i) => i.id),
    ).toEqual([fromQuote.id]);
    expect((await ownList(`?quote_id=${quote.id}&search=introuvable`)).invoices).toEqual([]);
    await own.api(own.admin, "DELETE", `/api/invoices/${fromQuote.id}`);
  });

  it("filters by client, quote and worksite", async () => {
    expect((await ownList(`?client_id=${own.businessId}`)).invoices.map((i) => i.id)).toEqual([sent.id]);
    const quote = await own.createQuote();
    const fromQuote = (await own.api(own.admin, "POST", `/api/invoices/from-quote/${quote.id}`)).json() as Invoice;
    expect((await ownList(`?quote_id=${quote.id}`)).invoices.map((i) => i.id)).toEqual([fromQuote.id]);
    expect((await ownList(`?project_id=${randomUUID()}`)).invoices).toEqual([]);
    await own.api(own.admin, "DELETE", `/api/invoices/${fromQuote.id}`);
  });

  it("pages by limit, « Page X sur Y »", async () => {
    const first = await ownList("?limit=3&page=1");
    const third = await ownList("?limit=3&page=3");
    expect(first.pagination).toEqual({ page: 1, limit: 3, total: 7, totalPages: 3 });
    expect(first.invoices).toHaveLength(3);
    expect(third.invoices).toHaveLength(1);
    expect((await ownList("?limit=3&page=9")).invoices).toEqual([]);
  });

  it("stats: issued invoices only, paid + pending = total, overdue = balance of the late ones", async () => {
    expect(await own.stats()).toEqual({
      // Toiture, Véranda, Clôture, Peinture: issued and not cancelled (drafts and credit notes never count).
      total_invoices: 4,
      total_amount: 1440,
      paid_invoices: 1,
      // Clôture paid, 100 € received on Peinture.
      paid_amount: 460,
      sent_invoices: 3,
      pending_amount: 980,
      overdue_invoices: 1,
      overdue_amount: 360,
    });
    expect(await own.stats("?status=overdue")).toMatchObject({ total_invoices: 1, overdue_amount: 360 });
    expect(await own.stats(`?client_id=${own.businessId}`)).toMatchObject({ total_invoices: 1, pending_amount: 360 });
    expect(await own.stats("?search=toit")).toMatchObject({ total_invoices: 1, overdue_invoices: 1 });
    expect(await own.stats("?status=draft")).toMatchObject({ total_invoices: 0, total_amount: 0 });
  });

  it("stats of the whole list (kept totals) equal the stats summed over its clients (read invoice by invoice)", async () => {
    for (const status of ["", "sent", "paid", "overdue", "draft", "cancelled"]) {
      const query = status ? `&status=${status}` : "";
      const whole = await own.stats(status ? `?status=${status}` : "");
      const parts = [
        await own.stats(`?client_id=${own.clientId}${query}`),
        await own.stats(`?client_id=${own.businessId}${query}`),
      ];
      const summed = Object.fromEntries(
        Object.keys(whole).map((key) => [key, sum(...parts.map((p) => p[key as keyof typeof p]))]),
      );
      expect(whole, status).toEqual(summed);
    }
  });

  it("shows nothing of another company", async () => {
    const theirs = await ownList();
    const ours = await list();
    const ourIds = new Set(ours.invoices.map((i) => i.id));
    expect(theirs.invoices.some((i) => ourIds.has(i.id))).toBe(false);
  });
});

describe("the client of invoices", () => {
  it("cannot be deleted (409) and shows its revenue: issued invoices not cancelled", async () => {
    const client = (await t.created(admin, "/api/clients", { name: "Famille Roux", email: "roux@exemple.fr" })).id;
    const make = () => t.createInvoice(admin, { client_id: client, discount_percentage: 0, items: [LINES[1]] });
    await make(); // a draft: no revenue
    await t.issue((await make()).id); // 360
    const cancelled = await t.issue((await make()).id);
    await api(admin, "POST", `/api/invoices/${cancelled.id}/cancel`); // 360 and its credit note: 0
    const detail = (await api(admin, "GET", `/api/clients/${client}?include=stats`)).json();
    expect(detail.stats.total_revenue).toBe(360);
    const res = await api(admin, "DELETE", `/api/clients/${client}`);
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toContain("4\u00a0factures");
  });
});

describe("the PDF", () => {
  it("downloads facture-{reference}.pdf, a draft's watermarked « BROUILLON »", async () => {
    const invoice = await t.createInvoice();
    const res = await api(admin, "GET", `/api/invoices/${invoice.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="facture-${invoice.reference}.pdf"`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(INVOICE_TEXTS.watermark);
    expect(text).toContain("Famille Martin");
  });

  it("an issued invoice's carries its number and no watermark; a credit note's is avoir-{reference}.pdf", async () => {
    const invoice = await t.issue((await t.createInvoice()).id);
    const res = await api(admin, "GET", `/api/invoices/${invoice.id}/pdf`);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="facture-${invoice.reference}.pdf"`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(invoice.reference);
    expect(text).not.toContain(INVOICE_TEXTS.watermark);
    const creditNote: Invoice = (await api(admin, "POST", `/api/invoices/${invoice.id}/cancel`)).json();
    const note = await api(admin, "GET", `/api/invoices/${creditNote.id}/pdf`);
    expect(note.headers["content-disposition"]).toBe(`attachment; filename="avoir-${creditNote.reference}.pdf"`);
    expect(await pdfText(note.rawPayload)).toContain(invoice.reference);
  });
  it("an issued invoice's never changes: a new logo, then none, and a restart later, the same bytes, the old logo in them", async () => {
    const logo = (content: Buffer) => {
      const boundary = "----invoice-logo-boundary";
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`;
      return t.app.inject({
        method: "POST",
        url: "/api/company/logo",
        payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
        headers: { "content-type": `multipart/form-data; boundary=${boundary}`, ...bearer(admin) },
      });
    };
    expect((await logo(VALID_PNG)).statusCode).toBe(200);
    const invoice = await t.issue((await t.createInvoice()).id);
    const first = await api(admin, "GET", `/api/invoices/${invoice.id}/pdf`);
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.toString("latin1")).toContain("/Subtype /Image");

    // The logo replaced, then removed: the file the issued invoice froze is kept.
    expect((await logo(png({ width: 3, height: 3 }))).statusCode).toBe(200);
    expect((await api(admin, "DELETE", "/api/company/logo")).statusCode).toBe(200);
    // A restart: another app on the same database, its rendered documents' cache empty.
    const restarted = await buildApp({ db: t.db, jwtSecret: TEST_JWT_SECRET, logger: false });
    try {
      await restarted.ready();
      const again = await restarted.inject({
        method: "GET",
        url: `/api/invoices/${invoice.id}/pdf`,
        headers: bearer(admin),
      });
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    } finally {
      await restarted.close();
    }
    // A logo no issued document prints is deleted with its replacement, as before.
    const unused = await logo(png({ width: 4, height: 4 }));
    const unusedUrl = unused.json().logo_url as string;
    expect((await api(admin, "DELETE", "/api/company/logo")).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: unusedUrl })).statusCode).toBe(404);
  });
});

describe("roles", () => {
  it("a Compagnon sees no invoice (403 on every route)", async () => {
    const invoice = await t.createInvoice();
    for (const [method, url] of [
      ["GET", "/api/invoices"],
      ["GET", "/api/invoices/stats"],
      ["GET", `/api/invoices/${invoice.id}`],
      ["GET", `/api/invoices/${invoice.id}/pdf`],
      ["POST", `/api/invoices/${invoice.id}/issue`],
    ] as const) {
      for (const token of [compagnon, norole]) expect((await api(token, method, url)).statusCode, url).toBe(403);
    }
  });

  it("a user with invoices:view only reads but cannot create, edit, issue, pay or cancel", async () => {
    const invoice = await t.createInvoice();
    expect((await api(viewer, "GET", `/api/invoices/${invoice.id}`)).statusCode).toBe(200);
    expect((await api(viewer, "GET", "/api/invoices")).statusCode).toBe(200);
    const attempts: [Parameters<typeof api>[1], string, object | undefined][] = [
      ["POST", "/api/invoices", { client_id: clientId, name: "X", items: [LINES[1]] }],
      ["PUT", `/api/invoices/${invoice.id}`, invoiceBody(invoice)],
      ["DELETE", `/api/invoices/${invoice.id}`, undefined],
      ["POST", `/api/invoices/${invoice.id}/issue`, undefined],
      ["PATCH", `/api/invoices/${invoice.id}/status`, { status: "sent" }],
      ["PATCH", `/api/invoices/${invoice.id}/status`, { status: "paid" }],
      ["PATCH", `/api/invoices/${invoice.id}/status`, { status: "cancelled" }],
      ["POST", `/api/invoices/${invoice.id}/pay`, {}],
      ["POST", `/api/invoices/${invoice.id}/payments`, { date: "2026-03-01", amount: 1, method: "cash" }],
      ["POST", `/api/invoices/${invoice.id}/cancel`, undefined],
    ];
    for (const [method, url, body] of attempts) {
      expect((await api(viewer, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await t.get(invoice.id)).status).toBe("draft");
  });

  it("a Chef d'équipe writes drafts but neither issues, deletes nor records payments", async () => {
    const invoice = await t.createInvoice(chef);
    expect(invoice.created_by_name).toBe("Test chef");
    expect((await api(chef, "PUT", `/api/invoices/${invoice.id}`, invoiceBody(invoice))).statusCode).toBe(200);
    expect((await api(chef, "POST", `/api/invoices/${invoice.id}/issue`)).statusCode).toBe(403);
    expect((await api(chef, "DELETE", `/api/invoices/${invoice.id}`)).statusCode).toBe(403);
    expect((await api(chef, "POST", `/api/invoices/${invoice.id}/pay`, {})).statusCode).toBe(403);
  });
});

describe("another company's invoice", () => {
  it("is not found on every route (404), and stays as it was", async () => {
    const invoice = await t.createInvoice();
    const calls: [Parameters<typeof api>[1], string, object | undefined][] = [
      ["GET", `/api/invoices/${invoice.id}`, undefined],
      ["GET", `/api/invoices/${invoice.id}/pdf`, undefined],
      ["PUT", `/api/invoices/${invoice.id}`, invoiceBody(invoice, { name: "Piraté" })],
      ["DELETE", `/api/invoices/${invoice.id}`, undefined],
      ["POST", `/api/invoices/${invoice.id}/issue`, undefined],
      ["PATCH", `/api/invoices/${invoice.id}/status`, { status: "sent" }],
      ["POST", `/api/invoices/${invoice.id}/pay`, {}],
      ["POST", `/api/invoices/${invoice.id}/payments`, { date: "2026-03-01", amount: 1, method: "cash" }],
      ["POST", `/api/invoices/${invoice.id}/cancel`, undefined],
      ["DELETE", `/api/invoices/${invoice.id}/payments/${randomUUID()}`, undefined],
    ];
    for (const [method, url, body] of calls) {
      const res = await api(otherAdmin, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(messageOf(res)).toBe(INVOICE_TEXTS.notFound);
    }
    expect(await t.get(invoice.id)).toEqual(invoice);
    for (const id of ["pas-un-id", randomUUID()]) {
      expect((await api(admin, "GET", `/api/invoices/${id}`)).statusCode).toBe(404);
    }
  });
});

describe("the list's sorts (sort and order)", () => {
  type Row = InvoiceList["invoices"][number];
  const KEYS: Record<InvoiceSort, SortKey<Row>[]> = {
    date: [{ value: (i) => i.date }, { value: (i) => i.reference }],
    reference: [{ value: (i) => i.reference }],
    client: [
      { value: (i) => fold(i.client_name) },
      { value: (i) => i.client_id },
      { value: (i) => i.date, fixed: "desc" },
      { value: (i) => i.reference, fixed: "desc" },
    ],
    total: [{ value: (i) => i.total }, { value: (i) => i.id }],
    due_date: [{ value: (i) => i.due_date }, { value: (i) => i.id }],
    balance: [{ value: (i) => i.balance_due }, { value: (i) => i.id }],
  };
  const ids = (rows: Row[]) => rows.map((i) => i.id);
  const cases = INVOICE_SORTS.flatMap((sort) => [
    [sort, "asc"],
    [sort, "desc"],
  ]) as [InvoiceSort, "asc" | "desc"][];

  it.each(cases)(
    "sort=%s&order=%s: the order computed from the rows, with a search too, pages without overlap",
    async (sort, order) => {
      const rows = (await ownList("?limit=100")).invoices;
      expect(rows.length).toBeGreaterThan(6);
      const expected = ids(sortRows(rows, KEYS[sort], order));
      expect(ids((await ownList(`?sort=${sort}&order=${order}&limit=100`)).invoices)).toEqual(expected);
      const pages: string[] = [];
      for (let page = 1; page <= Math.ceil(rows.length / 2); page++) {
        pages.push(...ids((await ownList(`?sort=${sort}&order=${order}&limit=2&page=${page}`)).invoices));
      }
      expect(pages).toEqual(expected);

      // A search (invoices_search_page()): the same order over the matches, its pages too.
      const matched = new Set(ids((await ownList("?search=e&limit=100")).invoices));
      expect(matched.size).toBeGreaterThan(3);
      const found = expected.filter((id) => matched.has(id));
      expect(ids((await ownList(`?search=e&sort=${sort}&order=${order}&limit=100`)).invoices)).toEqual(found);
      const searchedPages: string[] = [];
      for (let page = 1; page <= Math.ceil(found.length / 2); page++) {
        searchedPages.push(
          ...ids((await ownList(`?search=e&sort=${sort}&order=${order}&limit=2&page=${page}`)).invoices),
        );
      }
      expect(searchedPages).toEqual(found);
    },
  );

  it("keeps each sort's own direction when order is left out, the date most recent first by default", async () => {
    const get = async (query: string) => ids((await ownList(`?limit=100${query}`)).invoices);
    expect(await get("")).toEqual(await get("&sort=date&order=desc"));
    for (const sort of INVOICE_SORTS) {
      expect(await get(`&sort=${sort}`)).toEqual(await get(`&sort=${sort}&order=${INVOICE_SORT_ORDERS[sort]}`));
    }
  });

  it("never shows another company's invoices, whatever the order", async () => {
    const theirs = new Set(ids((await ownList("?limit=100")).invoices));
    for (const sort of INVOICE_SORTS) {
      const mine = ids((await list(`?sort=${sort}&order=asc&limit=100`)).invoices);
      expect(mine.filter((id) => theirs.has(id))).toEqual([]);
      const searched = ids((await list(`?search=e&sort=${sort}&order=desc&limit=100`)).invoices);
      expect(searched.filter((id) => theirs.has(id))).toEqual([]);
    }
  });

  it.each([
    ["sort=name", "Tri invalide (date, reference, client, total, due_date ou balance)"],
    ["order=croissant", "Ordre invalide (asc ou desc)"],
    ["search=e&sort=montant", "Tri invalide (date, reference, client, total, due_date ou balance)"],
  ])("refuses ?%s", async (query, message) => {
    const res = await own.api(own.admin, "GET", `/api/invoices?${query}`);
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe(message);
  });
});
