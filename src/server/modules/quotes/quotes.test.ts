import { createTestCompany, foldOracle, login } from "@server/test/helpers";
import { addDays, parisToday } from "@shared/dates";
import { MESSAGES } from "@shared/errors";
import { computeTotals, fromCents, MONEY_TEXTS } from "@shared/money";
import { QUOTE_TEXTS } from "@shared/quotes";
import { VAT_RULE_TEXTS } from "@shared/vat-rules";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  QUOTE_LINES as items,
  pdfText,
  quoteBody,
  type SummedQuote,
  setupQuotesTest,
  summaryOfQuotes,
} from "./quotes.fixtures";

const { app, db, api, admin, compagnon, norole, otherAdmin, clientId, otherClientId, createQuote } =
  await setupQuotesTest();

describe("POST /api/quotes", () => {
  it("creates a quote with server totals, a reference and the default validity", async () => {
    const quote = await createQuote(admin, { subtotal: 1, total: 2, tax_amount: 3 });
    const expected = computeTotals({ items, discount_percentage: 10 });
    expect(quote).toMatchObject({
      name: "Rénovation salle de bain",
      status: "en cours de redaction",
      client: { id: clientId, name: "Famille Martin", city: "Lyon" },
      date: "2026-11-20",
      valid_until: "2026-12-20",
      subtotal: fromCents(expected.subtotal),
      discount: 57.34,
      tax_amount: fromCents(expected.tax_amount),
      total: fromCents(expected.total),
      discount_percentage: 10,
      items_count: 3,
    });
    expect(quote.total).toBe(573.4 - 57.34 + 73.61);
    expect(quote.reference).toMatch(new RegExp(`^DEV-${parisToday().slice(0, 4)}-\\d{4}$`));
    expect(quote.vat_breakdown).toEqual([
      { rate: 20, base: 300, discount: 30, net: 270, tax: 54 },
      { rate: 10, base: 150, discount: 15, net: 135, tax: 13.5 },
      { rate: 5.5, base: 123.4, discount: 12.34, net: 111.06, tax: 6.11 },
    ]);
    expect(quote.items.map((i: { position: number; name: string }) => [i.position, i.name])).toEqual([
      [1, "Dépose carrelage"],
      [2, "Pose faïence"],
      [3, "Isolation"],
    ]);
    expect(quote.items[1]).toMatchObject({
      subtotal: 150,
      tax_amount: 15,
      total: 165,
      description: "Faïence 20×20 blanche",
    });
  });

  it("defaults the validity date from the company's setting when the body has none, for a Chef d'équipe too", async () => {
    const company = await createTestCompany(db, "Validité SARL");
    const chef = (await login(app, company.emails.chef)).token;
    const boss = (await login(app, company.emails.admin)).token;
    await api(boss, "PUT", "/api/company/settings", { quote_validity_days: 45, terms_and_conditions: null });
    const client = (await api(boss, "POST", "/api/clients", { name: "Famille Roux", phone: "0600000001" })).json();
    const body = { name: "Terrasse", client_id: client.id, date: "2026-11-20", items };
    const absent = await api(chef, "POST", "/api/quotes", body);
    expect(absent.statusCode, absent.body).toBe(201);
    expect(absent.json().valid_until).toBe("2027-01-04");
    const nulled = await api(chef, "POST", "/api/quotes", { ...body, valid_until: null });
    expect(nulled.json().valid_until).toBe("2027-01-04");
    const given = await api(chef, "POST", "/api/quotes", { ...body, valid_until: "2026-12-01" });
    expect(given.json().valid_until).toBe("2026-12-01");
  });

  it("answers the stored discount: the percentage's amount, the fixed amount, or 0", async () => {
    const fixed = await createQuote(admin, { discount_percentage: 0, discount_amount: 73.4 });
    expect(fixed).toMatchObject({ subtotal: 573.4, discount: 73.4, discount_amount: 73.4 });
    expect(fixed.total).toBe(fromCents(computeTotals({ items, discount_amount: 73.4 }).total));
    const none = await createQuote(admin, { discount_percentage: 0 });
    expect(none).toMatchObject({ discount: 0, total: fromCents(computeTotals({ items }).total) });
    const listed = (await api(admin, "GET", `/api/quotes?search=${fixed.reference}`)).json().data[0];
    expect(listed.discount).toBe(73.4);
  });

  it("numbers references in sequence per company", async () => {
    const a = await createQuote(admin);
    const b = await createQuote(admin);
    const n = (ref: string) => Number(ref.split("-")[2]);
    expect(n(b.reference)).toBe(n(a.reference) + 1);
    const theirs = (
      await api(otherAdmin, "POST", "/api/quotes", { name: "X", client_id: otherClientId, date: "2026-11-20" })
    ).json();
    expect(theirs.reference).toMatch(/-0001$/);
  });

  it.each([
    [{ name: "" }, "name", QUOTE_TEXTS.nameRequired],
    [{ client_id: undefined }, "client_id", QUOTE_TEXTS.clientRequired],
    [{ status: "perdu" }, "status", QUOTE_TEXTS.statusRequired],
    [{ date: "" }, "date", QUOTE_TEXTS.dateRequired],
    [{ date: "2026-02-30" }, "date", QUOTE_TEXTS.dateRequired],
    [{ valid_until: "2026-11-01" }, "valid_until", QUOTE_TEXTS.validUntilBeforeDate],
    [{ discount_percentage: 120 }, "discount_percentage", QUOTE_TEXTS.discountRange],
    [{ discount_percentage: 0, discount_amount: 10_000 }, "discount_amount", QUOTE_TEXTS.discountTooLarge],
    [{ items: [{ ...items[0], name: " " }] }, "items.0.name", QUOTE_TEXTS.itemNameRequired],
    [{ items: [{ ...items[0], quantity: 0 }] }, "items.0.quantity", QUOTE_TEXTS.quantityPositive],
    [{ items: [{ ...items[0], unit: "" }] }, "items.0.unit", QUOTE_TEXTS.unitRequired],
    [{ items: [{ ...items[0], unit_price: -1 }] }, "items.0.unit_price", QUOTE_TEXTS.unitPricePositive],
    [{ items: [{ ...items[0], tax_rate: 101 }] }, "items.0.tax_rate", QUOTE_TEXTS.taxRateRange],
  ])("refuses %j with the spec's message", async (change, path, message) => {
    const res = await api(admin, "POST", "/api/quotes", {
      name: "Devis",
      client_id: clientId,
      date: "2026-11-20",
      items,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ path, message });
  });

  it("refuses another company's client as 404", async () => {
    const res = await api(admin, "POST", "/api/quotes", { name: "X", client_id: otherClientId, date: "2026-11-20" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(QUOTE_TEXTS.clientNotFound);
  });
});

describe("figures beyond what an amount holds (issue 31)", () => {
  const line = { name: "Ligne", quantity: 1, unit: "heure", unit_price: 10, tax_rate: 20 };
  const body = (over: object) => ({
    name: "Démesure",
    client_id: clientId,
    date: "2026-11-20",
    items: [line],
    ...over,
  });

  it("answers a French 400 on the field to 1e308, never a 500", async () => {
    for (const [path, over] of [
      ["items.0.quantity", { items: [{ ...line, quantity: 1e308 }] }],
      ["items.0.unit_price", { items: [{ ...line, unit_price: 1e308 }] }],
      ["discount_percentage", { discount_percentage: 1e308 }],
      ["discount_amount", { discount_amount: 1e308 }],
    ] as const) {
      const res = await api(admin, "POST", "/api/quotes", body(over));
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
  });

  it("refuses lines each within bounds whose total goes beyond 9 999 999 999,99 €, on POST and PUT", async () => {
    const huge = { ...line, quantity: 1_000_000, unit_price: 10_000_000 };
    const res = await api(admin, "POST", "/api/quotes", body({ items: [huge] }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message: MONEY_TEXTS.totalTooLarge });
    expect(res.json().details).toEqual([{ path: "items", message: MONEY_TEXTS.totalTooLarge }]);
    // 500 lines of 27 000 000 € HT each fit one by one, not together.
    const many = Array.from({ length: 500 }, () => ({ ...line, quantity: 3, unit_price: 9_000_000 }));
    const quote = await createQuote(admin);
    const put = await api(admin, "PUT", `/api/quotes/${quote.id}`, {
      ...body({ items: many }),
      status: quote.status,
      valid_until: null,
      notes: null,
      terms: null,
      discount_percentage: 0,
      discount_amount: 0,
    });
    expect(put.statusCode, put.body).toBe(400);
    expect(put.json().message).toBe(MONEY_TEXTS.totalTooLarge);
    // The largest total that fits is accepted.
    const fits = await api(
      admin,
      "POST",
      "/api/quotes",
      body({ items: [{ ...line, quantity: 1, unit_price: 8_000_000, tax_rate: 20 }] }),
    );
    expect(fits.statusCode, fits.body).toBe(201);
  });
});

describe("the sums per status hold any number of the largest quotes (issue 31)", () => {
  it("adds a quote to sums already beyond numeric(14,2) and reads them back", async () => {
    const co = await createTestCompany(db, "Sommes");
    const token = (await login(app, co.emails.admin)).token;
    const client = (await api(token, "POST", "/api/clients", { name: "Alpha", phone: "0600000004" })).json().id;
    const body = { name: "Gros", client_id: client, date: "2026-11-20", items: [{ ...items[0], quantity: 1 }] };
    expect((await api(token, "POST", "/api/quotes", body)).statusCode).toBe(201);
    // What a hundred quotes of 9 999 999 999,99 € add up to: at the edge of the former numeric(14,2).
    await db.run({ companyId: co.id }, (tx) =>
      tx.execute(sql`UPDATE quote_status_totals SET total = 999999999990, net_ht = 999999999990
                     WHERE company_id = ${co.id}`),
    );
    const res = await api(token, "POST", "/api/quotes", body);
    expect(res.statusCode, res.body).toBe(201);
    const list = (await api(token, "GET", "/api/quotes")).json();
    expect(list.meta.summary.total_amount).toBeGreaterThan(999_999_999_999.99);
  });
});

describe("POST /api/quotes/:id/duplicate", () => {
  it("duplicates with ' (Copie)', a draft status, today's dates and the items", async () => {
    const quote = await createQuote(admin, { status: "valide", date: "2026-01-10" });
    const res = await api(admin, "POST", `/api/quotes/${quote.id}/duplicate`, {});
    expect(res.statusCode).toBe(201);
    const copy = res.json();
    const today = parisToday();
    expect(copy).toMatchObject({
      name: "Rénovation salle de bain (Copie)",
      status: "en cours de redaction",
      date: today,
      valid_until: addDays(today, 30),
      total: quote.total,
      items_count: 3,
    });
    expect(copy.reference).not.toBe(quote.reference);
    const history = (await api(admin, "GET", `/api/quotes/${copy.id}/history`)).json();
    expect(history[0]).toMatchObject({ action: "created", metadata: { duplicated_from: quote.reference } });
    const bare = (
      await api(admin, "POST", `/api/quotes/${quote.id}/duplicate`, {
        name: "Sans lignes",
        include_items: false,
      })
    ).json();
    expect(bare).toMatchObject({ name: "Sans lignes", status: "en cours de redaction", items: [], total: 0 });
  });

  it("numbers the copy's lines again and answers 404 for an unknown or malformed id", async () => {
    const quote = await createQuote(admin);
    const copy = (await api(admin, "POST", `/api/quotes/${quote.id}/duplicate`, {})).json();
    expect(copy.items.map((i: { position: number; name: string }) => [i.position, i.name])).toEqual(
      quote.items.map((i: { position: number; name: string }) => [i.position, i.name]),
    );
    expect(copy.items.map((i: { id: string }) => i.id)).not.toContain(quote.items[0].id);
    for (const id of ["6f1c2a8e-1b2c-4d5e-8f90-a1b2c3d4e5f6", "pas-un-id"]) {
      const res = await api(admin, "POST", `/api/quotes/${id}/duplicate`, {});
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(QUOTE_TEXTS.notFound);
    }
  });
});

describe("a quote without lines stays a draft", () => {
  const sent = { status: "envoye au client" };

  it("refuses to create it in any other status (409), and creates it as a draft", async () => {
    for (const status of ["envoye au client", "client relance", "valide", "refuse", "annule"]) {
      const res = await api(admin, "POST", "/api/quotes", {
        name: "Vide",
        client_id: clientId,
        date: "2026-11-20",
        status,
        items: [],
      });
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toMatchObject({ code: "CONFLICT", error: QUOTE_TEXTS.linesRequired });
    }
    const draft = await createQuote(admin, { items: [], discount_percentage: 0 });
    expect(draft).toMatchObject({ status: "en cours de redaction", items: [], total: 0 });
  });

  it("refuses to send or validate it by a PUT, or to remove its last line while changing its status", async () => {
    const empty = await createQuote(admin, { items: [], discount_percentage: 0 });
    const body = quoteBody(empty);
    for (const status of ["envoye au client", "valide"]) {
      const res = await api(admin, "PUT", `/api/quotes/${empty.id}`, { ...body, status });
      expect(res.statusCode, status).toBe(409);
      expect(res.json().error).toBe(QUOTE_TEXTS.linesRequired);
    }

    const quote = await createQuote(admin, { ...sent, items: [items[0]] });
    const withoutLines = quoteBody(quote, { items: [] });
    const res = await api(admin, "PUT", `/api/quotes/${quote.id}`, { ...withoutLines, status: "valide" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(QUOTE_TEXTS.linesRequired);
    // Nor by keeping its status: a sent quote keeps its line.
    expect((await api(admin, "PUT", `/api/quotes/${quote.id}`, { ...withoutLines, ...sent })).statusCode).toBe(409);
    const stored = (await api(admin, "GET", `/api/quotes/${quote.id}`)).json();
    expect(stored).toMatchObject({ status: "envoye au client", items_count: 1 });
    const history = (await api(admin, "GET", `/api/quotes/${quote.id}/history`)).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual(["created"]);

    // Back to draft, its last line may go.
    const draft = await api(admin, "PUT", `/api/quotes/${quote.id}`, {
      ...withoutLines,
      status: "en cours de redaction",
    });
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toMatchObject({ status: "en cours de redaction", items: [], total: 0 });
  });

  it("refuses a copy without lines that keeps a sent or validated status", async () => {
    const quote = await createQuote(admin, sent);
    const res = await api(admin, "POST", `/api/quotes/${quote.id}/duplicate`, {
      include_items: false,
      reset_status: false,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(QUOTE_TEXTS.linesRequired);
  });
});

describe("PUT /api/quotes/:id carries the whole quote", () => {
  /** A sent quote with a value in every field, none of them a default. */
  const sentQuote = () =>
    createQuote(admin, {
      status: "envoye au client",
      valid_until: "2027-01-15",
      notes: "Accès par la cour",
      terms: "Acompte de 30 %",
      discount_percentage: 0,
      discount_amount: 40,
    });

  it.each(["status", "items", "discount_percentage", "discount_amount", "valid_until", "notes", "terms"])(
    "refuses a body without %s (« Champ obligatoire ») and changes nothing",
    async (key) => {
      const quote = await sentQuote();
      const { [key as "status"]: _left, ...body } = quoteBody(quote, { name: "Renommé" });
      const res = await api(admin, "PUT", `/api/quotes/${quote.id}`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details).toEqual([{ path: key, message: "Champ obligatoire" }]);
      const stored = (await api(admin, "GET", `/api/quotes/${quote.id}`)).json();
      expect(stored).toEqual(quote);
      expect(stored).toMatchObject({ name: "Rénovation salle de bain", status: "envoye au client", items_count: 3 });
      const history = (await api(admin, "GET", `/api/quotes/${quote.id}/history`)).json();
      expect(history.map((h: { action: string }) => h.action)).toEqual(["created"]);
    },
  );

  it("empties what the body says is empty: null or empty text, no line, no discount", async () => {
    const quote = await sentQuote();
    const res = await api(admin, "PUT", `/api/quotes/${quote.id}`, {
      ...quoteBody(quote),
      status: "en cours de redaction",
      valid_until: "",
      notes: null,
      terms: "  ",
      discount_percentage: 0,
      discount_amount: 0,
      items: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: "en cours de redaction",
      valid_until: null,
      notes: null,
      terms: null,
      discount: 0,
      items: [],
      total: 0,
    });
  });
});

describe("PUT /api/quotes/:id on the version it edits (ADR 0024)", () => {
  const put = (token: string, id: string, body: object, ifMatch?: string) =>
    app.inject({
      method: "PUT",
      url: `/api/quotes/${id}`,
      headers: { authorization: `Bearer ${token}`, ...(ifMatch ? { "if-match": ifMatch } : {}) },
      payload: body,
    });

  it("never erases a line a colleague added: the save on the older version answers 409 and changes nothing", async () => {
    const quote = await createQuote(admin, {});
    const opened = (await api(admin, "GET", `/api/quotes/${quote.id}`)).headers.etag as string;
    expect(opened).toBe(`"${quote.updated_at}"`);
    // The chef adds a line and saves, on the version he opened.
    const chefLine = { name: "Plinthes", description: null, quantity: 12, unit: "ml", unit_price: 6, tax_rate: 10 };
    const chef = await put(admin, quote.id, quoteBody(quote, { items: [...items, chefLine] }), opened);
    expect(chef.statusCode, chef.body).toBe(200);
    expect(chef.headers.etag).not.toBe(opened);
    // The secretary saves the form she opened before: refused, in French, with the words.
    const late = await put(admin, quote.id, quoteBody(quote, { name: "Salle de bain et couloir" }), opened);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: "STALE_VERSION", error: MESSAGES.staleVersion });
    const stored = (await api(admin, "GET", `/api/quotes/${quote.id}`)).json();
    expect(stored.name).toBe(quote.name);
    expect(stored.items.map((i: { name: string }) => i.name)).toContain("Plinthes");
    // Reloaded, her save goes through on the chef's version and keeps his line.
    const reloaded = await put(
      admin,
      quote.id,
      quoteBody(stored, { name: "Salle de bain et couloir" }),
      chef.headers.etag as string,
    );
    expect(reloaded.statusCode, reloaded.body).toBe(200);
    expect(reloaded.json().items.map((i: { name: string }) => i.name)).toContain("Plinthes");
  });

  it("without If-Match nothing is checked (the published contract), and the last save wins as before", async () => {
    const quote = await createQuote(admin, {});
    expect((await put(admin, quote.id, quoteBody(quote, { name: "Premier" }))).statusCode).toBe(200);
    const second = await put(admin, quote.id, quoteBody(quote, { name: "Second" }));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().name).toBe("Second");
  });
});

describe("figures the server owns", () => {
  it("numbers the lines in their order and makes their ids: a sent position or id is ignored", async () => {
    const sentLines = items.map((item, index) => ({
      ...item,
      position: items.length - index,
      id: "6f1c2a8e-1b2c-4d5e-8f90-a1b2c3d4e5f6",
    }));
    const quote = await createQuote(admin, { items: sentLines });
    expect(quote.items.map((i: { position: number; name: string }) => [i.position, i.name])).toEqual([
      [1, "Dépose carrelage"],
      [2, "Pose faïence"],
      [3, "Isolation"],
    ]);
    expect(new Set(quote.items.map((i: { id: string }) => i.id)).size).toBe(3);
    expect(quote.items.map((i: { id: string }) => i.id)).not.toContain(sentLines[0]?.id);

    const reordered = [items[2], items[0]].map((item, index) => ({ ...item, position: 7 + index, id: "x" }));
    const res = await api(admin, "PUT", `/api/quotes/${quote.id}`, quoteBody(quote, { items: reordered }));
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { position: number; name: string }) => [i.position, i.name])).toEqual([
      [1, "Isolation"],
      [2, "Dépose carrelage"],
    ]);
  });

  it("keeps only the discount that applies: a percentage sets the amount to 0", async () => {
    const quote = await createQuote(admin, { discount_percentage: 10, discount_amount: 50 });
    expect(quote).toMatchObject({ discount_percentage: 10, discount_amount: 0, discount: 57.34 });
    // Sent again with both, nothing changed: no history entry.
    const body = quoteBody(quote, { discount_percentage: 10, discount_amount: 50, items });
    expect((await api(admin, "PUT", `/api/quotes/${quote.id}`, body)).statusCode).toBe(200);
    const history = (await api(admin, "GET", `/api/quotes/${quote.id}/history`)).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual(["created"]);
    // A fixed amount applies only without a percentage, and never above the subtotal.
    const fixed = await api(admin, "PUT", `/api/quotes/${quote.id}`, { ...body, discount_percentage: 0 });
    expect(fixed.json()).toMatchObject({ discount_percentage: 0, discount_amount: 50, discount: 50 });
    const tooMuch = await api(admin, "PUT", `/api/quotes/${quote.id}`, {
      ...body,
      discount_percentage: 0,
      discount_amount: 573.41,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().details).toContainEqual({ path: "discount_amount", message: QUOTE_TEXTS.discountTooLarge });
  });
});

describe("GET /api/quotes", () => {
  it("filters by status, client and search, and sums the whole filtered set", async () => {
    const listCo = await createTestCompany(db, "Liste");
    const token = (await login(app, listCo.emails.admin)).token;
    const mk = async (name: string, status: string, client: string, price: number) =>
      (
        await api(token, "POST", "/api/quotes", {
          name,
          status,
          client_id: client,
          date: "2026-11-20",
          items: [{ name: "Ligne", quantity: 1, unit: "forfait", unit_price: price, tax_rate: 20 }],
        })
      ).json();
    const dupont = (await api(token, "POST", "/api/clients", { name: "Dupont Bâtiment", phone: "0600000001" })).json()
      .id;
    const durand = (await api(token, "POST", "/api/clients", { name: "Durand", phone: "0600000002" })).json().id;
    for (let i = 0; i < 22; i++) await mk(`Cuisine ${i}`, "en cours de redaction", durand, 100);
    await mk("Toiture", "envoye au client", dupont, 1000);
    await mk("Façade", "client relance", dupont, 2000);
    const validated = await mk("Véranda", "valide", durand, 5000);

    const all = (await api(token, "GET", "/api/quotes")).json();
    expect(all.data).toHaveLength(20);
    expect(all.meta).toMatchObject({ total: 25, page: 1, limit: 20 });
    expect(all.meta.summary).toEqual({
      count: 25,
      validated_count: 1,
      in_progress_count: 22,
      pending_amount: 1200 + 2400,
      validated_amount: 6000,
      total_amount: 22 * 120 + 1200 + 2400 + 6000,
      pending_amount_ht: 1000 + 2000,
      validated_amount_ht: 5000,
      total_amount_ht: 22 * 100 + 1000 + 2000 + 5000,
      expired_count: 0,
      expired_amount_ht: 0,
    });
    expect((await api(token, "GET", "/api/quotes?page=2")).json().data).toHaveLength(5);

    const byClient = (await api(token, "GET", `/api/quotes?client_id=${dupont}`)).json();
    expect(byClient.data.map((q: { name: string }) => q.name).sort()).toEqual(["Façade", "Toiture"]);
    const byClientName = (await api(token, "GET", "/api/quotes?search=dupont")).json();
    expect(byClientName.meta.total).toBe(2);
    const byReference = (await api(token, "GET", `/api/quotes?search=${validated.reference.toLowerCase()}`)).json();
    expect(byReference.data.map((q: { id: string }) => q.id)).toEqual([validated.id]);
    const byName = (await api(token, "GET", "/api/quotes?search=CUISINE&status=en%20cours%20de%20redaction")).json();
    expect(byName.meta.total).toBe(22);
    expect(byName.meta.summary.total_amount).toBe(22 * 120);
    expect((await api(token, "GET", "/api/quotes?status=nope")).statusCode).toBe(400);
  });

  it("keeps the summary equal to the quotes through edits, status changes, duplicates and deletions", async () => {
    const co = await createTestCompany(db, "Synthèse");
    const token = (await login(app, co.emails.admin)).token;
    const client = async (name: string) =>
      (await api(token, "POST", "/api/clients", { name, phone: "0600000003" })).json().id as string;
    const [a, b] = [await client("Alpha"), await client("Bravo")];
    // A whole quote: a creation and a PUT alike.
    const body = (clientId: string, price: number, status = "en cours de redaction") => ({
      name: "Travaux",
      status,
      client_id: clientId,
      date: "2026-11-20",
      valid_until: "2026-12-20",
      notes: null,
      terms: null,
      discount_percentage: 0,
      discount_amount: 0,
      items: [{ name: "Ligne", quantity: 3, unit: "heure", unit_price: price, tax_rate: 10 }],
    });
    const q1 = (await api(token, "POST", "/api/quotes", body(a, 33.33))).json();
    const q2 = (await api(token, "POST", "/api/quotes", body(b, 100, "envoye au client"))).json();
    await api(token, "POST", "/api/quotes", body(b, 12.5, "refuse"));
    // An edit of the amount, a status change, a validation, a duplicate (back to draft).
    expect((await api(token, "PUT", `/api/quotes/${q1.id}`, body(a, 40))).statusCode).toBe(200);
    expect((await api(token, "PUT", `/api/quotes/${q2.id}`, body(b, 100, "client relance"))).statusCode).toBe(200);
    expect((await api(token, "PUT", `/api/quotes/${q1.id}`, body(a, 40, "valide"))).statusCode).toBe(200);
    expect((await api(token, "POST", `/api/quotes/${q2.id}/duplicate`, {})).statusCode).toBe(201);
    // Another company's quotes never count.
    await api(otherAdmin, "POST", "/api/quotes", body(otherClientId, 999));

    /** The summary recomputed here from every quote the list returns. */
    const expected = async (query = "") =>
      summaryOfQuotes((await api(token, "GET", `/api/quotes?limit=100${query}`)).json().data);
    const summary = async (query = "") =>
      (await api(token, "GET", `/api/quotes?limit=100${query}`)).json().meta.summary;

    expect(await expected()).toMatchObject({ count: 4, validated_count: 1, in_progress_count: 1 });
    for (const query of ["", `&client_id=${b}`, "&status=client%20relance", "&status=valide", "&search=travaux"]) {
      expect(await summary(query)).toEqual(await expected(query));
    }
    expect((await summary()).validated_amount).toBe(132);

    // No route deletes a quote (nor a client that has some); deleted in SQL, the totals follow.
    await db.run({ companyId: co.id }, (tx) => tx.execute(sql`DELETE FROM quotes WHERE client_id = ${b}`));
    expect(await summary()).toEqual(await expected());
    expect(await summary()).toMatchObject({ count: 1, validated_count: 1, total_amount: 132 });
  });
});

describe("GET /api/quotes?search= (the quotes' search copies, ADR 0009)", () => {
  interface Listed extends SummedQuote {
    id: string;
    reference: string;
    name: string;
    client: { name: string };
  }
  const summaryOf = (quotes: Listed[]) => summaryOfQuotes(quotes);

  it("finds what the list holds through creations, edits, status and client changes, a renamed client and deletions", async () => {
    const co = await createTestCompany(db, "Recherche");
    const token = (await login(app, co.emails.admin)).token;
    const newClient = async (name: string) =>
      (await api(token, "POST", "/api/clients", { name, phone: "0600000004" })).json() as {
        id: string;
        name: string;
      };
    const nord = await newClient("Atelier Nord");
    const sud = await newClient("Boulangerie Sud");
    const line = (price: number) => [{ name: "Ligne", quantity: 1, unit: "forfait", unit_price: price, tax_rate: 20 }];
    const create = async (name: string, client: string, status = "en cours de redaction", price = 100) => {
      const res = await api(token, "POST", "/api/quotes", {
        name,
        status,
        client_id: client,
        date: "2026-11-20",
        items: line(price),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const put = async (quote: Parameters<typeof quoteBody>[0] & { id: string }, changes: object) => {
      const res = await api(token, "PUT", `/api/quotes/${quote.id}`, quoteBody(quote, changes));
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    /**
     * Each search answers exactly the quotes that the list without search (read from quotes itself)
     * holds under the same filter and whose reference, name or client's name contain the term, in the
     * same order, with the same summary as those quotes; and the copies equal their quotes.
     */
    const searches = async (terms: string[], filters: string[]) => {
      const copies = await db.run({ companyId: co.id }, (tx) =>
        tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (
          (SELECT id, company_id, client_id, status, date, reference, total, net_ht, valid_until, search_text FROM quotes
           EXCEPT SELECT quote_id, company_id, client_id, status, date, reference, total, net_ht, valid_until, search_text
           FROM quote_search_rows)
          UNION ALL
          (SELECT quote_id, company_id, client_id, status, date, reference, total, net_ht, valid_until, search_text
           FROM quote_search_rows
           EXCEPT SELECT id, company_id, client_id, status, date, reference, total, net_ht, valid_until, search_text
           FROM quotes)) d`),
      );
      expect(copies.rows[0]?.n, "rows of quote_search_rows that differ from their quote").toBe(0);
      const found: Record<string, string[]> = {};
      for (const filter of filters) {
        const listed: Listed[] = (await api(token, "GET", `/api/quotes?limit=100${filter}`)).json().data;
        for (const term of terms) {
          const t = term.toLowerCase();
          const expected = listed.filter(
            (q) =>
              foldOracle(`${q.reference} ${q.name}`).includes(foldOracle(t)) ||
              foldOracle(q.client.name).includes(foldOracle(t)),
          );
          const res = (
            await api(token, "GET", `/api/quotes?limit=100${filter}&search=${encodeURIComponent(term)}`)
          ).json();
          const label = `search=${term}${filter}`;
          expect(
            res.data.map((q: Listed) => q.id),
            label,
          ).toEqual(expected.map((q) => q.id));
          expect(res.meta.total, label).toBe(expected.length);
          expect(res.meta.summary, label).toEqual(summaryOf(expected));
          found[`${term}${filter}`] = expected.map((q) => q.name);
        }
      }
      return found;
    };
    const terms = ["cuisine", "terrasse", "nord", "boulangerie", "menuiserie", "%", "DEV-"];
    const filters = () => ["", "&status=valide", "&status=en%20cours%20de%20redaction", `&client_id=${nord.id}`];

    const q1 = await create("Pose cuisine", nord.id);
    const q2 = await create("Salle de bain", sud.id, "envoye au client", 2000);
    const q3 = await create("Cuisine d'été", sud.id, "valide", 5000);
    const q4 = await create("Remise 100 % terrasse", nord.id, "client relance");
    // Another company's quotes and client, under the same words, are never found.
    const theirClient = (
      await api(otherAdmin, "POST", "/api/clients", { name: "Menuiserie Nord", phone: "0600000005" })
    ).json().id;
    for (const name of ["Cuisine concurrente", "Terrasse concurrente"]) {
      const res = await api(otherAdmin, "POST", "/api/quotes", { name, client_id: theirClient, date: "2026-11-20" });
      expect(res.statusCode).toBe(201);
    }

    let found = await searches(terms, filters());
    expect(found.cuisine).toEqual(expect.arrayContaining(["Pose cuisine", "Cuisine d'été"]));
    expect(found.cuisine).toHaveLength(2);
    expect(found["cuisine&status=valide"]).toEqual(["Cuisine d'été"]);
    expect(found["terrasse&status=valide"]).toEqual([]);
    expect(found.nord).toHaveLength(2);
    expect(found["%"]).toEqual(["Remise 100 % terrasse"]);
    expect(found.menuiserie).toEqual([]);
    expect(found["DEV-"]).toHaveLength(4);

    // A new name, a new status and amount, another client, a duplicate.
    await put(q1, { name: "Terrasse bois" });
    await put(q4, { status: "valide", items: line(250) });
    await put(q2, { client_id: nord.id, status: "client relance" });
    expect((await api(token, "POST", `/api/quotes/${q3.id}/duplicate`, { name: "Cuisine bis" })).statusCode).toBe(201);
    found = await searches(terms, filters());
    expect(found.cuisine).toEqual(expect.arrayContaining(["Cuisine d'été", "Cuisine bis"]));
    expect(found.cuisine).toHaveLength(2);
    expect(found["cuisine&status=valide"]).toEqual(["Cuisine d'été"]);
    expect(found["terrasse&status=valide"]).toEqual(["Remise 100 % terrasse"]);
    expect(found.terrasse).toEqual(expect.arrayContaining(["Terrasse bois", "Remise 100 % terrasse"]));
    expect(found.nord).toHaveLength(3);
    const validated = (await api(token, "GET", "/api/quotes?search=terrasse&status=valide")).json();
    expect(validated.meta.summary).toMatchObject({ count: 1, validated_amount: 300 });

    // A renamed client: its quotes are found by the new name at once, no longer by the old one.
    const renamed = await api(token, "PUT", `/api/clients/${sud.id}`, {
      name: "Menuiserie Durand",
      email: null,
      phone: "0600000004",
      address: null,
      postal_code: null,
      city: null,
      notes: null,
      is_active: true,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    found = await searches(terms, filters());
    expect(found.menuiserie).toEqual(expect.arrayContaining(["Cuisine d'été", "Cuisine bis"]));
    expect(found.menuiserie).toHaveLength(2);
    expect(found.boulangerie).toEqual([]);

    // No route deletes a quote (nor a client that has some); deleted in SQL, their copies go with them.
    await db.run({ companyId: co.id }, (tx) => tx.execute(sql`DELETE FROM quotes WHERE client_id = ${nord.id}`));
    found = await searches(terms, filters());
    expect(found.terrasse).toEqual([]);
    expect(found.nord).toEqual([]);
    expect(found.cuisine).toHaveLength(2);
  });
});

describe("rights and other companies", () => {
  it("lets the Compagnon read but not write, and a user without role nothing", async () => {
    const quote = await createQuote(admin);
    expect((await api(compagnon, "GET", `/api/quotes/${quote.id}`)).statusCode).toBe(200);
    expect(
      (await api(compagnon, "POST", "/api/quotes", { name: "X", client_id: clientId, date: "2026-11-20" })).statusCode,
    ).toBe(403);
    expect((await api(compagnon, "POST", `/api/quotes/${quote.id}/duplicate`, {})).statusCode).toBe(403);
    expect((await api(norole, "GET", "/api/quotes")).statusCode).toBe(403);
  });

  it("answers 404 for another company's quote on every route", async () => {
    const quote = await createQuote(admin);
    for (const [method, url, payload] of [
      ["GET", `/api/quotes/${quote.id}`, undefined],
      ["PUT", `/api/quotes/${quote.id}`, quoteBody(quote, { name: "X", client_id: otherClientId })],
      ["POST", `/api/quotes/${quote.id}/duplicate`, {}],
      ["POST", `/api/quotes/${quote.id}/duplicate-as-template`, {}],
      ["GET", `/api/quotes/${quote.id}/history`, undefined],
      ["GET", `/api/quotes/${quote.id}/pdf`, undefined],
    ] as const) {
      const res = await api(otherAdmin, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await api(otherAdmin, "GET", "/api/quotes")).json().data.map((q: { id: string }) => q.id)).not.toContain(
      quote.id,
    );
  });
});

describe("GET /api/quotes/:id/pdf", () => {
  it("renders a real PDF with the reference, the totals, the VAT per rate and the mentions", async () => {
    const identity = await api(admin, "PUT", "/api/company/info", {
      name: "Devis SARL",
      address1: "12 avenue des Artisans",
      address2: null,
      zip_code: "69003",
      city: "Lyon",
      country: "France",
      phone_contact: null,
      email_contact: "contact@devis-sarl.fr",
      website: null,
      siret: "523 456 788 00018",
      tva_number: "FR31523456788",
      legal_form: null,
      share_capital: null,
      registration: null,
      insurer_name: null,
      insurer_policy: null,
      insurance_coverage: null,
      vat_franchise: false,
      iban: null,
      bic: null,
    });
    expect(identity.statusCode, identity.body).toBe(200);
    const quote = await createQuote(admin);
    const res = await api(admin, "GET", `/api/quotes/${quote.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="devis-${quote.reference}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(res.rawPayload.toString("latin1")).toMatch(/FontFile2|FontFile3/);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, " ");
    const euro = (n: number) =>
      new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }).format(n).replace(/\s/g, " ");
    for (const expected of [
      quote.reference,
      "Famille Martin",
      "SIRET 523 456 788 00018",
      "FR31523456788",
      "Dépose carrelage",
      euro(quote.total),
      euro(quote.subtotal),
      euro(quote.tax_amount),
      "Bon pour accord",
      "Devis reçu avant l’exécution des travaux",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("TVA non applicable");
  });

  it("carries the art. 293 B mention when no VAT applies", async () => {
    const quote = await createQuote(admin, {
      items: [{ name: "Main d'œuvre", quantity: 1, unit: "forfait", unit_price: 500, tax_rate: 0 }],
    });
    const text = await pdfText((await api(admin, "GET", `/api/quotes/${quote.id}/pdf`)).rawPayload);
    expect(text).toContain("TVA non applicable, art. 293 B du CGI");
  });

  it("prints the client's certification of each reduced rate it uses, and none at 20 % (issue 32)", async () => {
    const flat = (buffer: Buffer) => pdfText(buffer).then((t) => t.replace(/\s+/g, " "));
    const mention = (text: string) => text.replace(/\s+/g, " ");
    // Lines at 20, 10 and 5,5 %: the 279-0 bis certification and the 278-0 bis A one.
    const mixed = await createQuote(admin);
    const both = await flat((await api(admin, "GET", `/api/quotes/${mixed.id}/pdf`)).rawPayload);
    expect(both).toContain(mention(VAT_RULE_TEXTS.housingWorksMention));
    expect(both).toContain(mention(VAT_RULE_TEXTS.energyRenovationMention));
    // A business client's workshop at 20 %: no mention meant for dwellings.
    const workshop = await createQuote(admin, {
      items: [{ name: "Cloison de l'atelier", quantity: 1, unit: "forfait", unit_price: 900, tax_rate: 20 }],
    });
    const normal = await flat((await api(admin, "GET", `/api/quotes/${workshop.id}/pdf`)).rawPayload);
    expect(normal).not.toContain("279-0 bis");
    expect(normal).not.toContain("278-0 bis A");
    // At 10 % only: the 10 % certification alone.
    const housing = await createQuote(admin, {
      items: [{ name: "Peinture du séjour", quantity: 1, unit: "forfait", unit_price: 900, tax_rate: 10 }],
    });
    const ten = await flat((await api(admin, "GET", `/api/quotes/${housing.id}/pdf`)).rawPayload);
    expect(ten).toContain(mention(VAT_RULE_TEXTS.housingWorksMention));
    expect(ten).not.toContain("278-0 bis A");
  });

  it("never serves a stale PDF: a change of the quote, the identity or the terms shows at once", async () => {
    const quote = await createQuote(admin, { items: [items[0]] });
    const text = async () =>
      (await pdfText((await api(admin, "GET", `/api/quotes/${quote.id}/pdf`)).rawPayload)).replace(/\s+/g, " ");
    const first = await text();
    expect(first).toContain("Rénovation salle de bain");
    expect(await text()).toBe(first);

    const body = quoteBody(quote, { name: "Cuisine équipée" });
    expect((await api(admin, "PUT", `/api/quotes/${quote.id}`, body)).statusCode).toBe(200);
    expect(await text()).toContain("Cuisine équipée");

    const info = (await api(admin, "GET", "/api/company/info")).json();
    const { logo_url: _logo, ...identity } = info;
    await api(admin, "PUT", "/api/company/info", { ...identity, city: "Villeurbanne" });
    expect(await text()).toContain("69003 Villeurbanne");
    await api(admin, "PUT", "/api/company/info", identity);

    await api(admin, "PUT", "/api/company/settings", {
      quote_validity_days: 30,
      terms_and_conditions: "Acompte de 30 % à la commande.",
    });
    expect(await text()).toContain("Acompte de 30 % à la commande.");
    await api(admin, "PUT", "/api/company/settings", { quote_validity_days: 30, terms_and_conditions: null });
  });
});
