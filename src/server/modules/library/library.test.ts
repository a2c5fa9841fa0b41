import { randomUUID } from "node:crypto";
import { bearer, createTestCompany, login, setupApp, type TestCompany } from "@server/test/helpers";
import { fold, type SortKey, sortRows } from "@server/test/sorting";
import { CSV_TEXTS } from "@shared/csv";
import { LIBRARY_TEXTS, type LibraryItemDetail, type LibraryListResponse } from "@shared/library";
import { MONEY_TEXTS } from "@shared/money";
import { QUOTE_TEXTS } from "@shared/quote-rules";
import { beforeAll, describe, expect, it } from "vitest";

const { app, db } = await setupApp();
let company: TestCompany;
let other: TestCompany;
let admin: string;
let chef: string;
let compagnon: string;
let otherAdmin: string;

beforeAll(async () => {
  company = await createTestCompany(db, "Bibliothèque SARL");
  other = await createTestCompany(db, "Autre Bibliothèque SARL");
  const tokenOf = async (email: string) => (await login(app, email)).token;
  admin = await tokenOf(company.emails.admin);
  chef = await tokenOf(company.emails.chef);
  compagnon = await tokenOf(company.emails.compagnon);
  otherAdmin = await tokenOf(other.emails.admin);
});

const api = (token: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const article = (changes: object = {}) => ({
  kind: "article",
  name: "Carrelage grès cérame 45×45",
  description: null,
  unit: "m²",
  unit_price: 32.5,
  cost_price: 21.4,
  tax_rate: 10,
  category: "fourniture",
  supplier_reference: "PT-4545",
  ...changes,
});

async function create(token: string, payload: object): Promise<LibraryItemDetail> {
  const res = await api(token, "POST", "/api/library/items", payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as LibraryItemDetail;
}

/** « Pose carrelage sol 45×45 »: tiles, glue and labour, one m² of it. */
async function tilingOuvrage(token = admin, pricing: object = { pricing: "parts" }) {
  const tiles = await create(token, article({ name: `Carreau ${randomUUID().slice(0, 6)}` }));
  const glue = await create(
    token,
    article({ name: `Colle ${randomUUID().slice(0, 6)}`, unit: "kg", unit_price: 1.2, cost_price: 0.8 }),
  );
  const labour = await create(
    token,
    article({
      name: `Main-d'œuvre carreleur ${randomUUID().slice(0, 6)}`,
      unit: "heure",
      unit_price: 45,
      cost_price: 30,
      category: "main_oeuvre",
      supplier_reference: null,
    }),
  );
  const ouvrage = await create(token, {
    kind: "ouvrage",
    name: `Pose carrelage sol 45×45 ${randomUUID().slice(0, 6)}`,
    description: "Fourniture et pose collée",
    unit: "m²",
    tax_rate: 10,
    ...pricing,
    components: [
      { article_id: tiles.id, quantity: 1.05 },
      { article_id: glue.id, quantity: 5 },
      { article_id: labour.id, quantity: 0.75 },
    ],
  });
  return { tiles, glue, labour, ouvrage };
}

describe("POST /api/library/items", () => {
  it("adds an article, trimmed, with its prices as sent", async () => {
    const item = await create(admin, article({ name: "  Robinet thermostatique  ", description: " " }));
    expect(item).toMatchObject({
      kind: "article",
      name: "Robinet thermostatique",
      description: null,
      unit: "m²",
      unit_price: 32.5,
      cost_price: 21.4,
      tax_rate: 10,
      category: "fourniture",
      pricing: null,
      labour_hours: null,
      archived: false,
      components: [],
    });
  });

  it("prices an ouvrage from its parts: cost, sale price and labour time (hours of its labour parts)", async () => {
    const { ouvrage, tiles, labour } = await tilingOuvrage();
    // cost 1.05 × 21.40 + 5 × 0.80 + 0.75 × 30 = 22.47 + 4 + 22.5 = 48.97
    // sale 1.05 × 32.50 + 5 × 1.20 + 0.75 × 45 = 34.13 + 6 + 33.75 = 73.88 (34.125 rounded half up)
    expect(ouvrage).toMatchObject({ kind: "ouvrage", category: null, pricing: "parts", cost_price: 48.97 });
    expect(ouvrage.unit_price).toBe(73.88);
    expect(ouvrage.labour_hours).toBe(0.75);
    expect(ouvrage.components.map((c) => [c.article_id, c.quantity])).toEqual([
      [tiles.id, 1.05],
      [expect.any(String), 5],
      [labour.id, 0.75],
    ]);
  });

  it("prices by coefficient (cost × coefficient) or keeps a forced price", async () => {
    const byCoefficient = await tilingOuvrage(admin, { pricing: "coefficient", coefficient: 1.5 });
    expect(byCoefficient.ouvrage.unit_price).toBe(73.46); // 48.97 × 1.5 = 73.455
    const forced = await tilingOuvrage(admin, { pricing: "forced", forced_price: 79 });
    expect(forced.ouvrage).toMatchObject({ unit_price: 79, cost_price: 48.97 });
  });

  it("refuses an ouvrage, or an article's new price, that would price an ouvrage beyond what an amount holds (issue 31)", async () => {
    const big = await create(
      admin,
      article({ name: `Gros ${randomUUID().slice(0, 6)}`, unit_price: 10_000, cost_price: 10_000 }),
    );
    const ouvrage = (quantity: number, coefficient = 100) => ({
      kind: "ouvrage",
      name: `Ouvrage démesuré ${randomUUID().slice(0, 6)}`,
      description: null,
      unit: "forfait",
      tax_rate: 20,
      pricing: "coefficient",
      coefficient,
      forced_price: null,
      components: [{ article_id: big.id, quantity }],
    });
    // 1 000 000 × 10 000 € × 100: each figure within its bounds, the price far beyond.
    const res = await api(admin, "POST", "/api/library/items", ouvrage(1_000_000));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message: MONEY_TEXTS.totalTooLarge, details: [{ path: "components" }] });
    // One that fits, then its part's price raised beyond: the article's change is refused, nothing moves.
    await create(admin, ouvrage(1_000, 1));
    const raise = await api(admin, "PUT", `/api/library/items/${big.id}`, {
      ...article({ name: big.name }),
      unit_price: 10_000_000,
      cost_price: 10_000_000,
    });
    expect(raise.statusCode, raise.body).toBe(400);
    expect(raise.json()).toMatchObject({ message: MONEY_TEXTS.totalTooLarge, details: [{ path: "unit_price" }] });
    expect((await api(admin, "GET", `/api/library/items/${big.id}`)).json().unit_price).toBe(10_000);
  });

  it("refuses what is not a library item, in French, field by field", async () => {
    const res = await api(admin, "POST", "/api/library/items", {
      kind: "article",
      name: " ",
      unit: "palette",
      unit_price: -1,
      cost_price: 1.234,
      tax_rate: 150,
      category: "outillage",
    });
    expect(res.statusCode).toBe(400);
    const messages = (res.json() as { details: { path: string; message: string }[] }).details;
    expect(Object.fromEntries(messages.map((d) => [d.path, d.message]))).toMatchObject({
      name: LIBRARY_TEXTS.nameRequired,
      unit: LIBRARY_TEXTS.unitRequired,
      unit_price: LIBRARY_TEXTS.pricePositive,
      cost_price: "Le prix a au plus 2 décimales",
      tax_rate: QUOTE_TEXTS.taxRateRange,
      category: LIBRARY_TEXTS.categoryRequired,
    });
  });

  it("refuses an ouvrage without parts, with a part twice, or priced without its coefficient", async () => {
    const base = { kind: "ouvrage", name: "Ouvrage", unit: "m²", tax_rate: 10, pricing: "parts" };
    const empty = await api(admin, "POST", "/api/library/items", { ...base, components: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain(LIBRARY_TEXTS.componentsRequired);
    const part = await create(admin, article({ name: "Plinthe" }));
    const twice = await api(admin, "POST", "/api/library/items", {
      ...base,
      components: [
        { article_id: part.id, quantity: 1 },
        { article_id: part.id, quantity: 2 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain(LIBRARY_TEXTS.componentDuplicate);
    const noCoefficient = await api(admin, "POST", "/api/library/items", {
      ...base,
      pricing: "coefficient",
      components: [{ article_id: part.id, quantity: 1 }],
    });
    expect(noCoefficient.statusCode).toBe(400);
    expect(noCoefficient.json().message).toContain(LIBRARY_TEXTS.coefficientPositive);
  });

  it("refuses as a part an ouvrage, an archived article or another company's article", async () => {
    const { ouvrage } = await tilingOuvrage();
    const archived = await create(admin, article({ name: "Ancien carreau" }));
    expect((await api(admin, "POST", `/api/library/items/${archived.id}/archive`)).statusCode).toBe(200);
    const foreign = await create(otherAdmin, article({ name: "Carreau d'ailleurs" }));
    const base = { kind: "ouvrage", name: "Ouvrage", unit: "m²", tax_rate: 10, pricing: "parts" };
    for (const [id, message] of [
      [ouvrage.id, LIBRARY_TEXTS.componentNotFound],
      [archived.id, LIBRARY_TEXTS.componentArchived],
      [foreign.id, LIBRARY_TEXTS.componentNotFound],
    ] as const) {
      const res = await api(admin, "POST", "/api/library/items", {
        ...base,
        components: [{ article_id: id, quantity: 1 }],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it("is for library:edit holders: a Compagnon gets 403", async () => {
    const res = await api(compagnon, "POST", "/api/library/items", article());
    expect(res.statusCode).toBe(403);
    // The team leader role writes quotes, so it has its library.
    await create(chef, article({ name: "Article du chef" }));
  });
});

describe("PUT /api/library/items/:id", () => {
  it("changes an article and prices again the ouvrages made of it", async () => {
    const { ouvrage, tiles } = await tilingOuvrage();
    const second = await create(admin, {
      kind: "ouvrage",
      name: `Carrelage seul ${randomUUID().slice(0, 6)}`,
      unit: "m²",
      tax_rate: 10,
      pricing: "coefficient",
      coefficient: 2,
      components: [{ article_id: tiles.id, quantity: 1 }],
    });
    const res = await api(
      admin,
      "PUT",
      `/api/library/items/${tiles.id}`,
      article({ name: tiles.name, cost_price: 25 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = (await api(admin, "GET", `/api/library/items/${ouvrage.id}`)).json() as LibraryItemDetail;
    // cost 1.05 × 25 + 4 + 22.5 = 52.75; the sale price (parts) does not move.
    expect(after).toMatchObject({ cost_price: 52.75, unit_price: 73.88 });
    // Every ouvrage made of it, each by its own pricing: 25 × 2 = 50.
    expect((await api(admin, "GET", `/api/library/items/${second.id}`)).json()).toMatchObject({
      cost_price: 25,
      unit_price: 50,
    });
  });

  it("changes an ouvrage's parts and pricing", async () => {
    const { ouvrage, tiles } = await tilingOuvrage();
    const res = await api(admin, "PUT", `/api/library/items/${ouvrage.id}`, {
      kind: "ouvrage",
      name: ouvrage.name,
      description: null,
      unit: "m²",
      tax_rate: 20,
      pricing: "coefficient",
      coefficient: 2,
      components: [{ article_id: tiles.id, quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ cost_price: 21.4, unit_price: 42.8, tax_rate: 20, labour_hours: 0 });
    expect((res.json() as LibraryItemDetail).components).toHaveLength(1);
  });

  it("keeps an article an article (409), and answers 404 for another company's item", async () => {
    const item = await create(admin, article({ name: "Mitigeur" }));
    const res = await api(admin, "PUT", `/api/library/items/${item.id}`, {
      kind: "ouvrage",
      name: "Mitigeur",
      unit: "unité",
      tax_rate: 10,
      pricing: "forced",
      forced_price: 10,
      components: [{ article_id: item.id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(LIBRARY_TEXTS.kindLocked);
    const foreign = await api(otherAdmin, "PUT", `/api/library/items/${item.id}`, article({ name: "Volé" }));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(LIBRARY_TEXTS.notFound);
  });
});

describe("GET /api/library/items and /api/library/suggestions", () => {
  it("lists by name, filters by kind, category and text, pages on the server", async () => {
    const { ouvrage } = await tilingOuvrage();
    const all = (await api(admin, "GET", "/api/library/items?limit=200")).json() as LibraryListResponse;
    const names = all.data.map((i) => i.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), "en")));
    expect(all.meta.total).toBe(all.data.length);

    const ouvrages = (
      await api(admin, "GET", "/api/library/items?kind=ouvrage&limit=200")
    ).json() as LibraryListResponse;
    expect(ouvrages.data.every((i) => i.kind === "ouvrage")).toBe(true);
    expect(ouvrages.data.map((i) => i.id)).toContain(ouvrage.id);

    const labour = (await api(admin, "GET", "/api/library/items?category=main_oeuvre")).json() as LibraryListResponse;
    expect(labour.data.length).toBeGreaterThan(0);
    expect(labour.data.every((i) => i.category === "main_oeuvre")).toBe(true);

    const searched = (
      await api(admin, "GET", "/api/library/items?search=PT-4545&limit=1")
    ).json() as LibraryListResponse;
    expect(searched.data).toHaveLength(1);
    expect(searched.meta.total).toBeGreaterThan(1);
  });

  it("suggests active items containing every word typed, names starting with it first", async () => {
    const first = await create(admin, article({ name: "Plinthe chêne massif", supplier_reference: null }));
    const second = await create(admin, article({ name: "Pose de plinthe chêne", supplier_reference: null }));
    const archived = await create(admin, article({ name: "Plinthe chêne vernie", supplier_reference: null }));
    await api(admin, "POST", `/api/library/items/${archived.id}/archive`);
    const res = await api(admin, "GET", `/api/library/suggestions?q=${encodeURIComponent("plinthe chêne")}`);
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { data: { id: string }[] }).data.map((i) => i.id);
    expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids).not.toContain(archived.id);
    const foreign = await api(otherAdmin, "GET", `/api/library/suggestions?q=${encodeURIComponent("plinthe chêne")}`);
    expect((foreign.json() as { data: unknown[] }).data).toEqual([]);
  });

  it("suggests from two characters: the active names that start with them; one character, nothing", async () => {
    const company2 = await createTestCompany(db, "Suggestions SARL");
    const token = (await login(app, company2.emails.admin)).token;
    const plinth = await create(token, article({ name: "Plinthe chêne", supplier_reference: null }));
    await create(token, article({ name: "Pose de plinthe", supplier_reference: null }));
    const archived = await create(token, article({ name: "Plâtre ancien", supplier_reference: null }));
    await api(token, "POST", `/api/library/items/${archived.id}/archive`);
    const names = async (q: string) =>
      (
        (await api(token, "GET", `/api/library/suggestions?q=${encodeURIComponent(q)}`)).json() as {
          data: { name: string }[];
        }
      ).data.map((i) => i.name);
    expect(await names("pl")).toEqual([plinth.name]);
    expect(await names("p")).toEqual([]);
    expect(await names("pli")).toEqual(["Plinthe chêne", "Pose de plinthe"]);
  });

  it("is closed to a role without library:view (Compagnon)", async () => {
    expect((await api(compagnon, "GET", "/api/library/items")).statusCode).toBe(403);
    expect((await api(compagnon, "GET", "/api/library/suggestions?q=pl")).statusCode).toBe(403);
  });

  it("refuses a bad filter in French", async () => {
    const res = await api(admin, "GET", "/api/library/items?kind=lot");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("Type invalide (article ou ouvrage)");
  });
});

describe("duplicate, archive, restore, delete", () => {
  it("duplicates an ouvrage with its parts, « (copie) »", async () => {
    const { ouvrage } = await tilingOuvrage(admin, { pricing: "forced", forced_price: 80 });
    const res = await api(admin, "POST", `/api/library/items/${ouvrage.id}/duplicate`);
    expect(res.statusCode).toBe(201);
    const copy = res.json() as LibraryItemDetail;
    expect(copy.id).not.toBe(ouvrage.id);
    expect(copy.name).toBe(`${ouvrage.name} (copie)`);
    expect(copy).toMatchObject({ unit_price: 80, pricing: "forced", cost_price: ouvrage.cost_price });
    expect(copy.components.map((c) => c.article_id)).toEqual(ouvrage.components.map((c) => c.article_id));
  });

  it("keeps an article of an active ouvrage from being archived or deleted; archives the ouvrage first", async () => {
    const { ouvrage, glue } = await tilingOuvrage();
    const archive = await api(admin, "POST", `/api/library/items/${glue.id}/archive`);
    expect(archive.statusCode).toBe(409);
    expect(archive.json().message).toBe(LIBRARY_TEXTS.archiveUsedByOuvrages(1));
    const remove = await api(admin, "DELETE", `/api/library/items/${glue.id}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe(LIBRARY_TEXTS.usedByOuvrages(1));

    expect((await api(admin, "POST", `/api/library/items/${ouvrage.id}/archive`)).json()).toMatchObject({
      archived: true,
    });
    expect((await api(admin, "POST", `/api/library/items/${glue.id}/archive`)).statusCode).toBe(200);
    const archivedList = (
      await api(admin, "GET", "/api/library/items?status=archived&limit=200")
    ).json() as LibraryListResponse;
    expect(archivedList.data.map((i) => i.id)).toEqual(expect.arrayContaining([ouvrage.id, glue.id]));
    const restored = await api(admin, "POST", `/api/library/items/${glue.id}/restore`);
    expect(restored.json()).toMatchObject({ archived: false });
    // Still part of the (archived) ouvrage: never deleted.
    expect((await api(admin, "DELETE", `/api/library/items/${glue.id}`)).statusCode).toBe(409);
  });

  it("deletes an ouvrage with its list of parts, never its articles, which can go afterwards", async () => {
    const { ouvrage, glue } = await tilingOuvrage();
    expect((await api(admin, "DELETE", `/api/library/items/${ouvrage.id}`)).statusCode).toBe(204);
    expect((await api(admin, "GET", `/api/library/items/${ouvrage.id}`)).statusCode).toBe(404);
    expect((await api(admin, "GET", `/api/library/items/${glue.id}`)).statusCode).toBe(200);
    expect((await api(admin, "DELETE", `/api/library/items/${glue.id}`)).statusCode).toBe(204);
  });

  it("deletes an item nothing uses; another company's ids are 404", async () => {
    const item = await create(admin, article({ name: "Article à supprimer" }));
    expect((await api(otherAdmin, "DELETE", `/api/library/items/${item.id}`)).statusCode).toBe(404);
    expect((await api(otherAdmin, "POST", `/api/library/items/${item.id}/duplicate`)).statusCode).toBe(404);
    expect((await api(otherAdmin, "POST", `/api/library/items/${item.id}/archive`)).statusCode).toBe(404);
    expect((await api(otherAdmin, "GET", `/api/library/items/${item.id}`)).statusCode).toBe(404);
    expect((await api(admin, "DELETE", `/api/library/items/${item.id}`)).statusCode).toBe(204);
    expect((await api(admin, "GET", `/api/library/items/${item.id}`)).statusCode).toBe(404);
  });
});

describe("CSV: GET /api/library/export and POST /api/library/import", () => {
  it("previews a file, row by row, then adds its valid articles; names already there are reported", async () => {
    const importer = await createTestCompany(db, "Import Bibliothèque");
    const token = (await login(app, importer.emails.admin)).token;
    await create(token, article({ name: "Robinet", supplier_reference: null }));
    const rows = Array.from(
      { length: 200 },
      (_, i) => `Article ${i + 1};u;${10 + i},50;${5 + i};20;Fourniture;REF-${i}`,
    );
    rows[9] = "Article 10;palette;12;5;20;Fourniture;";
    rows[19] = ";u;12;5;20;Fourniture;";
    rows[29] = "Article 30;u;douze;5;20;Fourniture;";
    const csv = ["Désignation;Unité;PU HT;Prix d'achat;TVA;Famille;Réf", ...rows, "Robinet;u;89;52;20;;"].join("\r\n");

    const preview = await api(token, "POST", "/api/library/import", { csv });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ file_errors: [], rows: 201, valid: 197, created: 0 });
    expect(preview.json().columns).toMatchObject({
      name: "Désignation",
      unit_price: "PU HT",
      cost_price: "Prix d'achat",
    });
    expect((preview.json().errors as { line: number }[]).map((e) => e.line)).toEqual([11, 21, 31, 202]);
    expect(preview.json().errors[3]).toEqual({
      line: 202,
      name: "Robinet",
      messages: ["Déjà dans la bibliothèque (même nom)"],
    });
    expect(preview.json().preview[0]).toEqual({
      line: 2,
      name: "Article 1",
      unit: "unité",
      unit_price: 10.5,
      cost_price: 5,
      tax_rate: 20,
      category: "fourniture",
    });
    const before = (await api(token, "GET", "/api/library/items")).json() as LibraryListResponse;
    expect(before.meta.total).toBe(1);

    const done = await api(token, "POST", "/api/library/import", { csv, commit: true });
    expect(done.json()).toMatchObject({ valid: 197, created: 197 });
    const after = (
      await api(token, "GET", "/api/library/items?search=article%201&limit=200")
    ).json() as LibraryListResponse;
    expect(after.data.find((i) => i.name === "Article 1")).toMatchObject({
      unit_price: 10.5,
      supplier_reference: "REF-0",
    });
    expect(((await api(token, "GET", "/api/library/items")).json() as LibraryListResponse).meta.total).toBe(198);
    // Imported again: every name is there already, nothing is added twice.
    const again = await api(token, "POST", "/api/library/import", { csv, commit: true });
    expect(again.json()).toMatchObject({ valid: 0, created: 0 });
  });

  it("fails a row with a NUL or a replacement character alone: the other rows are added", async () => {
    const importer = await createTestCompany(db, "Import Encodage");
    const token = (await login(app, importer.emails.admin)).token;
    const csv = [
      "Désignation,PU HT,Unité",
      'Plinthe chêne,"6,90",ml',
      "Col\u0000le,12,kg",
      "Pl\uFFFDtre,8,kg",
      "Joint,3,kg",
    ].join("\r\n");
    const res = await api(token, "POST", "/api/library/import", { csv, commit: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ file_errors: [], rows: 4, valid: 2, created: 2 });
    expect(res.json().errors).toEqual([
      { line: 3, name: "Col\u0000le", messages: [CSV_TEXTS.nulCharacter] },
      { line: 4, name: "Pl\uFFFDtre", messages: [CSV_TEXTS.replacementCharacter] },
    ]);
    const items = (await api(token, "GET", "/api/library/items")).json() as LibraryListResponse;
    expect(items.data.map((i) => i.name).sort()).toEqual(["Joint", "Plinthe chêne"]);
  });

  it("refuses a file without the columns it needs, and adds nothing", async () => {
    const res = await api(admin, "POST", "/api/library/import", { csv: "Code;Quantité\nA;1", commit: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 0, valid: 0 });
    expect(res.json().file_errors).toHaveLength(2);
  });

  it("exports the filtered library for a spreadsheet, which the import reads back", async () => {
    const exporter = await createTestCompany(db, "Export Bibliothèque");
    const token = (await login(app, exporter.emails.admin)).token;
    await tilingOuvrage(token);
    const res = await api(token, "GET", "/api/library/export?kind=article");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="bibliotheque-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Type;Nom;Description;Unité;Prix de vente HT;Déboursé HT;TVA;Catégorie;Référence fournisseur",
    );
    expect(lines).toHaveLength(4);
    expect(
      lines.some(
        (line) => line.startsWith("Article;Main-d'œuvre carreleur") && line.includes(";heure;45;30;10;Main-d'œuvre;"),
      ),
    ).toBe(true);

    const other = await createTestCompany(db, "Reprise Bibliothèque");
    const otherToken = (await login(app, other.emails.admin)).token;
    const reimport = await api(otherToken, "POST", "/api/library/import", { csv: res.body, commit: true });
    expect(reimport.json()).toMatchObject({ errors: [], created: 3 });
  });

  it("writes no cell a spreadsheet would run as a formula, prices stay numbers, and the import reads it back whole", async () => {
    const exporter = await createTestCompany(db, "Export Formules");
    const token = (await login(app, exporter.emails.admin)).token;
    const dangerous = article({
      name: '=HYPERLINK("http://pirate.example";"Colle")',
      description: "+cmd|' /C calc'!A0",
      unit_price: 12.5,
      cost_price: 0.62,
      tax_rate: 5.5,
      supplier_reference: "-REF-12",
    });
    await create(token, dangerous);
    await create(token, article({ name: "@Plinthe", description: "=1+1, puis\t=2", supplier_reference: "'=déjà" }));
    const res = await api(token, "GET", "/api/library/export");
    expect(res.statusCode).toBe(200);
    const lines = res.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines).toContain(
      `Article;"'=HYPERLINK(""http://pirate.example"";""Colle"")";'+cmd|' /C calc'!A0;m²;12,5;0,62;5,5;Fourniture;'-REF-12`,
    );
    expect(lines).toContain(`Article;'@Plinthe;"'=1+1, puis\t=2";m²;32,5;21,4;10;Fourniture;''=déjà`);

    const other = await createTestCompany(db, "Reprise Formules");
    const otherToken = (await login(app, other.emails.admin)).token;
    const reimport = await api(otherToken, "POST", "/api/library/import", { csv: res.body, commit: true });
    expect(reimport.json()).toMatchObject({ errors: [], created: 2 });
    const back = (await api(otherToken, "GET", "/api/library/items")).json() as LibraryListResponse;
    expect(back.data.find((i) => i.name === dangerous.name)).toMatchObject({
      description: dangerous.description,
      unit_price: 12.5,
      cost_price: 0.62,
      tax_rate: 5.5,
      supplier_reference: "-REF-12",
    });
    expect(back.data.find((i) => i.name === "@Plinthe")).toMatchObject({
      description: "=1+1, puis\t=2",
      supplier_reference: "'=déjà",
    });
  });

  it("exports a table's selection (`ids`): those items only, another company's ids matching nothing", async () => {
    const exporter = await createTestCompany(db, "Export Sélection");
    const token = (await login(app, exporter.emails.admin)).token;
    const a = await create(token, article({ name: "Colle A" }));
    await create(token, article({ name: "Colle B" }));
    const c = await create(token, article({ name: "Colle C" }));
    const theirs = await create(otherAdmin, article({ name: "Colle d'ailleurs" }));
    const res = await api(token, "GET", `/api/library/export?ids=${a.id},${c.id},${theirs.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const names = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .map((line) => line.split(";")[1]);
    expect(names).toEqual(["Nom", "Colle A", "Colle C"]);
    const bad = await api(token, "GET", "/api/library/export?ids=colle");
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Identifiants invalides (des UUID séparés par des virgules)");
  });

  it("is for library:edit holders (import) and library:view holders (export)", async () => {
    expect((await api(compagnon, "POST", "/api/library/import", { csv: "Nom;Prix\nA;1" })).statusCode).toBe(403);
    expect((await api(compagnon, "GET", "/api/library/export")).statusCode).toBe(403);
    expect((await api(chef, "GET", "/api/library/export")).statusCode).toBe(200);
  });
});

describe("GET /api/library/items: sort and order", () => {
  type Row = { id: string; name: string; kind: string; category: string | null; unit_price: number };
  const KEYS: Record<string, SortKey<Row>[]> = {
    name: [{ value: (i) => fold(i.name) }, { value: (i) => i.id }],
    unit_price: [{ value: (i) => i.unit_price }, { value: (i) => i.id }],
    kind: [
      { value: (i) => i.kind },
      { value: (i) => i.category },
      { value: (i) => fold(i.name) },
      { value: (i) => i.id },
    ],
  };
  let tag: string;
  let mine: Row[];
  beforeAll(async () => {
    tag = `s${randomUUID().slice(0, 6)}`;
    const plaster = await create(chef, article({ name: `Plâtre ${tag}`, unit_price: 12, category: "fourniture" }));
    await create(chef, article({ name: `échafaudage ${tag}`, unit_price: 80, category: "materiel" }));
    const labour = await create(chef, article({ name: `Manœuvre ${tag}`, unit_price: 12, category: "main_oeuvre" }));
    await create(chef, article({ name: `Bâche ${tag}`, unit_price: 4.5, category: "fourniture" }));
    await create(chef, {
      kind: "ouvrage",
      name: `Doublage ${tag}`,
      description: null,
      unit: "m²",
      tax_rate: 10,
      pricing: "parts",
      components: [
        { article_id: plaster.id, quantity: 2 },
        { article_id: labour.id, quantity: 0.5 },
      ],
    });
    await create(otherAdmin, article({ name: `Aaa ${tag}`, unit_price: 1 }));
    mine = ((await api(admin, "GET", `/api/library/items?search=${tag}&limit=100`)).json() as LibraryListResponse).data;
    expect(mine).toHaveLength(5);
  });

  const ids = (rows: { id: string }[]) => rows.map((i) => i.id);

  it.each([
    ["name", "asc"],
    ["name", "desc"],
    ["unit_price", "asc"],
    ["unit_price", "desc"],
    ["kind", "asc"],
    ["kind", "desc"],
  ] as const)("sort=%s&order=%s, with or without a search, pages without overlap", async (sort, order) => {
    const expected = ids(sortRows(mine, KEYS[sort] ?? [], order));
    const searched = (await api(admin, "GET", `/api/library/items?search=${tag}&sort=${sort}&order=${order}`)).json();
    expect(ids(searched.data)).toEqual(expected);
    const all = (await api(admin, "GET", `/api/library/items?sort=${sort}&order=${order}&limit=200`)).json();
    expect(ids(all.data).filter((id) => expected.includes(id))).toEqual(expected);
    const pages: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await api(
        admin,
        "GET",
        `/api/library/items?search=${tag}&sort=${sort}&order=${order}&limit=2&page=${page}`,
      );
      pages.push(...ids(res.json().data));
    }
    expect(pages).toEqual(expected);
  });

  it("keeps each sort's own direction when order is left out, the name A → Z by default", async () => {
    const get = async (query: string) =>
      ids((await api(admin, "GET", `/api/library/items?search=${tag}&${query}`)).json().data);
    expect(await get("")).toEqual(await get("sort=name&order=asc"));
    expect(await get("sort=unit_price")).toEqual(await get("sort=unit_price&order=asc"));
    expect(await get("sort=kind")).toEqual(await get("sort=kind&order=asc"));
  });

  it("never shows another company's items, whatever the order", async () => {
    const res = await api(admin, "GET", "/api/library/items?sort=unit_price&order=asc&limit=200");
    expect(res.json().data.map((i: Row) => i.name)).not.toContain(`Aaa ${tag}`);
  });

  it.each([
    ["sort=cost_price", "Tri invalide (name, unit_price ou kind)"],
    ["order=haut", "Ordre invalide (asc ou desc)"],
  ])("refuses ?%s", async (query, message) => {
    const res = await api(admin, "GET", `/api/library/items?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });
});
