import { createTestCompany, login } from "@server/test/helpers";
import { fold, type SortKey, sortRows } from "@server/test/sorting";
import { addDays, parisToday } from "@shared/dates";
import { toCents } from "@shared/money";
import { QUOTE_SORT_ORDERS, QUOTE_SORTS, type QuoteSort } from "@shared/quotes";
import { describe, expect, it } from "vitest";
import { type SummedQuote, setupQuotesTest, summaryOfQuotes } from "./quotes.fixtures";

const { app, db, api } = await setupQuotesTest();

interface Listed extends SummedQuote {
  id: string;
  name: string;
  net_ht?: number;
  client: { name: string };
}

// « Figures an accountant reads as he expects » (docs/domain/quotes.md#list-and-figures): amounts HT
// after discount; sent quotes past their validity date apart (« Expirés »), out of « en attente » and of
// the total, as are refused and cancelled ones; « Envoyés » holds sent and reminded quotes.
const co = await createTestCompany(db, "Chiffres honnêtes");
const token = (await login(app, co.emails.admin)).token;
const today = parisToday();
const client = async (name: string) =>
  (await api(token, "POST", "/api/clients", { name, phone: "0600000010" })).json().id as string;
const [zola, abel] = [await client("Zola Peinture"), await client("Abel Maçonnerie")];
const create = async (name: string, clientId: string, status: string, price: number, validUntil: string) => {
  const date = addDays(validUntil, -30);
  const res = await api(token, "POST", "/api/quotes", {
    name,
    status,
    client_id: clientId,
    date,
    valid_until: validUntil,
    discount_percentage: 10,
    items: [{ name: "Travaux", quantity: 1, unit: "forfait", unit_price: price, tax_rate: 10 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Listed;
};
const past = addDays(today, -1);
const future = addDays(today, 20);
await create("Brouillon", zola, "en cours de redaction", 100, future);
await create("Envoyé valable", zola, "envoye au client", 1000, future);
await create("Relancé valable jusqu'à ce soir", abel, "client relance", 2000, today);
await create("Envoyé expiré", abel, "envoye au client", 4000, past);
await create("Relancé expiré", zola, "client relance", 8000, past);
await create("Validé", abel, "valide", 16000, past);
await create("Refusé", zola, "refuse", 32000, future);
await create("Annulé", abel, "annule", 64000, future);

const list = async (query: string) => (await api(token, "GET", `/api/quotes?limit=100${query}`)).json();

describe("the list's figures, filters and orders", () => {
  it("sums HT after discount, with the expired quotes apart and out of the total", async () => {
    const { summary } = (await list("")).meta;
    // 10 % off each: HT after discount = 0.9 × price.
    expect(summary).toMatchObject({
      count: 8,
      pending_amount_ht: 2700,
      validated_amount_ht: 14400,
      total_amount_ht: 90 + 2700 + 14400,
      expired_count: 2,
      expired_amount_ht: 10800,
    });
    // The spec's figures stay as published: TTC, every sent quote pending.
    expect(summary.pending_amount).toBe(Math.round((900 + 1800 + 3600 + 7200) * 1.1 * 100) / 100);
  });

  it("gives the same figures from every source: per-status totals, a client, a search, a state", async () => {
    for (const query of [
      "",
      "&status=envoye%20au%20client",
      `&client_id=${abel}`,
      "&search=valable",
      "&search=expir",
      "&state=pending",
      "&state=expired",
      "&state=expired&search=relanc",
      `&state=pending&client_id=${zola}`,
    ]) {
      const res = await list(query);
      expect(res.meta.summary, query).toEqual(summaryOfQuotes(res.data, today));
      expect(res.meta.total, query).toBe(res.data.length);
    }
  });

  it("filters « Envoyés » (sent and reminded, still valid) and « Expirés »", async () => {
    const names = async (query: string) => ((await list(query)).data as Listed[]).map((q) => q.name).sort();
    expect(await names("&state=pending")).toEqual(["Envoyé valable", "Relancé valable jusqu'à ce soir"]);
    expect(await names("&state=expired")).toEqual(["Envoyé expiré", "Relancé expiré"]);
    expect(await names("&state=expired&search=relanc")).toEqual(["Relancé expiré"]);
    const bad = await api(token, "GET", "/api/quotes?state=soon");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("Filtre invalide (pending ou expired)");
  });

  it("orders by date, by amount HT, by client, with or without a search, pages never overlapping", async () => {
    const byAmount = (await list("&sort=amount")).data as Listed[];
    expect(byAmount.map((q) => q.subtotal - q.discount)).toEqual(
      [...byAmount.map((q) => q.subtotal - q.discount)].sort((a, b) => b - a),
    );
    expect(byAmount[0]?.name).toBe("Annulé");
    const byClient = (await list("&sort=client")).data as Listed[];
    expect(byClient.slice(0, 4).every((q) => q.client.name === "Abel Maçonnerie")).toBe(true);
    const searched = (await list("&sort=amount&search=valable")).data as Listed[];
    expect(searched.map((q) => q.name)).toEqual(["Relancé valable jusqu'à ce soir", "Envoyé valable"]);
    const searchedByClient = (await list("&sort=client&search=expir")).data as Listed[];
    expect(searchedByClient.map((q) => q.name)).toEqual(["Envoyé expiré", "Relancé expiré"]);
    // Page by page, the same quotes as in one page.
    const pages: string[] = [];
    for (const page of [1, 2, 3]) {
      const res = (await api(token, "GET", `/api/quotes?limit=3&page=${page}&sort=client`)).json();
      pages.push(...res.data.map((q: Listed) => q.id));
    }
    expect(pages).toEqual(byClient.map((q) => q.id));
    expect((await api(token, "GET", "/api/quotes?sort=prix")).statusCode).toBe(400);
  });
});

describe("the list's orders in both directions (order=asc|desc)", () => {
  type Row = Listed & { client_id: string; date: string; reference: string };
  const KEYS: Record<QuoteSort, SortKey<Row>[]> = {
    date: [{ value: (q) => q.date }, { value: (q) => q.reference }],
    // Highest first by default, then the id the other way (as it always was).
    amount: [{ value: (q) => toCents(q.subtotal) - toCents(q.discount) }, { value: (q) => q.id, against: true }],
    client: [
      { value: (q) => fold(q.client.name) },
      { value: (q) => q.client_id },
      { value: (q) => q.date, fixed: "desc" },
      { value: (q) => q.reference, fixed: "desc" },
    ],
  };
  const ids = (rows: { id: string }[]) => rows.map((q) => q.id);
  const cases = QUOTE_SORTS.flatMap((sort) => [
    [sort, "asc"],
    [sort, "desc"],
  ]) as [QuoteSort, "asc" | "desc"][];

  it.each(cases)(
    "sort=%s&order=%s: the order computed from the rows, with a search too, pages without overlap",
    async (sort, order) => {
      const rows = (await list("")).data as Row[];
      const expected = ids(sortRows(rows, KEYS[sort], order));
      expect(ids((await list(`&sort=${sort}&order=${order}`)).data)).toEqual(expected);
      const pages: string[] = [];
      for (const page of [1, 2, 3]) {
        const res = (await api(token, "GET", `/api/quotes?limit=3&page=${page}&sort=${sort}&order=${order}`)).json();
        pages.push(...ids(res.data));
      }
      expect(pages).toEqual(expected);
      const matched = new Set(ids((await list("&search=envoy")).data));
      expect(matched.size).toBe(2);
      const found = expected.filter((id) => matched.has(id));
      expect(ids((await list(`&search=envoy&sort=${sort}&order=${order}`)).data)).toEqual(found);
      const all = new Set(ids((await list("&search=a")).data));
      expect(ids((await list(`&search=a&sort=${sort}&order=${order}`)).data)).toEqual(
        expected.filter((id) => all.has(id)),
      );
    },
  );

  it("keeps the published orders when order is left out, and refuses another value", async () => {
    for (const sort of QUOTE_SORTS) {
      expect(ids((await list(`&sort=${sort}`)).data)).toEqual(
        ids((await list(`&sort=${sort}&order=${QUOTE_SORT_ORDERS[sort]}`)).data),
      );
    }
    const bad = await api(token, "GET", "/api/quotes?order=desc&sort=date&limit=abc");
    expect(bad.statusCode).toBe(400);
    const res = await api(token, "GET", "/api/quotes?order=z-a");
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("Ordre invalide (asc ou desc)");
  });
});
