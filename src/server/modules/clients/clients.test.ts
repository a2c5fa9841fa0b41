import { randomUUID } from "node:crypto";
import {
  bearer,
  createTestCompany,
  createTestSuperadmin,
  login,
  setupApp,
  type TestCompany,
} from "@server/test/helpers";
import { fold, type SortKey, sortRows } from "@server/test/sorting";
import { CLIENT_TEXTS, clientHasDocumentsMessage } from "@shared/clients";
import { parisToday } from "@shared/dates";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

const { app, db } = await setupApp();
let company: TestCompany;
let other: TestCompany;
let admin: string;
let chef: string;
let compagnon: string;
let norole: string;
let otherAdmin: string;

beforeAll(async () => {
  company = await createTestCompany(db, "Clients SARL");
  other = await createTestCompany(db, "Concurrent SARL");
  const tokenOf = async (email: string) => (await login(app, email)).token;
  admin = await tokenOf(company.emails.admin);
  chef = await tokenOf(company.emails.chef);
  compagnon = await tokenOf(company.emails.compagnon);
  norole = await tokenOf(company.emails.norole);
  otherAdmin = await tokenOf(other.emails.admin);
});

const api = (token: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function createClient(token: string, payload: object) {
  const res = await api(token, "POST", "/api/clients", payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string };
}

/** A whole PUT body (every key, as published): nothing but `changes`, the rest empty and active. */
const clientBody = (changes: object) => ({
  name: "Client",
  email: null,
  phone: null,
  address: null,
  postal_code: null,
  city: null,
  notes: null,
  is_active: true,
  ...changes,
});

describe("POST /api/clients", () => {
  it("creates a client, trims values and stores empty strings as null", async () => {
    const res = await api(admin, "POST", "/api/clients", {
      name: "  Dupont Plomberie ",
      email: " contact@dupont.fr ",
      phone: "",
      address: "12 rue des Lilas",
      postal_code: "69003",
      city: "Lyon",
      notes: "   ",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: "Dupont Plomberie",
      email: "contact@dupont.fr",
      phone: null,
      address: "12 rue des Lilas",
      postal_code: "69003",
      city: "Lyon",
      notes: null,
      is_active: true,
    });
    expect(res.json().id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(res.json().created_at)).not.toBeNaN();
  });

  it.each([
    [{ email: "a@b.fr" }, "name", CLIENT_TEXTS.nameRequiredService],
    [{ name: "   ", email: "a@b.fr" }, "name", CLIENT_TEXTS.nameRequiredService],
    [{ name: "Sans contact" }, "email", CLIENT_TEXTS.contactRequiredService],
    [{ name: "Contacts vides", email: "", phone: " " }, "email", CLIENT_TEXTS.contactRequiredService],
    [{ name: "Mauvais mail", email: "pas-un-mail" }, "email", CLIENT_TEXTS.emailInvalid],
    [{ name: "Mauvais tel", phone: "abc" }, "phone", "Numéro de téléphone invalide"],
    [{ name: "x".repeat(201), phone: "0601020304" }, "name", "Le nom\u00a0: 200 caractères au maximum"],
  ])("refuses %j with the spec's message", async (payload, path, message) => {
    const res = await api(admin, "POST", "/api/clients", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("VALIDATION_ERROR");
    expect(res.json().details).toContainEqual({ path, message });
  });

  it("refuses a platform account: it has no company", async () => {
    const { token } = await login(app, await createTestSuperadmin(db));
    const res = await api(token, "POST", "/api/clients", { name: "X", phone: "0600000000" });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(CLIENT_TEXTS.companyRequired);
  });

  it("stores markup as text", async () => {
    const client = await createClient(admin, { name: "<script>alert(1)</script>", phone: "0102030405" });
    const res = await api(admin, "GET", `/api/clients/${client.id}`);
    expect(res.json().name).toBe("<script>alert(1)</script>");
  });
});

describe("GET /api/clients", () => {
  let tag: string;
  beforeAll(async () => {
    tag = randomUUID().slice(0, 6);
    await createClient(chef, { name: `Alpha ${tag}`, email: `alpha-${tag}@ex.fr`, city: "Villeurbanne" });
    await createClient(chef, { name: `Bravo ${tag}`, phone: "04 78 12 34 56", city: "Grenoble" });
    const charlie = await createClient(chef, { name: `Charlie ${tag}`, email: `c-${tag}@ex.fr`, city: "Annecy" });
    const deactivated = await api(
      chef,
      "PUT",
      `/api/clients/${charlie.id}`,
      clientBody({ name: `Charlie ${tag}`, email: `c-${tag}@ex.fr`, city: "Annecy", is_active: false }),
    );
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    await createClient(otherAdmin, { name: `Alpha ${tag} concurrent`, email: `z-${tag}@ex.fr` });
  });

  it("searches name, e-mail, phone and city, case-insensitively, within the company", async () => {
    const byName = await api(admin, "GET", `/api/clients?search=${encodeURIComponent(`ALPHA ${tag}`)}`);
    expect(byName.json().data.map((c: { name: string }) => c.name)).toEqual([`Alpha ${tag}`]);
    const byEmail = await api(admin, "GET", `/api/clients?search=c-${tag}@`);
    expect(byEmail.json().data.map((c: { name: string }) => c.name)).toEqual([`Charlie ${tag}`]);
    const byPhone = await api(admin, "GET", `/api/clients?search=${encodeURIComponent("78 12 34")}`);
    expect(byPhone.json().data.map((c: { name: string }) => c.name)).toContain(`Bravo ${tag}`);
    const byCity = await api(admin, "GET", "/api/clients?search=grenob");
    expect(byCity.json().data.map((c: { name: string }) => c.name)).toContain(`Bravo ${tag}`);
    expect(byCity.json().meta.total).toBe(byCity.json().data.length);
  });

  it("treats % and _ in the search as plain characters", async () => {
    const res = await api(admin, "GET", "/api/clients?search=%25");
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it("filters by status and paginates with meta.total; the header counters cover the whole book", async () => {
    const all = await api(admin, "GET", "/api/clients?limit=1000");
    const inactive = await api(admin, "GET", "/api/clients?status=inactive");
    expect(inactive.json().data.every((c: { is_active: boolean }) => !c.is_active)).toBe(true);
    expect(inactive.json().data.map((c: { name: string }) => c.name)).toContain(`Charlie ${tag}`);
    const active = await api(admin, "GET", "/api/clients?status=active");
    expect(active.json().meta.total + inactive.json().meta.total).toBe(all.json().meta.total);

    const total = all.json().meta.total as number;
    const page1 = (await api(admin, "GET", "/api/clients?limit=2&page=1")).json();
    const page2 = (await api(admin, "GET", "/api/clients?limit=2&page=2")).json();
    expect(page1.meta).toMatchObject({ total, page: 1, limit: 2 });
    expect(page1.data).toHaveLength(2);
    expect(page2.data[0].id).not.toBe(page1.data[0].id);
    const past = (await api(admin, "GET", `/api/clients?limit=2&page=${Math.ceil(total / 2) + 1}`)).json();
    expect(past).toMatchObject({ data: [], meta: { total } });
    const names = all.json().data.map((c: { name: string }) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const counters = (await api(admin, "GET", "/api/clients/counters")).json();
    const data = all.json().data as { is_active: boolean; phone: string | null }[];
    expect(counters).toEqual({
      total,
      active: data.filter((c) => c.is_active).length,
      with_phone: data.filter((c) => c.phone).length,
    });
  });

  it("never shows another company's clients", async () => {
    const res = await api(admin, "GET", `/api/clients?search=${tag}&limit=1000`);
    expect(res.json().data.map((c: { name: string }) => c.name)).not.toContain(`Alpha ${tag} concurrent`);
  });

  it.each([
    ["limit=1001", "La limite maximale est de 1000"],
    ["limit=0", "Limite invalide"],
    ["page=0", "Page invalide"],
    ["page=abc", "Page invalide"],
    ["status=archived", "Statut invalide (active ou inactive)"],
  ])("refuses ?%s", async (query, message) => {
    const res = await api(admin, "GET", `/api/clients?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });
});

describe("GET / PUT / DELETE /api/clients/:id", () => {
  it("returns the client with its stats, projects and quotes when included", async () => {
    const client = await createClient(admin, { name: "Détail", phone: "0611223344" });
    const res = await api(admin, "GET", `/api/clients/${client.id}?include=projects,quotes,stats`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: client.id, name: "Détail", projects: [], quotes: [] });
    expect(res.json().stats).toEqual({
      total_quotes: 0,
      quotes_accepted: 0,
      quotes_pending: 0,
      quotes_in_progress: 0,
      quotes_expired: 0,
      quotes_rejected: 0,
      conversion_rate: 0,
      validated_amount_ht: 0,
      pending_amount_ht: 0,
      total_revenue: 0,
      average_project_value: 0,
      last_quote_date: null,
      last_project_date: null,
    });
    const plain = await api(admin, "GET", `/api/clients/${client.id}`);
    expect(plain.json()).not.toHaveProperty("stats");
    expect((await api(admin, "GET", `/api/clients/${client.id}?include=invoices`)).statusCode).toBe(400);
  });

  it("lists the client's worksites and figures their average budget and latest start", async () => {
    const client = await createClient(admin, { name: "Client aux chantiers", phone: "0611223366" });
    const made: { id: string; reference: string }[] = [];
    for (const [name, start_date, budget_total, status] of [
      ["Toiture", "2026-03-02", 1000, "livré"],
      ["Salle de bain", "2026-06-01", 3000, "à faire"],
      ["Abandonné", "2026-07-01", 9999, "annulé"],
      ["Sans date", null, null, "à faire"],
    ] as const) {
      const res = await api(admin, "POST", "/api/projects", {
        name,
        client_id: client.id,
        start_date,
        budget_total,
        status,
      });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json());
    }
    const res = await api(admin, "GET", `/api/clients/${client.id}?include=projects,stats`);
    const detail = res.json();
    expect(detail.projects.map((p: { name: string }) => p.name)).toEqual([
      "Abandonné",
      "Salle de bain",
      "Toiture",
      "Sans date",
    ]);
    expect(detail.projects[1]).toEqual({
      id: made[1]?.id,
      reference: made[1]?.reference,
      name: "Salle de bain",
      status: "à faire",
      start_date: "2026-06-01",
    });
    expect(detail.stats).toMatchObject({ average_project_value: 2000, last_project_date: "2026-07-01" });
  });

  it("computes the stats and lists the quotes from the client's real quotes", async () => {
    const client = await createClient(admin, { name: "Client chiffré", phone: "0611223355" });
    const line = [{ name: "Forfait", quantity: 1, unit: "forfait", unit_price: 1000, tax_rate: 20 }];
    for (const [status, date] of [
      ["valide", "2026-03-01"],
      ["valide", "2026-04-01"],
      ["refuse", "2026-05-01"],
      ["envoye au client", "2026-06-15"],
      ["en cours de redaction", "2026-06-01"],
    ]) {
      const res = await api(admin, "POST", "/api/quotes", {
        name: `Devis ${status}`,
        client_id: client.id,
        status,
        date,
        items: line,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const detail = (await api(admin, "GET", `/api/clients/${client.id}?include=quotes,stats`)).json();
    // « En attente » are the sent quotes still valid (docs/domain/clients.md#figures): the one sent on
    // 2026-06-15 was valid 30 days, so it is expired today; the draft is in progress, not pending.
    const sentStillValid = parisToday() <= "2026-07-15";
    expect(detail.stats).toMatchObject({
      total_quotes: 5,
      quotes_accepted: 2,
      quotes_pending: sentStillValid ? 1 : 0,
      quotes_expired: sentStillValid ? 0 : 1,
      quotes_in_progress: 1,
      quotes_rejected: 1,
      validated_amount_ht: 2000,
      conversion_rate: 66.7,
      last_quote_date: "2026-06-15",
    });
    expect(detail.quotes).toHaveLength(5);
    expect(detail.quotes[0]).toMatchObject({ name: "Devis envoye au client", date: "2026-06-15", total: 1200 });
    expect(detail.quotes[0].reference).toMatch(/^DEV-\d{4}-\d{4}$/);
  });

  it("updates fields and the active flag, with the same validation", async () => {
    const client = await createClient(admin, { name: "Avant", email: "avant@ex.fr" });
    const res = await api(
      admin,
      "PUT",
      `/api/clients/${client.id}`,
      clientBody({ name: "Après", email: "", phone: "0700000000", is_active: false }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: "Après", email: null, phone: "0700000000", is_active: false });
    const bad = await api(
      admin,
      "PUT",
      `/api/clients/${client.id}`,
      clientBody({ name: "Après", email: "", phone: "" }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(CLIENT_TEXTS.contactRequiredService);
  });

  it.each(["email", "phone", "address", "postal_code", "city", "notes", "is_active"])(
    "refuses a PUT without %s (« Champ obligatoire »: a PUT carries the whole client) and changes nothing",
    async (key) => {
      const whole = {
        name: "Entier",
        email: "entier@ex.fr",
        phone: "06 11 22 33 44",
        address: "5 quai Saint-Vincent",
        postal_code: "69001",
        city: "Lyon",
        notes: "Portail bleu",
      };
      const client = await createClient(admin, whole);
      await api(admin, "PUT", `/api/clients/${client.id}`, { ...whole, is_active: false });
      const before = (await api(admin, "GET", `/api/clients/${client.id}`)).json();
      expect(before).toMatchObject({ ...whole, is_active: false });
      const { [key as "email"]: _left, ...body } = { ...whole, name: "Renommé", is_active: false };
      const res = await api(admin, "PUT", `/api/clients/${client.id}`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details).toEqual([{ path: key, message: "Champ obligatoire" }]);
      expect((await api(admin, "GET", `/api/clients/${client.id}`)).json()).toEqual(before);
    },
  );

  it("empties on a PUT only what the body says is empty (null or empty text)", async () => {
    const client = await createClient(admin, {
      name: "À vider",
      email: "vider@ex.fr",
      phone: "0611111111",
      address: "1 rue Haute",
      postal_code: "69004",
      city: "Lyon",
      notes: "Note",
    });
    const res = await api(admin, "PUT", `/api/clients/${client.id}`, {
      name: "À vider",
      email: "vider@ex.fr",
      phone: null,
      address: "",
      postal_code: "  ",
      city: "Lyon",
      notes: null,
      is_active: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      email: "vider@ex.fr",
      phone: null,
      address: null,
      postal_code: null,
      city: "Lyon",
      notes: null,
      is_active: true,
    });
  });

  it("deletes a client", async () => {
    const client = await createClient(admin, { name: "À supprimer", phone: "0600000001" });
    expect((await api(admin, "DELETE", `/api/clients/${client.id}`)).statusCode).toBe(204);
    expect((await api(admin, "GET", `/api/clients/${client.id}`)).statusCode).toBe(404);
    expect((await api(admin, "DELETE", `/api/clients/${client.id}`)).statusCode).toBe(404);
  });

  it("refuses to delete a client that has quotes (409: how many, deactivate instead) and keeps them", async () => {
    const client = await createClient(admin, { name: "Client avec devis", phone: "0600000004" });
    const line = [{ name: "Forfait", quantity: 1, unit: "forfait", unit_price: 500, tax_rate: 20 }];
    const quote = async (status: string) =>
      expect(
        (
          await api(admin, "POST", "/api/quotes", {
            name: `Devis ${status}`,
            client_id: client.id,
            date: "2026-06-01",
            status,
            items: line,
          })
        ).statusCode,
      ).toBe(201);

    await quote("valide");
    const one = await api(admin, "DELETE", `/api/clients/${client.id}`);
    expect(one.statusCode).toBe(409);
    expect(one.json()).toMatchObject({
      code: "CONFLICT",
      error:
        "Ce client a 1\u00a0devis\u00a0: il ne peut pas être supprimé. " +
        "Désactivez-le plutôt («\u00a0Modifier\u00a0», puis «\u00a0Client actif\u00a0»).",
    });

    await quote("en cours de redaction");
    await quote("refuse");
    const three = await api(admin, "DELETE", `/api/clients/${client.id}`);
    expect(three.statusCode).toBe(409);
    expect(three.json().error).toBe(clientHasDocumentsMessage({ quotes: 3 }));
    expect(three.json().error).toMatch(/^Ce client a 3\u00a0devis\u00a0: /);

    expect((await api(admin, "GET", `/api/clients/${client.id}`)).statusCode).toBe(200);
    const quotes = (await api(admin, "GET", `/api/quotes?client_id=${client.id}`)).json();
    expect(quotes.meta.total).toBe(3);
    // Deactivating it is what the message suggests, and it works.
    const deactivated = await api(
      admin,
      "PUT",
      `/api/clients/${client.id}`,
      clientBody({ name: client.name, phone: "0600000004", is_active: false }),
    );
    expect(deactivated.json()).toMatchObject({ is_active: false });
  });

  it("has the database refuse it too: the quotes' key to their client is ON DELETE RESTRICT", async () => {
    const client = await createClient(admin, { name: "Client protégé", phone: "0600000005" });
    const created = await api(admin, "POST", "/api/quotes", {
      name: "Devis",
      client_id: client.id,
      date: "2026-06-01",
    });
    expect(created.statusCode).toBe(201);
    const error = await db
      .run({ companyId: company.id }, (tx) => tx.execute(sql`DELETE FROM clients WHERE id = ${client.id}`))
      .then(
        () => null,
        (e: { cause?: { code?: string } }) => e,
      );
    // Refused by the key (restrict_violation 23001 on PostgreSQL 18, foreign_key_violation 23503 on 15):
    // the client and its quote are still there.
    expect(["23001", "23503"]).toContain(error?.cause?.code);
    const keys = await db.run({ companyId: company.id }, (tx) =>
      tx.execute<{ action: string }>(sql`
        SELECT confdeltype AS action FROM pg_constraint
        WHERE conrelid = 'quotes'::regclass AND confrelid = 'clients'::regclass AND contype = 'f'`),
    );
    expect(keys.rows.map((row) => row.action)).toEqual(["r"]);
    expect((await api(admin, "GET", `/api/quotes/${created.json().id}`)).json().client.id).toBe(client.id);
  });

  it("answers 404 for another company's client on every route, and leaves it untouched", async () => {
    const theirs = await createClient(otherAdmin, { name: "Pas à vous", phone: "0600000002" });
    for (const [method, payload] of [
      ["GET", undefined],
      ["PUT", clientBody({ name: "Piraté", phone: "0600000003" })],
      ["DELETE", undefined],
    ] as const) {
      const res = await api(admin, method, `/api/clients/${theirs.id}`, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toMatchObject({ code: "NOT_FOUND", error: CLIENT_TEXTS.notFound });
    }
    expect((await api(otherAdmin, "GET", `/api/clients/${theirs.id}`)).json().name).toBe("Pas à vous");
  });

  it("answers 404 for an id that is not a UUID", async () => {
    expect((await api(admin, "GET", "/api/clients/123")).statusCode).toBe(404);
  });
});

describe("rights per role", () => {
  it("lets the Compagnon see nothing of clients, the Chef d'équipe everything", async () => {
    const client = await createClient(chef, { name: "Droits", phone: "0600000004" });
    for (const [method, url, payload] of [
      ["GET", "/api/clients", undefined],
      ["GET", `/api/clients/${client.id}`, undefined],
      ["POST", "/api/clients", { name: "X", phone: "0600000005" }],
      ["PUT", `/api/clients/${client.id}`, clientBody({ name: "X", phone: "0600000005" })],
      ["DELETE", `/api/clients/${client.id}`, undefined],
    ] as const) {
      for (const token of [compagnon, norole]) {
        const res = await api(token, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect((await api(chef, "DELETE", `/api/clients/${client.id}`)).statusCode).toBe(204);
  });

  it("requires a session", async () => {
    expect((await app.inject({ method: "GET", url: "/api/clients" })).statusCode).toBe(401);
  });
});

describe("GET /api/clients: sort and order", () => {
  type Row = { id: string; name: string; city: string | null; created_at: string };
  const KEYS: Record<string, SortKey<Row>[]> = {
    name: [{ value: (c) => fold(c.name) }, { value: (c) => c.id }],
    city: [
      { value: (c) => (c.city === null ? null : fold(c.city)) },
      { value: (c) => fold(c.name) },
      { value: (c) => c.id },
    ],
    created_at: [{ value: (c) => c.created_at }, { value: (c) => c.id }],
  };
  let tag: string;
  let mine: Row[];
  beforeAll(async () => {
    tag = `s${randomUUID().slice(0, 6)}`;
    const made = [
      { name: `Émile ${tag}`, city: "Lyon" },
      { name: `alain ${tag}`, city: "annecy" },
      { name: `Bruno ${tag}`, city: null },
      { name: `Chloé ${tag}`, city: "Lyon" },
      { name: `Denis ${tag}`, city: "Évian" },
    ];
    for (const client of made) await createClient(chef, { ...client, phone: "04 78 00 00 00" });
    await createClient(otherAdmin, { name: `aaron ${tag}`, city: "Aix", phone: "04 78 00 00 00" });
    mine = (await api(admin, "GET", `/api/clients?search=${tag}&limit=1000`)).json().data;
    expect(mine).toHaveLength(5);
  });

  const ids = (rows: Row[]) => rows.map((c) => c.id);

  it.each([
    ["name", "asc"],
    ["name", "desc"],
    ["city", "asc"],
    ["city", "desc"],
    ["created_at", "asc"],
    ["created_at", "desc"],
  ] as const)("sort=%s&order=%s, with or without a search, pages without overlap", async (sort, order) => {
    const expected = ids(sortRows(mine, KEYS[sort] ?? [], order));
    const searched = (await api(admin, "GET", `/api/clients?search=${tag}&sort=${sort}&order=${order}`)).json();
    expect(ids(searched.data)).toEqual(expected);
    const book = (await api(admin, "GET", `/api/clients?sort=${sort}&order=${order}&limit=1000`)).json();
    expect(ids(book.data).filter((id) => expected.includes(id))).toEqual(expected);
    const pages: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await api(
        admin,
        "GET",
        `/api/clients?search=${tag}&sort=${sort}&order=${order}&limit=2&page=${page}`,
      );
      pages.push(...ids(res.json().data));
    }
    expect(pages).toEqual(expected);
  });

  it("keeps each sort's own direction when order is left out, the name A → Z by default", async () => {
    const get = async (query: string) =>
      ids((await api(admin, "GET", `/api/clients?search=${tag}&${query}`)).json().data);
    expect(await get("")).toEqual(await get("sort=name&order=asc"));
    expect(await get("sort=city")).toEqual(await get("sort=city&order=asc"));
    expect(await get("sort=created_at")).toEqual(await get("sort=created_at&order=desc"));
    expect(await get("sort=name&order=desc")).toEqual([...(await get("sort=name"))].reverse());
  });

  it("never shows another company's clients, whatever the order", async () => {
    const res = await api(admin, "GET", `/api/clients?sort=city&order=asc&limit=1000`);
    expect(res.json().data.map((c: Row) => c.name)).not.toContain(`aaron ${tag}`);
  });

  it.each([
    ["sort=email", "Tri invalide (name, city ou created_at)"],
    ["order=up", "Ordre invalide (asc ou desc)"],
    ["sort=name&order=DESC", "Ordre invalide (asc ou desc)"],
  ])("refuses ?%s", async (query, message) => {
    const res = await api(admin, "GET", `/api/clients?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });
});
