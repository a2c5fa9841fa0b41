import { randomUUID } from "node:crypto";
import { bearer, createTestCompany, login, setupApp, type TestCompany } from "@server/test/helpers";
import {
  EQUIPMENT_TEXTS,
  type EquipmentTemplate,
  type EquipmentTemplateListResponse,
} from "@shared/equipment-templates";
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
  company = await createTestCompany(db, "Équipements SARL");
  other = await createTestCompany(db, "Autres Équipements SARL");
  const tokenOf = async (email: string) => (await login(app, email)).token;
  [admin, chef, compagnon, norole, otherAdmin] = await Promise.all([
    tokenOf(company.emails.admin),
    tokenOf(company.emails.chef),
    tokenOf(company.emails.compagnon),
    tokenOf(company.emails.norole),
    tokenOf(other.emails.admin),
  ]);
});

const URL = "/api/equipment-templates";

const api = (token: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function create(token: string, payload: object): Promise<EquipmentTemplate> {
  const res = await api(token, "POST", URL, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as EquipmentTemplate;
}

async function list(token: string, query = ""): Promise<EquipmentTemplateListResponse> {
  const res = await api(token, "GET", `${URL}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as EquipmentTemplateListResponse;
}

/** The validation answer's message and its field errors. */
async function refused(res: Awaited<ReturnType<typeof api>>) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { message: string; details?: { path: string; message: string }[] };
  return { message: body.message, details: body.details ?? [] };
}

/** A company of its own, for the tests that count or order the whole list. */
async function freshAdmin(label: string): Promise<string> {
  const fresh = await createTestCompany(db, label);
  return (await login(app, fresh.emails.admin)).token;
}

describe("POST /api/equipment-templates", () => {
  it("creates a template: the name trimmed, the items trimmed, blanks dropped, repeats merged, order kept", async () => {
    const template = await create(admin, {
      name: "  Salle de bain complète  ",
      equipment_items: ["  Perceuse à percussion ", "", "   ", "Niveau laser", "niveau  LASER", "Seau", "\tCales "],
    });
    expect(template).toMatchObject({
      name: "Salle de bain complète",
      equipment_items: ["Perceuse à percussion", "Niveau laser", "Seau", "Cales"],
    });
    expect(template.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(template.created_at)).not.toBeNaN();
    const read = await api(admin, "GET", `${URL}/${template.id}`);
    expect(read.json()).toEqual(template);
  });

  it("creates a template without items when the list is left out or holds only blanks", async () => {
    expect((await create(admin, { name: "Vide" })).equipment_items).toEqual([]);
    expect((await create(admin, { name: "Blancs", equipment_items: [" ", ""] })).equipment_items).toEqual([]);
  });

  it("refuses a missing, blank or too long name, in the glossary's words", async () => {
    for (const payload of [{}, { name: "   " }, { name: null }, { name: 12 }]) {
      const { message, details } = await refused(await api(admin, "POST", URL, payload));
      expect(message).toBe(EQUIPMENT_TEXTS.nameRequired);
      expect(details).toContainEqual({ path: "name", message: "Le nom du modèle est obligatoire" });
    }
    const long = await refused(await api(admin, "POST", URL, { name: "x".repeat(201) }));
    expect(long.details).toContainEqual({ path: "name", message: "Le nom du modèle\u00a0: 200 caractères au maximum" });
    // 200 characters once trimmed are accepted.
    expect((await create(admin, { name: ` ${"x".repeat(200)} ` })).name).toHaveLength(200);
  });

  it("refuses a list that is not a list of texts, an item over 200 characters at its place, and over 200 items", async () => {
    const notList = await refused(await api(admin, "POST", URL, { name: "A", equipment_items: "Perceuse" }));
    expect(notList.details).toContainEqual({
      path: "equipment_items",
      message: "La liste des équipements est invalide",
    });
    const notText = await refused(await api(admin, "POST", URL, { name: "A", equipment_items: ["Perceuse", 3] }));
    expect(notText.details).toContainEqual({ path: "equipment_items.1", message: "Équipement invalide" });

    const long = await refused(
      await api(admin, "POST", URL, { name: "A", equipment_items: ["", "Perceuse", `  ${"y".repeat(201)}  `] }),
    );
    // At its place in the list sent (the form's row), blanks before it counted.
    expect(long.details).toContainEqual({
      path: "equipment_items.2",
      message: "Un équipement\u00a0: 200 caractères au maximum",
    });
    expect(
      (await create(admin, { name: "A", equipment_items: [` ${"y".repeat(200)} `] })).equipment_items[0],
    ).toHaveLength(200);

    const many = Array.from({ length: 201 }, (_, n) => `Équipement ${n + 1}`);
    const tooMany = await refused(await api(admin, "POST", URL, { name: "A", equipment_items: many }));
    expect(tooMany.details).toContainEqual({
      path: "equipment_items",
      message: "200 équipements au maximum par modèle",
    });
    // 200 distinct items, plus blanks and repeats that cleaning removes, are accepted.
    const fits = await create(admin, { name: "Plein", equipment_items: [...many.slice(0, 200), "", "Équipement 1"] });
    expect(fits.equipment_items).toHaveLength(200);
  });
});

describe("GET /api/equipment-templates", () => {
  it("lists the newest first, 20 a page by default, with the total; order=asc reverses it", async () => {
    const token = await freshAdmin("Liste Équipements");
    const created: EquipmentTemplate[] = [];
    for (let n = 1; n <= 23; n++)
      created.push(await create(token, { name: `Modèle ${n}`, equipment_items: [`Outil ${n}`] }));
    const newestFirst = [...created].reverse().map((t) => t.name);

    const first = await list(token);
    expect(first.meta).toEqual({ total: 23, page: 1, limit: 20 });
    expect(first.data.map((t) => t.name)).toEqual(newestFirst.slice(0, 20));
    expect(first.data[0]).toEqual(created[22]);

    const second = await list(token, "?page=2");
    expect(second.meta).toEqual({ total: 23, page: 2, limit: 20 });
    expect(second.data.map((t) => t.name)).toEqual(newestFirst.slice(20));
    // Beyond the last page: no row, the total still said.
    expect(await list(token, "?page=5&limit=10")).toEqual({ data: [], meta: { total: 23, page: 5, limit: 10 } });

    const asc = await list(token, "?sort=created_at&order=asc&limit=5");
    expect(asc.data.map((t) => t.name)).toEqual(["Modèle 1", "Modèle 2", "Modèle 3", "Modèle 4", "Modèle 5"]);
  });

  it("finds a template by its name or by one of its items, whatever the case, wildcards taken literally", async () => {
    const token = await freshAdmin("Recherche Équipements");
    const bathroom = await create(token, {
      name: "Salle de bain complète",
      equipment_items: ["Carrelette", "Niveau laser", "Seau 100 %"],
    });
    const paint = await create(token, { name: "Peinture intérieure", equipment_items: ["Rouleau", "Bâche"] });
    await create(token, { name: "Électricité tableau", equipment_items: ["Multimètre"] });

    expect((await list(token, "?search=SALLE")).data.map((t) => t.id)).toEqual([bathroom.id]);
    expect((await list(token, "?search=niveau%20laser")).data.map((t) => t.id)).toEqual([bathroom.id]);
    expect((await list(token, "?search=%20b%C3%A2che%20")).data.map((t) => t.id)).toEqual([paint.id]);
    expect((await list(token, "?search=100%20%25")).data.map((t) => t.id)).toEqual([bathroom.id]);
    // « % » alone is a character to find, not « anything ».
    expect((await list(token, "?search=%25")).meta.total).toBe(1);
    const none = await list(token, "?search=tronçonneuse");
    expect(none).toEqual({ data: [], meta: { total: 0, page: 1, limit: 20 } });
    // A search pages like the list.
    const paged = await list(token, "?search=e&limit=2");
    expect(paged.meta.total).toBe(3);
    expect(paged.data).toHaveLength(2);
  });

  it("refuses a bad page, limit, sort or order in French", async () => {
    const cases: [string, string][] = [
      ["?page=0", "Page invalide"],
      ["?limit=0", "Limite invalide"],
      ["?limit=101", "La limite maximale est de 100"],
      ["?sort=name", "Tri invalide (created_at)"],
      ["?order=up", "Ordre invalide (asc ou desc)"],
    ];
    for (const [query, message] of cases) {
      const res = await api(admin, "GET", `${URL}${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });
});

describe("GET, PUT and DELETE /api/equipment-templates/:id", () => {
  it("replaces the name and the whole list, cleaned the same way", async () => {
    const template = await create(admin, { name: "Plomberie", equipment_items: ["Clé à molette", "Téflon"] });
    const res = await api(admin, "PUT", `${URL}/${template.id}`, {
      name: " Plomberie dépannage ",
      equipment_items: ["Pince multiprise", " ", "Téflon ", "téflon", "Clé à molette"],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json() as EquipmentTemplate;
    expect(updated).toMatchObject({
      id: template.id,
      name: "Plomberie dépannage",
      equipment_items: ["Pince multiprise", "Téflon", "Clé à molette"],
      created_at: template.created_at,
    });
    expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(template.updated_at));
    expect((await api(admin, "GET", `${URL}/${template.id}`)).json()).toEqual(updated);

    // `[]` empties the list.
    const emptied = await api(admin, "PUT", `${URL}/${template.id}`, {
      name: "Plomberie dépannage",
      equipment_items: [],
    });
    expect(emptied.json().equipment_items).toEqual([]);
  });

  it("refuses a PUT that leaves a key out, or a blank name, and changes nothing", async () => {
    const template = await create(admin, { name: "Complet", equipment_items: ["Échelle"] });
    const noItems = await refused(await api(admin, "PUT", `${URL}/${template.id}`, { name: "Autre" }));
    expect(noItems.details).toContainEqual({ path: "equipment_items", message: "Champ obligatoire" });
    const blank = await refused(await api(admin, "PUT", `${URL}/${template.id}`, { name: " ", equipment_items: [] }));
    expect(blank.message).toBe("Le nom du modèle est obligatoire");
    expect((await api(admin, "GET", `${URL}/${template.id}`)).json()).toMatchObject({
      name: "Complet",
      equipment_items: ["Échelle"],
    });
  });

  it("deletes a template: gone from the list and from its address", async () => {
    const template = await create(admin, { name: `À supprimer ${randomUUID().slice(0, 6)}`, equipment_items: [] });
    const res = await api(admin, "DELETE", `${URL}/${template.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    const gone = await api(admin, "GET", `${URL}/${template.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("Modèle d’équipement introuvable");
    expect((await list(admin, `?search=${encodeURIComponent(template.name)}`)).meta.total).toBe(0);
    expect((await api(admin, "DELETE", `${URL}/${template.id}`)).statusCode).toBe(404);
  });

  it("answers 404 « Modèle d’équipement introuvable » for an unknown id, a malformed id, or another company's", async () => {
    const mine = await create(admin, { name: "Le mien", equipment_items: ["Marteau"] });
    for (const id of [randomUUID(), "pas-un-id"]) {
      for (const method of ["GET", "DELETE"] as const) {
        const res = await api(admin, method, `${URL}/${id}`);
        expect(res.statusCode, `${method} ${id}`).toBe(404);
        expect(res.json().message).toBe(EQUIPMENT_TEXTS.notFound);
      }
      const put = await api(admin, "PUT", `${URL}/${id}`, { name: "X", equipment_items: [] });
      expect(put.statusCode).toBe(404);
    }
    // Another company sees nothing of it, and cannot change or delete it.
    expect((await api(otherAdmin, "GET", `${URL}/${mine.id}`)).statusCode).toBe(404);
    expect((await api(otherAdmin, "PUT", `${URL}/${mine.id}`, { name: "Pris", equipment_items: [] })).statusCode).toBe(
      404,
    );
    expect((await api(otherAdmin, "DELETE", `${URL}/${mine.id}`)).statusCode).toBe(404);
    expect((await list(otherAdmin, "?search=le%20mien")).meta.total).toBe(0);
    const stored = await db.run({ companyId: company.id }, (tx) =>
      tx.execute<{ name: string }>(sql`SELECT name FROM equipment_templates WHERE id = ${mine.id}`),
    );
    expect(stored.rows).toEqual([{ name: "Le mien" }]);
  });
});

describe("permissions", () => {
  it("lets a chef d'équipe do everything", async () => {
    const template = await create(chef, { name: "Du chef", equipment_items: ["Laser"] });
    expect((await api(chef, "PUT", `${URL}/${template.id}`, { name: "Du chef", equipment_items: [] })).statusCode).toBe(
      200,
    );
    expect((await api(chef, "DELETE", `${URL}/${template.id}`)).statusCode).toBe(204);
  });

  it("lets a compagnon read the templates, never change them", async () => {
    const template = await create(admin, { name: "Lu par le compagnon", equipment_items: ["Casque"] });
    expect((await list(compagnon, "?search=compagnon")).data.map((t) => t.id)).toEqual([template.id]);
    expect((await api(compagnon, "GET", `${URL}/${template.id}`)).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ["POST", URL, { name: "Non", equipment_items: [] }],
      ["PUT", `${URL}/${template.id}`, { name: "Non", equipment_items: [] }],
      ["DELETE", `${URL}/${template.id}`, undefined],
    ] as const) {
      const res = await api(compagnon, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe("FORBIDDEN");
    }
    expect((await api(admin, "GET", `${URL}/${template.id}`)).json().name).toBe("Lu par le compagnon");
  });

  it("refuses every route to a user without a role, and to anyone signed out", async () => {
    const template = await create(admin, { name: "Inaccessible", equipment_items: [] });
    for (const [method, url] of [
      ["GET", URL],
      ["GET", `${URL}/${template.id}`],
      ["POST", URL],
      ["PUT", `${URL}/${template.id}`],
      ["DELETE", `${URL}/${template.id}`],
    ] as const) {
      const payload = method === "POST" || method === "PUT" ? { name: "X", equipment_items: [] } : undefined;
      expect((await api(norole, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
    }
  });
});
