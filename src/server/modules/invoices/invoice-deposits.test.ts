import { formatEuro } from "@shared/format";
import { INVOICE_TEXTS, type Invoice } from "@shared/invoices";
import { MONEY_TEXTS } from "@shared/money";
import { QUOTE_TEXTS } from "@shared/quotes";
import { describe, expect, it } from "vitest";
import { invoiceBody, LINES, setupInvoicesTest, sum } from "./invoices.fixtures";

/**
 * Deposits, final invoices of a quote and « Facturer » a worksite (docs/domain/invoices.md#deposits,
 * #final-invoice, #from-a-worksite): all the invoices of a quote add up to the quote, per rate.
 */

const t = await setupInvoicesTest();
const { api, admin, clientId } = t;
const messageOf = (res: { json: () => unknown }) => (res.json() as { message: string }).message;
const detailsOf = (res: { json: () => unknown }) =>
  (res.json() as { details?: { message: string }[] }).details?.map((d) => d.message) ?? [];

const deposit = async (quoteId: string, body: object, status = 201) => {
  const res = await api(admin, "POST", `/api/invoices/deposit/${quoteId}`, body);
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as Invoice;
};
const fromQuote = async (quoteId: string, status = 201) => {
  const res = await api(admin, "POST", `/api/invoices/from-quote/${quoteId}`);
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as Invoice;
};
const cancel = async (id: string) => {
  const res = await api(admin, "POST", `/api/invoices/${id}/cancel`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Invoice;
};

/** Σ of the invoices' VAT per rate: each rate's net and tax, to the cent. */
function perRate(invoices: readonly Pick<Invoice, "vat_breakdown">[]) {
  const rates = new Map<number, { net: number; tax: number }>();
  for (const invoice of invoices) {
    for (const v of invoice.vat_breakdown) {
      const r = rates.get(v.rate) ?? { net: 0, tax: 0 };
      rates.set(v.rate, { net: sum(r.net, v.net), tax: sum(r.tax, v.tax) });
    }
  }
  return [...rates.entries()].sort(([a], [b]) => b - a).map(([rate, v]) => ({ rate, ...v }));
}

describe("a deposit invoice (facture d’acompte)", () => {
  it("of 30 %: one line per VAT rate of the quote, in proportion, a draft of the quote's client", async () => {
    const quote = await t.createQuote();
    const invoice = await deposit(quote.id, { percentage: 30 });
    expect(invoice).toMatchObject({
      kind: "deposit",
      status: "draft",
      name: INVOICE_TEXTS.depositName("Rénovation cuisine"),
      client_id: clientId,
      quote: { id: quote.id, reference: quote.reference },
      subtotal: 154.82,
      tax_amount: 22.08,
      total: 176.9,
      vat_breakdown: [
        { rate: 20, net: 81, tax: 16.2 },
        { rate: 10, net: 40.5, tax: 4.05 },
        { rate: 5.5, net: 33.32, tax: 1.83 },
      ],
    });
    expect(invoice.reference).toMatch(/^PROV-/);
    const label = INVOICE_TEXTS.depositLine("30\u00a0%", quote.reference);
    expect(invoice.items.map((i) => [i.name, i.quantity, i.unit_price, i.tax_rate])).toEqual([
      [`${label} (TVA 20\u00a0%)`, 1, 81, 20],
      [`${label} (TVA 10\u00a0%)`, 1, 40.5, 10],
      [`${label} (TVA 5,5\u00a0%)`, 1, 33.32, 5.5],
    ]);
  });

  it("of an amount TTC: the quote's rates in proportion, the amount met to the cent", async () => {
    const quote = await t.createQuote();
    const invoice = await deposit(quote.id, { amount: 150 });
    expect(invoice.total).toBe(150);
    expect(invoice.items[0]?.name).toContain(INVOICE_TEXTS.depositLine(formatEuro(150), quote.reference));
    const single = await t.createQuote({ discount_percentage: 0, items: [LINES[1]] });
    expect((await deposit(single.id, { amount: 100 })).total).toBe(100);
  });

  it("validates its body", async () => {
    const quote = await t.createQuote();
    const cases: [object, string][] = [
      [{}, INVOICE_TEXTS.depositRequired],
      [{ percentage: 30, amount: 100 }, INVOICE_TEXTS.depositRequired],
      [{ percentage: 0 }, INVOICE_TEXTS.depositPercentageRange],
      [{ percentage: 101 }, INVOICE_TEXTS.depositPercentageRange],
      [{ amount: 0 }, INVOICE_TEXTS.depositAmountPositive],
      [{ amount: -10 }, INVOICE_TEXTS.depositAmountPositive],
    ];
    for (const [body, message] of cases) {
      const res = await api(admin, "POST", `/api/invoices/deposit/${quote.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(detailsOf(res)).toContain(message);
    }
  });

  it("only on a validated quote (409), never beyond the quote (400)", async () => {
    const sent = await t.createQuote({ status: "envoye au client" });
    const refused = await api(admin, "POST", `/api/invoices/deposit/${sent.id}`, { percentage: 30 });
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe(QUOTE_TEXTS.noInvoiceUnlessValid);

    const quote = await t.createQuote();
    await deposit(quote.id, { percentage: 60 });
    const tooMuch = await api(admin, "POST", `/api/invoices/deposit/${quote.id}`, { percentage: 50 });
    expect(tooMuch.statusCode).toBe(400);
    expect(messageOf(tooMuch)).toBe(INVOICE_TEXTS.depositTooLarge);
    const above = await api(admin, "POST", `/api/invoices/deposit/${quote.id}`, { amount: 600 });
    expect(messageOf(above)).toBe(INVOICE_TEXTS.depositTooLarge);
    // The rest fits exactly.
    await deposit(quote.id, { percentage: 40 });
  });
});

describe("the final invoice of a quote", () => {
  it("copies the quote: client, worksite, name, notes, terms, discounts and every line", async () => {
    const quote = await t.createQuote({ notes: "Accès par la cour", terms: "Paiement à 30 jours" });
    const project = (await api(admin, "POST", "/api/projects/from-quote", { quote_id: quote.id })).json();
    const invoice = await fromQuote(quote.id);
    expect(invoice).toMatchObject({
      kind: "invoice",
      status: "draft",
      name: "Rénovation cuisine",
      client_id: clientId,
      quote: { id: quote.id },
      project: { id: project.id },
      notes: "Accès par la cour",
      terms: "Paiement à 30 jours",
      discount_percentage: 10,
      total: quote.total,
      deposits_net: 0,
      deposits: [],
    });
    expect(invoice.items.map((i) => [i.kind, i.name])).toEqual(LINES.map((l) => [l.kind ?? "item", l.name]));
    expect(INVOICE_TEXTS.createdFromQuote(invoice.reference)).toContain(invoice.reference);
  });

  it("deducts the issued deposits per rate: deposits + final = the quote, to the cent, per rate", async () => {
    const quote = await t.createQuote();
    const first = await deposit(quote.id, { percentage: 30 });
    const second = await deposit(quote.id, { amount: 100 });
    // A draft deposit is not deducted.
    const final = await fromQuote(quote.id);
    expect(final).toMatchObject({ deposits_net: 0, deposits: [], total: quote.total });
    // Issuing a deposit refreshes the final draft.
    const issuedFirst = await t.issue(first.id);
    const refreshed = await t.get(final.id);
    expect(refreshed.deposits.map((d) => d.reference)).toEqual([issuedFirst.reference]);
    expect(refreshed.total).toBe(sum(quote.total, -issuedFirst.total));
    // No new deposit once the quote has its final invoice.
    const late = await api(admin, "POST", `/api/invoices/deposit/${quote.id}`, { percentage: 5 });
    expect(late.statusCode).toBe(409);
    expect(messageOf(late)).toBe(INVOICE_TEXTS.quoteAlreadyInvoiced);
    const issuedSecond = await t.issue(second.id);
    const issuedFinal = await t.issue(final.id);
    expect(issuedFinal.deposits.map((d) => d.id).sort()).toEqual([first.id, second.id].sort());
    expect(issuedFinal).toMatchObject({
      subtotal: 573.4,
      discount: 57.34,
      deposits_net: sum(
        ...issuedFirst.vat_breakdown.map((v) => v.net),
        ...issuedSecond.vat_breakdown.map((v) => v.net),
      ),
      total: sum(quote.total, -issuedFirst.total, -issuedSecond.total),
    });
    const quoteVat = quote.vat_breakdown.map((v) => ({ rate: v.rate, net: v.net, tax: v.tax }));
    expect(perRate([issuedFirst, issuedSecond, issuedFinal])).toEqual(quoteVat);
    expect(sum(issuedFirst.total, issuedSecond.total, issuedFinal.total)).toBe(quote.total);
    // A deposit deducted by an issued final invoice is not cancelled alone.
    const refused = await api(admin, "POST", `/api/invoices/${first.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe(INVOICE_TEXTS.depositDeducted);
  });

  it("is one per quote (409); a cancelled one frees its deposits for the next", async () => {
    const quote = await t.createQuote();
    const paidDeposit = await t.issue((await deposit(quote.id, { percentage: 50 })).id);
    const final = await fromQuote(quote.id);
    expect(messageOf(await api(admin, "POST", `/api/invoices/from-quote/${quote.id}`))).toBe(
      INVOICE_TEXTS.quoteAlreadyInvoiced,
    );
    const posted = await api(admin, "POST", "/api/invoices", {
      client_id: clientId,
      quote_id: quote.id,
      name: "Solde",
      items: [LINES[1]],
    });
    expect(posted.statusCode).toBe(409);
    expect(messageOf(posted)).toBe(INVOICE_TEXTS.quoteAlreadyInvoiced);

    const issued = await t.issue(final.id);
    expect(issued.deposits.map((d) => d.id)).toEqual([paidDeposit.id]);
    const creditNote = await cancel(issued.id);
    expect(creditNote).toMatchObject({ total: issued.total, deposits_net: issued.deposits_net });
    // The deposit is free again: the next final invoice deducts it.
    const next = await fromQuote(quote.id);
    expect(next.deposits.map((d) => d.id)).toEqual([paidDeposit.id]);
    expect(next.total).toBe(issued.total);
    // Deleting that draft frees it too.
    expect((await api(admin, "DELETE", `/api/invoices/${next.id}`)).statusCode).toBe(204);
    const again = await fromQuote(quote.id);
    expect(again.deposits.map((d) => d.id)).toEqual([paidDeposit.id]);
  });

  it("each refusal names the invoice in the way (`document`: its id and number), for the screen to link it", async () => {
    const quote = await t.createQuote();
    const first = await deposit(quote.id, { percentage: 20 });
    const final = await fromQuote(quote.id);
    const named = { type: "invoice", id: final.id, reference: final.reference };
    // A deposit asked once the final draft exists (the worksite's « Facturer » wrote it silently before).
    const late = await api(admin, "POST", `/api/invoices/deposit/${quote.id}`, { percentage: 10 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: INVOICE_TEXTS.quoteAlreadyInvoiced, document: named });
    // A second final invoice, by « Facturer » of the quote or through the form.
    expect((await api(admin, "POST", `/api/invoices/from-quote/${quote.id}`)).json()).toMatchObject({
      document: named,
    });
    const posted = await api(admin, "POST", "/api/invoices", {
      client_id: clientId,
      quote_id: quote.id,
      name: "Solde",
      items: [LINES[1]],
    });
    expect(posted.json()).toMatchObject({ message: INVOICE_TEXTS.quoteAlreadyInvoiced, document: named });
    // A deposit issued after the final invoice; then the deposit it deducts, cancelled alone.
    await t.issue(first.id);
    const issuedFinal = await t.issue(final.id);
    const second = await api(admin, "POST", `/api/invoices/deposit/${quote.id}`, { percentage: 5 });
    expect(second.json()).toMatchObject({
      document: { type: "invoice", id: final.id, reference: issuedFinal.reference },
    });
    const refused = await api(admin, "POST", `/api/invoices/${first.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: INVOICE_TEXTS.depositDeducted,
      document: { type: "invoice", id: final.id, reference: issuedFinal.reference },
    });
    // A refusal with no document in the way has no `document` key.
    const again = await api(admin, "POST", `/api/invoices/${first.id}/issue`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).not.toHaveProperty("document");
  });

  it("through POST /api/invoices with quote_id (the form of /invoices/new?quote_id=), deductions alike", async () => {
    const quote = await t.createQuote();
    const issuedDeposit = await t.issue((await deposit(quote.id, { percentage: 20 })).id);
    const res = await api(admin, "POST", "/api/invoices", {
      client_id: clientId,
      quote_id: quote.id,
      name: "Solde cuisine",
      discount_percentage: 10,
      items: LINES,
    });
    expect(res.statusCode, res.body).toBe(201);
    const final: Invoice = res.json();
    expect(final.deposits.map((d) => d.id)).toEqual([issuedDeposit.id]);
    expect(sum(final.total, issuedDeposit.total)).toBe(quote.total);
    // A cancelled deposit (by its credit note) is deducted no more: the draft is recomputed.
    await cancel(issuedDeposit.id);
    const recomputed = await t.get(final.id);
    expect(recomputed).toMatchObject({ deposits: [], deposits_net: 0, total: quote.total });
  });
});

describe("the client of a quote's invoices (issue 31)", () => {
  it("POST /api/invoices with quote_id for another client: 400, and the quote's deposits stay its own", async () => {
    const quote = await t.createQuote();
    const issuedDeposit = await t.issue((await deposit(quote.id, { percentage: 20 })).id);
    const res = await api(admin, "POST", "/api/invoices", {
      client_id: t.businessId,
      quote_id: quote.id,
      name: "Solde cuisine",
      items: LINES,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(messageOf(res)).toBe(INVOICE_TEXTS.clientNotQuoteClient);
    expect((res.json() as { details?: { path: string }[] }).details?.map((d) => d.path)).toEqual(["client_id"]);
    // Nothing was made: the quote's own final invoice deducts its deposit.
    const listed = await api(admin, "GET", `/api/invoices?quote_id=${quote.id}`);
    expect((listed.json() as { invoices: Invoice[] }).invoices.map((i) => i.kind)).toEqual(["deposit"]);
    const final = await fromQuote(quote.id);
    expect(final).toMatchObject({ client_id: clientId, deposits: [{ id: issuedDeposit.id }] });
  });

  it("a deposit and the final invoice made from a quote are its client's", async () => {
    const quote = await t.createQuote({ client_id: t.businessId });
    expect((await deposit(quote.id, { percentage: 10 })).client_id).toBe(t.businessId);
    expect((await fromQuote(quote.id)).client_id).toBe(t.businessId);
  });

  it("PUT on a draft never changes its client or its quote (the keys are not read)", async () => {
    const quote = await t.createQuote();
    const other = await t.createQuote();
    const issuedDeposit = await t.issue((await deposit(other.id, { percentage: 20 })).id);
    for (const draft of [
      await deposit(quote.id, { percentage: 10 }),
      await fromQuote(quote.id),
      await t.createInvoice(),
    ]) {
      const res = await api(
        admin,
        "PUT",
        `/api/invoices/${draft.id}`,
        invoiceBody(draft, { client_id: t.businessId, quote_id: other.id }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const after = await t.get(draft.id);
      expect(after.client_id).toBe(clientId);
      expect(after.quote?.id ?? null).toBe(draft.quote?.id ?? null);
      expect(after.deposits.map((d) => d.id)).not.toContain(issuedDeposit.id);
    }
  });
});

describe("« Facturer » a worksite", () => {
  it("with a validated quote: that quote's final invoice, for the worksite", async () => {
    const quote = await t.createQuote();
    const project = (await api(admin, "POST", "/api/projects/from-quote", { quote_id: quote.id })).json();
    const res = await api(admin, "POST", `/api/invoices/from-project/${project.id}`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ quote: { id: quote.id }, project: { id: project.id }, total: quote.total });
    const twice = await api(admin, "POST", `/api/invoices/from-project/${project.id}`);
    expect(twice.statusCode).toBe(409);
  });

  it("answers a French 400 when its tasks add up beyond what an amount holds (issue 31)", async () => {
    // Each task within its bounds (1 000 000 × 10 000 000 €), the invoice's lines beyond numeric(12,2).
    const project = await t.created(admin, "/api/projects", {
      name: "Chantier démesuré",
      client_id: clientId,
      tasks: [{ label: "Tout", unit_price: 10_000_000, quantity: 1_000_000 }],
    });
    const res = await api(admin, "POST", `/api/invoices/from-project/${project.id}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      message: MONEY_TEXTS.totalTooLarge,
      details: [{ path: "items", message: MONEY_TEXTS.totalTooLarge }],
    });
  });

  it("without a quote: its priced tasks as lines", async () => {
    const project = await t.created(admin, "/api/projects", {
      name: "Chantier Dupuis",
      client_id: clientId,
      tasks: [
        { label: "Préparation", unit_price: 200, quantity: 2 },
        { label: "Nettoyage" },
        { label: "Peinture", unit_price: 35.5, quantity: 10 },
      ],
    });
    const res = await api(admin, "POST", `/api/invoices/from-project/${project.id}`);
    expect(res.statusCode, res.body).toBe(201);
    const invoice: Invoice = res.json();
    expect(invoice).toMatchObject({ name: "Chantier Dupuis", client_id: clientId, project: { id: project.id } });
    expect(invoice.items.map((i) => [i.name, i.quantity, i.unit_price, i.tax_rate])).toEqual([
      ["Préparation", 2, 200, 20],
      ["Peinture", 10, 35.5, 20],
    ]);
    expect(invoice.subtotal).toBe(755);
  });

  it("without quote nor priced task: one line « Travaux — {chantier} » at its budget TTC", async () => {
    const project = await t.created(admin, "/api/projects", {
      name: "Chantier Lefèvre",
      client_id: clientId,
      budget_total: 1200,
      tasks: [{ label: "Démolition" }],
    });
    const invoice: Invoice = (await api(admin, "POST", `/api/invoices/from-project/${project.id}`)).json();
    expect(invoice.items.map((i) => [i.name, i.quantity, i.unit, i.unit_price])).toEqual([
      [INVOICE_TEXTS.worksiteLine("Chantier Lefèvre"), 1, "forfait", 1000],
    ]);
    expect(invoice.total).toBe(1200);
  });

  it("refuses a worksite without client (409) and another company's (404)", async () => {
    const orphan = await t.created(admin, "/api/projects", { name: "Chantier sans client" });
    const res = await api(admin, "POST", `/api/invoices/from-project/${orphan.id}`);
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toBe(INVOICE_TEXTS.projectWithoutClient);
    const theirs = await t.created(t.otherAdmin, "/api/projects", { name: "Chantier concurrent" });
    const other = await api(admin, "POST", `/api/invoices/from-project/${theirs.id}`);
    expect(other.statusCode).toBe(404);
    expect(messageOf(other)).toBe(INVOICE_TEXTS.projectNotFound);
  });
});
