/**
 * One search rule (issue 33, ADR 0032): every searchable list finds « Hélène » from « helene », « élan »
 * from « ELAN » and « Élève » from « eleve », through its HTTP route; every name-sorted list sorts as a
 * French reader expects (« Équipe Électricité » between « Équipe Charpente » and « Équipe Plomberie »).
 * The SQL fold() itself is pinned against an independent oracle (Unicode decomposition).
 */
import { outboxRepository } from "@server/modules/messages/outbox.repository";
import { usersRepository } from "@server/modules/users/users.repository";
import { fold } from "@shared/search";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { containsPattern, prefixPattern } from "../lib/search";
import {
  bearer,
  createTestCompany,
  createTestSuperadmin,
  foldOracle,
  login,
  setupApp,
  TEST_PASSWORD,
  type TestCompany,
} from "./helpers";

let app: Awaited<ReturnType<typeof setupApp>>["app"];
let db: Awaited<ReturnType<typeof setupApp>>["db"];
let company: TestCompany;
let admin: string;

const api = (method: "GET" | "POST" | "PUT", url: string, payload?: object, token = admin) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function created(url: string, payload: object): Promise<{ id: string }> {
  const res = await api("POST", url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

/** The names a list answers for `search`, whatever the shape of its page. */
async function found(url: string, search: string, token = admin): Promise<string[]> {
  const res = await api(
    "GET",
    `${url}${url.includes("?") ? "&" : "?"}search=${encodeURIComponent(search)}`,
    undefined,
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as Record<string, unknown> | unknown[];
  // The page's rows: the answer itself or its one array (data, quotes, invoices…).
  const rows = (Array.isArray(body) ? body : (Object.values(body).find(Array.isArray) ?? [])) as Record<
    string,
    unknown
  >[];
  return rows.map((row) => String(row.name ?? row.full_name ?? row.subject ?? row.reference ?? ""));
}

/** The three searches of the issue, on the names « Hélène … », « … élan … », « Élève … ». */
async function expectFolded(url: string, names: { helene: string; elan: string; eleve: string }, token = admin) {
  expect(await found(url, "helene", token)).toContain(names.helene);
  expect(await found(url, "HÉLÈNE", token)).toContain(names.helene);
  expect(await found(url, "ELAN", token)).toContain(names.elan);
  expect(await found(url, "eleve", token)).toContain(names.eleve);
  expect(await found(url, "zzz-absent", token)).toEqual([]);
}

beforeAll(async () => {
  ({ app, db } = await setupApp());
  company = await createTestCompany(db, "Recherche");
  admin = (await login(app, company.emails.admin)).token;
});

describe("fold()", () => {
  it("reads every French letter without its accent and case, œ and æ spelt out, ’ as '", async () => {
    const letters = "àâäáãåçéèêëíìîïñóòôöõúùûüýÿÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝŸ";
    const samples = [...letters, "Œuvre", "ŒUVRE", "Lætitia", "ÆSOP", "L’Atelier", "Hélène Élève", "ÉLAN élan"];
    const rows = await db.run("platform", (tx) =>
      tx.execute<{ input: string; folded: string }>(
        sql`SELECT s AS input, fold(s) AS folded FROM unnest(${`{${samples.map((s) => `"${s}"`).join(",")}}`}::text[]) AS s`,
      ),
    );
    expect(rows.rows).toHaveLength(samples.length);
    for (const row of rows.rows) {
      expect(row.folded, row.input).toBe(foldOracle(row.input));
      // The browser's own filter (src/shared/search.ts) folds the same way.
      expect(fold(row.input), row.input).toBe(row.folded);
    }
  });

  it("keeps LIKE's wildcards and its escape literal in a pattern", async () => {
    const rows = await db.run("platform", (tx) =>
      tx.execute<{ a: boolean; b: boolean; c: boolean; d: boolean }>(sql`
        SELECT fold('Remise 50% Été') LIKE ${containsPattern("50% ÉTÉ")} AS a,
               fold('Remise 50 Été') LIKE ${containsPattern("50% été")} AS b,
               fold('a_b\\c') LIKE ${containsPattern("_B\\")} AS c,
               fold('Électricité générale') LIKE ${prefixPattern("ELEC")} AS d`),
    );
    expect(rows.rows[0]).toEqual({ a: true, b: false, c: true, d: true });
  });
});

describe("every searchable list folds accents and case (HTTP)", () => {
  it("clients", async () => {
    for (const name of ["Hélène Martin", "Boulangerie L’Élan", "Élève Durand"])
      await created("/api/clients", { name, email: "contact@test.fr" });
    await expectFolded("/api/clients", {
      helene: "Hélène Martin",
      elan: "Boulangerie L’Élan",
      eleve: "Élève Durand",
    });
    // « l'elan » typed with a straight apostrophe finds the typographic one.
    expect(await found("/api/clients", "l'elan")).toContain("Boulangerie L’Élan");
  });

  it("quotes, by their name and by their client's name", async () => {
    const client = await created("/api/clients", { name: "Cliente Hélène Devis", email: "a@test.fr" });
    const other = await created("/api/clients", { name: "Client Sans Accent", email: "b@test.fr" });
    const line = { name: "Pose", quantity: 1, unit: "forfait", unit_price: 100, tax_rate: 20 };
    for (const name of ["Cuisine élan", "Salle d’eau Élève"]) {
      await created("/api/quotes", { name, client_id: other.id, date: "2026-11-02", items: [line] });
    }
    const byClient = await created("/api/quotes", {
      name: "Terrasse",
      client_id: client.id,
      date: "2026-11-02",
      items: [line],
    });
    expect(byClient.id).toBeTruthy();
    expect(await found("/api/quotes", "ELAN")).toContain("Cuisine élan");
    expect(await found("/api/quotes", "eleve")).toContain("Salle d’eau Élève");
    expect(await found("/api/quotes", "helene")).toContain("Terrasse");
    expect(await found("/api/quotes?status=en%20cours%20de%20redaction", "élan")).toContain("Cuisine élan");
  });

  it("invoices, by their name and by their client's name", async () => {
    const client = await created("/api/clients", { name: "Hélène Facture", email: "c@test.fr" });
    const other = await created("/api/clients", { name: "Client Facture", email: "d@test.fr" });
    const line = { name: "Pose", quantity: 1, unit: "forfait", unit_price: 100, tax_rate: 20 };
    await created("/api/invoices", { name: "Rénovation élan", client_id: other.id, items: [line] });
    await created("/api/invoices", { name: "Élève — chauffe-eau", client_id: other.id, items: [line] });
    await created("/api/invoices", { name: "Portail", client_id: client.id, items: [line] });
    expect(await found("/api/invoices", "ELAN")).toContain("Rénovation élan");
    expect(await found("/api/invoices", "eleve")).toContain("Élève — chauffe-eau");
    expect(await found("/api/invoices", "helene")).toContain("Portail");
  });

  it("worksites", async () => {
    for (const name of ["Chantier Hélène", "Extension élan", "Maison Élève"]) await created("/api/projects", { name });
    await expectFolded("/api/projects", { helene: "Chantier Hélène", elan: "Extension élan", eleve: "Maison Élève" });
  });

  it("library, list and suggestions", async () => {
    const item = (name: string) => ({
      kind: "article",
      category: "fourniture",
      name,
      unit: "unité",
      unit_price: 10,
      cost_price: 5,
      tax_rate: 20,
    });
    for (const name of ["Mitigeur Hélène", "Élan de bordure", "Tabouret élève"])
      await created("/api/library/items", item(name));
    await expectFolded("/api/library/items", {
      helene: "Mitigeur Hélène",
      elan: "Élan de bordure",
      eleve: "Tabouret élève",
    });
    const suggest = async (q: string) => {
      const res = await api("GET", `/api/library/suggestions?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { data?: { name: string }[] } | { name: string }[];
      return (Array.isArray(body) ? body : (body.data ?? [])).map((s) => s.name);
    };
    // Two letters: the names starting with them (prefix index); three: the names containing them.
    expect(await suggest("EL")).toEqual(["Élan de bordure"]);
    expect(await suggest("ele")).toEqual(["Mitigeur Hélène", "Tabouret élève"]);
  });

  it("teams, and their French order", async () => {
    for (const name of [
      "Équipe Plomberie",
      "Équipe Électricité",
      "Équipe Charpente",
      "Équipe Hélène",
      "Élan",
      "Élèves apprentis",
    ]) {
      await created("/api/teams", { name, member_ids: [] });
    }
    await expectFolded("/api/teams", { helene: "Équipe Hélène", elan: "Élan", eleve: "Élèves apprentis" });
    const all = await found("/api/teams", "equipe");
    expect(all.filter((n) => ["Équipe Charpente", "Équipe Électricité", "Équipe Plomberie"].includes(n))).toEqual([
      "Équipe Charpente",
      "Équipe Électricité",
      "Équipe Plomberie",
    ]);
  });

  it("vehicles", async () => {
    for (const name of ["Camion Hélène", "Fourgon élan", "Utilitaire Élève"]) {
      await created("/api/vehicles", { name, registration_number: null });
    }
    await expectFolded("/api/vehicles", { helene: "Camion Hélène", elan: "Fourgon élan", eleve: "Utilitaire Élève" });
  });

  it("equipment lists", async () => {
    for (const name of ["Caisse Hélène", "Kit élan", "Échafaudage élevé"]) {
      await created("/api/equipment-templates", { name, equipment: ["Perceuse"] });
    }
    await expectFolded("/api/equipment-templates", {
      helene: "Caisse Hélène",
      elan: "Kit élan",
      eleve: "Échafaudage élevé",
    });
  });

  it("users, and their French order", async () => {
    await db.run("platform", async (tx) => {
      for (const fullName of ["Hélène Élan", "Élodie Élève", "Zoé Martin", "Etienne Abel"]) {
        await usersRepository.create(tx, {
          companyId: company.id,
          email: `${fullName.normalize("NFD").replace(/\p{M}/gu, "").replace(/\s/g, ".").toLowerCase()}-${company.id.slice(0, 6)}@test.fr`,
          fullName,
          passwordHash: "x",
          roleIds: [],
        });
      }
    });
    await expectFolded("/api/company/users", { helene: "Hélène Élan", elan: "Hélène Élan", eleve: "Élodie Élève" });
    const all = await found("/api/company/users", "e");
    expect(all.indexOf("Élodie Élève")).toBeLessThan(all.indexOf("Etienne Abel"));
    expect(all.indexOf("Etienne Abel")).toBeLessThan(all.indexOf("Hélène Élan"));
  });

  it("sent messages", async () => {
    await db.run("platform", async (tx) => {
      for (const subject of ["Devis pour Hélène", "Facture élan", "Relance Élève"]) {
        await outboxRepository.insert(tx, {
          companyId: company.id,
          kind: "quote_send",
          status: "sent",
          transport: "outbox",
          to: ["client@test.fr"],
          cc: [],
          subject,
          body: "Bonjour",
          document: null,
          attachmentName: null,
          createdBy: null,
        });
      }
    });
    await expectFolded("/api/outbox", { helene: "Devis pour Hélène", elan: "Facture élan", eleve: "Relance Élève" });
  });

  it("companies (SuperAdmin)", async () => {
    const superadmin = (await login(app, await createTestSuperadmin(db), TEST_PASSWORD)).token;
    const names = { helene: "", elan: "", eleve: "" };
    for (const [key, name] of Object.entries({
      helene: "Hélène Bâtiment",
      elan: "SARL élan",
      eleve: "Élève Couverture",
    })) {
      const made = await createTestCompany(db, name);
      names[key as keyof typeof names] = made.name;
    }
    await expectFolded("/api/superadmin/companies", names, superadmin);
  });
});

describe("a search sorted by client follows the client's name (ADR 0032: its key kept on the search rows)", () => {
  /** The clients of a list's page for `search`, in the page's order (quotes: `data`, invoices: `invoices`). */
  async function clientOrder(url: string, search: string): Promise<string[]> {
    const res = await api("GET", `${url}&search=${encodeURIComponent(search)}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data?: { client_id: string }[]; invoices?: { client_id: string }[] };
    return (body.data ?? body.invoices ?? []).map((row) => row.client_id);
  }

  it("quotes and invoices, after a rename and a change of client", async () => {
    const zoe = await created("/api/clients", { name: "Zoé Tri", email: "zoe@test.fr" });
    const bruno = await created("/api/clients", { name: "Bruno Tri", email: "bruno@test.fr" });
    const line = { name: "Pose", quantity: 1, unit: "forfait", unit_price: 100, tax_rate: 20 };
    await created("/api/quotes", { name: "Véranda triable", client_id: zoe.id, date: "2026-11-02", items: [line] });
    const moved = await created("/api/quotes", {
      name: "Véranda triable",
      client_id: bruno.id,
      date: "2026-11-02",
      items: [line],
    });
    await created("/api/invoices", { name: "Véranda triable", client_id: zoe.id, items: [line] });
    await created("/api/invoices", { name: "Véranda triable", client_id: bruno.id, items: [line] });
    const quotes = "/api/quotes?sort=client&order=asc";
    const invoices = "/api/invoices?sort=client&order=asc";
    expect(await clientOrder(quotes, "veranda triable")).toEqual([bruno.id, zoe.id]);
    expect(await clientOrder(invoices, "veranda triable")).toEqual([bruno.id, zoe.id]);

    // « Zoé Tri » becomes « Ámélie Tri »: first, accents aside, in both lists at once.
    const empty = Object.fromEntries(["phone", "address", "postal_code", "city", "notes"].map((key) => [key, null]));
    const renamed = await api("PUT", `/api/clients/${zoe.id}`, {
      ...empty,
      name: "Ámélie Tri",
      email: "zoe@test.fr",
      is_active: true,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await clientOrder(quotes, "veranda triable")).toEqual([zoe.id, bruno.id]);
    expect(await clientOrder(invoices, "veranda triable")).toEqual([zoe.id, bruno.id]);
    expect(await clientOrder("/api/invoices?sort=client&order=desc", "veranda triable")).toEqual([bruno.id, zoe.id]);
    // The client's new name is searched too (the name decides), the old one no more.
    expect(await clientOrder(quotes, "amelie")).toHaveLength(1);
    expect(await clientOrder(quotes, "zoe tri")).toEqual([]);

    // A quote moved to another client takes that client's key: « Aaron Tri » comes first.
    const aaron = await created("/api/clients", { name: "Aaron Tri", email: "aaron@test.fr" });
    const edited = await api("PUT", `/api/quotes/${moved.id}`, {
      name: "Véranda triable",
      client_id: aaron.id,
      status: "en cours de redaction",
      date: "2026-11-02",
      valid_until: null,
      notes: null,
      terms: null,
      discount_percentage: 0,
      discount_amount: 0,
      items: [line],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await clientOrder(quotes, "veranda triable")).toEqual([aaron.id, zoe.id]);
  });
});
