import { randomUUID } from "node:crypto";
import { bearer, createTestCompany, createTestUserWithPermissions, login, setupApp } from "@server/test/helpers";
import { clientHasDocumentsMessage } from "@shared/clients";
import { addDays, parisToday } from "@shared/dates";
import {
  PROJECT_TEXTS,
  type ProjectDetail,
  type ProjectDraft,
  type ProjectIssue,
  type ProjectListResponse,
} from "@shared/projects";
import { QUOTE_TEXTS } from "@shared/quotes";
import { beforeAll, describe, expect, it } from "vitest";

const { app, db } = await setupApp();

type Method = "GET" | "POST" | "PUT" | "DELETE";
const api = (token: string, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const tag = () => randomUUID().slice(0, 8);
const detailsOf = (body: string) =>
  Object.fromEntries(
    ((JSON.parse(body) as { details?: { path: string; message: string }[] }).details ?? []).map((d) => [
      d.path,
      d.message,
    ]),
  );

/** A company of the tests: tokens by default role, a client, two teams (the Compagnon in the first), a vehicle. */
interface Crew {
  id: string;
  admin: string;
  chef: string;
  compagnon: string;
  norole: string;
  compagnonId: string;
  clientId: string;
  teamId: string;
  otherTeamId: string;
  vehicleId: string;
}

async function crew(name: string): Promise<Crew> {
  const company = await createTestCompany(db, name);
  const admin = (await login(app, company.emails.admin)).token;
  const chef = (await login(app, company.emails.chef)).token;
  const compagnon = await login(app, company.emails.compagnon);
  const norole = (await login(app, company.emails.norole)).token;
  const post = async (url: string, payload: object) => {
    const res = await api(admin, "POST", url, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  };
  const client = await post("/api/clients", {
    name: `Famille Morel ${name}`,
    email: "morel@exemple.fr",
    phone: "06 11 22 33 44",
    address: "3 rue Neuve",
    postal_code: "69001",
    city: "Lyon",
  });
  const team = await post("/api/teams", { name: "Équipe Salle de bain", member_ids: [compagnon.user.id] });
  const otherTeam = await post("/api/teams", { name: "Équipe Toiture" });
  const vehicle = await post("/api/vehicles", { name: "Renault Master", registration_number: tag() });
  return {
    id: company.id,
    admin,
    chef,
    compagnon: compagnon.token,
    norole,
    compagnonId: compagnon.user.id,
    clientId: client.id,
    teamId: team.id,
    otherTeamId: otherTeam.id,
    vehicleId: vehicle.id,
  };
}

let a: Crew;
let b: Crew;

beforeAll(async () => {
  a = await crew("Chantiers SARL");
  b = await crew("Autres Chantiers SARL");
});

async function createProject(token: string, payload: object): Promise<ProjectDetail> {
  const res = await api(token, "POST", "/api/projects", payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ProjectDetail;
}

/** The lines of a validated quote: a heading, two priced lines, a text line. */
const QUOTE_ITEMS = [
  { kind: "section", name: "Salle de bain" },
  { name: "Dépose carrelage", quantity: 12.5, unit: "m²", unit_price: 45, tax_rate: 10 },
  { kind: "text", name: "Évacuation des gravats comprise" },
  { name: "Pose receveur de douche", quantity: 1, unit: "forfait", unit_price: 380, tax_rate: 10 },
];

async function createQuote(crewOf: Crew, extra: object = {}) {
  const res = await api(crewOf.admin, "POST", "/api/quotes", {
    name: "Rénovation salle de bain",
    client_id: crewOf.clientId,
    status: "valide",
    date: "2026-11-20",
    notes: "Accès par la cour",
    items: QUOTE_ITEMS,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; reference: string; total: number; project_id: string | null };
}

const whole = (p: ProjectDetail, changes: object = {}) => ({
  name: p.name,
  status: p.status,
  client_id: p.client_id,
  start_date: p.start_date,
  team_id: p.team_id,
  vehicle_id: p.vehicle_id,
  address: p.address,
  gate_code: p.gate_code,
  notes: p.notes,
  budget_total: p.budget_total,
  estimated_duration_days: p.estimated_duration_days,
  equipment: p.equipment,
  tasks: p.tasks.map(({ id, label, estimated_hours, unit_price, quantity }) => ({
    id,
    label,
    estimated_hours,
    unit_price,
    quantity,
  })),
  ...changes,
});

/** A worksite of the Compagnon's team, started (en cours), with two tasks. */
async function running(crewOf: Crew = a, extra: object = {}) {
  const project = await createProject(crewOf.admin, {
    name: `Chantier ${tag()}`,
    team_id: crewOf.teamId,
    tasks: [{ label: "Dépose" }, { label: "Pose" }],
    ...extra,
  });
  const started = await api(crewOf.admin, "POST", `/api/projects/${project.id}/start`);
  expect(started.statusCode, started.body).toBe(200);
  return started.json() as ProjectDetail;
}

describe("POST /api/projects (a blank worksite)", () => {
  it("creates it with a CH- reference, à faire, its tasks in order, and answers it whole", async () => {
    const project = await createProject(a.admin, {
      name: "  Cuisine Dupont ",
      client_id: a.clientId,
      team_id: a.teamId,
      vehicle_id: a.vehicleId,
      start_date: "2026-12-01",
      address: "12 rue des Lilas, 69003 Lyon",
      gate_code: "A1234",
      notes: "Chien dans la cour",
      budget_total: 8450.5,
      estimated_duration_days: 3,
      equipment: ["Perceuse", " Perceuse ", "Niveau laser"],
      tasks: [{ label: "Dépose", estimated_hours: 4, unit_price: 40, quantity: 2 }, { label: "Pose" }],
    });
    const year = parisToday().slice(0, 4);
    expect(project.reference).toMatch(new RegExp(`^CH-${year}-\\d{4}$`));
    expect(project).toMatchObject({
      name: "Cuisine Dupont",
      status: "à faire",
      client: {
        id: a.clientId,
        phone: "06 11 22 33 44",
        email: "morel@exemple.fr",
        address: "3 rue Neuve, 69001 Lyon",
      },
      team: { id: a.teamId, name: "Équipe Salle de bain" },
      vehicle: { id: a.vehicleId, name: "Renault Master" },
      start_date: "2026-12-01",
      gate_code: "A1234",
      budget_total: 8450.5,
      estimated_duration_days: 3,
      equipment: ["Perceuse", "Niveau laser"],
      quote_id: null,
      documents: [],
      started_at: null,
      task_count: 2,
      done_count: 0,
      progress: 0,
    });
    expect(
      project.tasks.map((t) => [t.position, t.label, t.estimated_hours, t.unit_price, t.quantity, t.is_done]),
    ).toEqual([
      [1, "Dépose", 4, 40, 2, false],
      [2, "Pose", null, null, 1, false],
    ]);
    // References follow each other within the company.
    const next = await createProject(a.admin, { name: "Suivant" });
    expect(Number(next.reference.slice(-4))).toBe(Number(project.reference.slice(-4)) + 1);
  });

  it("says the spec's messages", async () => {
    const empty = await api(a.admin, "POST", "/api/projects", { name: " " });
    expect(empty.statusCode).toBe(400);
    expect(detailsOf(empty.body)).toEqual({ name: PROJECT_TEXTS.nameRequired });
    const bad = await api(a.admin, "POST", "/api/projects", {
      name: "A",
      status: "fini",
      estimated_duration_days: 1.5,
      budget_total: -1,
      tasks: [{ label: "" }, { label: "B", estimated_hours: -1, unit_price: -2, quantity: 0 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(detailsOf(bad.body)).toEqual({
      status: PROJECT_TEXTS.statusRequired,
      estimated_duration_days: PROJECT_TEXTS.durationMin,
      budget_total: PROJECT_TEXTS.budgetPositive,
      "tasks.0.label": PROJECT_TEXTS.taskLabelRequired,
      "tasks.1.estimated_hours": PROJECT_TEXTS.hoursPositive,
      "tasks.1.unit_price": PROJECT_TEXTS.unitPricePositive,
      "tasks.1.quantity": PROJECT_TEXTS.quantityPositive,
    });
  });

  it("refuses another company's client, team or vehicle (400 on the field, nothing created)", async () => {
    const before = (await api(a.admin, "GET", "/api/projects?limit=1")).json() as ProjectListResponse;
    const res = await api(a.admin, "POST", "/api/projects", {
      name: "Intrus",
      client_id: b.clientId,
      team_id: b.teamId,
      vehicle_id: b.vehicleId,
    });
    expect(res.statusCode).toBe(400);
    expect(detailsOf(res.body)).toEqual({
      client_id: PROJECT_TEXTS.clientNotFound,
      team_id: PROJECT_TEXTS.teamNotFound,
      vehicle_id: PROJECT_TEXTS.vehicleNotFound,
    });
    const after = (await api(a.admin, "GET", "/api/projects?limit=1")).json() as ProjectListResponse;
    expect(after.meta.total).toBe(before.meta.total);
  });

  it("is for projects:create holders: not a Compagnon, nor a user without role", async () => {
    for (const token of [a.compagnon, a.norole]) {
      expect((await api(token, "POST", "/api/projects", { name: "Non" })).statusCode).toBe(403);
    }
    expect((await api(a.chef, "POST", "/api/projects", { name: "Chef" })).statusCode).toBe(201);
  });
});

describe("creation from a quote", () => {
  it("proposes the worksite of spec 2 §5: item lines as tasks with their hours, duration, tomorrow, total, notes, address", async () => {
    const quote = await createQuote(a);
    const res = await api(a.admin, "GET", `/api/projects/from-quote/${quote.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const draft = res.json() as ProjectDraft;
    expect(draft).toEqual({
      quote_id: quote.id,
      quote_reference: quote.reference,
      client_id: a.clientId,
      client: expect.objectContaining({ id: a.clientId }),
      name: "Rénovation salle de bain",
      start_date: addDays(parisToday(), 1),
      address: "3 rue Neuve, 69001 Lyon",
      notes: `Accès par la cour\n\nChantier créé depuis le devis ${quote.reference}`,
      // HT (issue 32): 12,5 × 45 + 380 = 942,50 € (its TTC at 10 %: 1 036,75 €).
      budget_total: 942.5,
      // 45 € → 5 h; 380 € → 38 h, clamped to 16 h; 21 h → 3 days.
      estimated_duration_days: 3,
      tasks: [
        { label: "Dépose carrelage", estimated_hours: 5, unit_price: 45, quantity: 12.5 },
        { label: "Pose receveur de douche", estimated_hours: 16, unit_price: 380, quantity: 1 },
      ],
    });
  });

  it("copies the budget HT after the discount, never the TTC (issue 32)", async () => {
    const quote = await createQuote(a, { discount_percentage: 10 });
    const read = (await api(a.admin, "GET", `/api/quotes/${quote.id}`)).json() as {
      subtotal: number;
      discount: number;
      tax_amount: number;
      total: number;
    };
    // 942,50 € HT less 10 % = 848,25 € HT; its TTC is more.
    expect(read.subtotal - read.discount).toBeCloseTo(848.25, 2);
    const draft = (await api(a.admin, "GET", `/api/projects/from-quote/${quote.id}`)).json() as ProjectDraft;
    expect(draft.budget_total).toBe(848.25);
    expect(draft.budget_total).not.toBe(read.total);
    const created = (await api(a.admin, "POST", "/api/projects/from-quote", { quote_id: quote.id })).json();
    expect((created as ProjectDetail).budget_total).toBe(848.25);
  });

  it("estimates each task from the library's labour time where the line's item knows it, else price / 10 (issue 32)", async () => {
    const item = async (payload: object) => {
      const res = await api(a.admin, "POST", "/api/library/items", payload);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; unit_price: number; labour_hours: number | null };
    };
    const article = {
      kind: "article",
      description: null,
      tax_rate: 10,
      supplier_reference: null,
    };
    const tiles = await item({
      ...article,
      name: `Carreau ${tag()}`,
      unit: "m²",
      unit_price: 32.5,
      cost_price: 21.4,
      category: "fourniture",
    });
    const labour = await item({
      ...article,
      name: `Main-d'œuvre carreleur ${tag()}`,
      unit: "heure",
      unit_price: 45,
      cost_price: 30,
      category: "main_oeuvre",
    });
    // One m² of tiling: 1,05 m² of tiles and 0,75 h of labour.
    const tiling = await item({
      kind: "ouvrage",
      name: `Pose carrelage ${tag()}`,
      description: null,
      unit: "m²",
      tax_rate: 10,
      pricing: "parts",
      components: [
        { article_id: tiles.id, quantity: 1.05 },
        { article_id: labour.id, quantity: 0.75 },
      ],
    });
    expect(tiling.labour_hours).toBe(0.75);
    const line = (library: { id: string; unit_price: number }, name: string, quantity: number, unit: string) => ({
      name,
      quantity,
      unit,
      unit_price: library.unit_price,
      tax_rate: 10,
      library_item_id: library.id,
    });
    const quote = await createQuote(a, {
      items: [
        line(tiling, "Pose carrelage sol", 9.25, "m²"),
        line(labour, "Main-d'œuvre carreleur", 3.5, "heure"),
        // From the library but without labour (tiles), or in another unit than its item's: price / 10.
        line(tiles, "Carreau", 10, "m²"),
        line(tiling, "Pose carrelage (forfait)", 1, "forfait"),
        { name: "Saisi à la main", quantity: 1, unit: "forfait", unit_price: 45, tax_rate: 10 },
      ],
    });
    const draft = (await api(a.admin, "GET", `/api/projects/from-quote/${quote.id}`)).json() as ProjectDraft;
    expect(draft.tasks.map((t) => [t.label, t.estimated_hours])).toEqual([
      // 9,25 m² × 0,75 h = 6,9375 h → 6,94 h (« 6 h 56 »), not its price / 10 (67,88 € → 7 h).
      ["Pose carrelage sol", 6.94],
      ["Main-d'œuvre carreleur", 3.5],
      ["Carreau", 4],
      ["Pose carrelage (forfait)", Math.min(16, Math.max(2, Math.ceil(tiling.unit_price / 10)))],
      ["Saisi à la main", 5],
    ]);
    const created = await api(a.admin, "POST", "/api/projects/from-quote", { quote_id: quote.id });
    expect(created.statusCode, created.body).toBe(201);
    expect((created.json() as ProjectDetail).tasks.map((t) => t.estimated_hours)).toEqual(
      draft.tasks.map((t) => t.estimated_hours),
    );
  });

  it("takes the worksite address chosen on the quote before the client's", async () => {
    const quote = await createQuote(a, {
      worksite: { label: "Maison de campagne", address: "8 chemin des Vignes", postal_code: "69380", city: "Lozanne" },
    });
    const draft = (await api(a.admin, "GET", `/api/projects/from-quote/${quote.id}`)).json() as ProjectDraft;
    expect(draft.address).toBe("8 chemin des Vignes, 69380 Lozanne");
    const created = await api(a.admin, "POST", "/api/projects/from-quote", { quote_id: quote.id });
    expect(created.statusCode, created.body).toBe(201);
    expect((created.json() as ProjectDetail).address).toBe("8 chemin des Vignes, 69380 Lozanne");
  });

  it("creates the proposal when the body says only the quote, and links the quote (project_id, documents)", async () => {
    const quote = await createQuote(a);
    const res = await api(a.admin, "POST", "/api/projects/from-quote", { quote_id: quote.id });
    expect(res.statusCode, res.body).toBe(201);
    const project = res.json() as ProjectDetail;
    expect(project).toMatchObject({
      name: "Rénovation salle de bain",
      status: "à faire",
      client_id: a.clientId,
      quote_id: quote.id,
      quote_reference: quote.reference,
      start_date: addDays(parisToday(), 1),
      budget_total: 942.5,
      estimated_duration_days: 3,
      notes: `Accès par la cour\n\nChantier créé depuis le devis ${quote.reference}`,
      documents: [{ id: quote.id, type: "devis", reference: quote.reference }],
    });
    expect(project.tasks.map((t) => [t.label, t.estimated_hours])).toEqual([
      ["Dépose carrelage", 5],
      ["Pose receveur de douche", 16],
    ]);
    const read = (await api(a.admin, "GET", `/api/quotes/${quote.id}`)).json();
    expect(read.project_id).toBe(project.id);
  });

  it("keeps what the dialog says: its tasks (unchecked ones left out), team, vehicle, equipment; duration from the kept hours", async () => {
    const quote = await createQuote(a);
    const res = await api(a.admin, "POST", "/api/projects/from-quote", {
      quote_id: quote.id,
      name: "Salle de bain Morel",
      start_date: "2027-01-04",
      team_id: a.teamId,
      vehicle_id: a.vehicleId,
      address: "",
      gate_code: "B42",
      notes: null,
      budget_total: 5000,
      tasks: [{ label: "Dépose carrelage", estimated_hours: 5, unit_price: 45, quantity: 12.5 }],
      equipment: ["Carrelette"],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: "Salle de bain Morel",
      start_date: "2027-01-04",
      team_id: a.teamId,
      vehicle_id: a.vehicleId,
      address: null,
      gate_code: "B42",
      notes: null,
      budget_total: 5000,
      estimated_duration_days: 1,
      equipment: ["Carrelette"],
      task_count: 1,
    });
  });

  it("refuses a quote that is not validated, or already has a worksite (409, the spec's words)", async () => {
    const draft = await createQuote(a, { status: "envoye au client" });
    for (const res of [
      await api(a.admin, "GET", `/api/projects/from-quote/${draft.id}`),
      await api(a.admin, "POST", "/api/projects/from-quote", { quote_id: draft.id }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(QUOTE_TEXTS.noProjectUnlessValid);
    }
    const quote = await createQuote(a);
    expect((await api(a.admin, "POST", "/api/projects/from-quote", { quote_id: quote.id })).statusCode).toBe(201);
    for (const res of [
      await api(a.admin, "GET", `/api/projects/from-quote/${quote.id}`),
      await api(a.admin, "POST", "/api/projects/from-quote", { quote_id: quote.id }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(QUOTE_TEXTS.alreadyProject);
    }
  });

  it("frees the quote when its worksite is deleted: it may make a new one", async () => {
    const quote = await createQuote(a);
    const project = (await api(a.admin, "POST", "/api/projects/from-quote", { quote_id: quote.id })).json();
    expect((await api(a.admin, "DELETE", `/api/projects/${project.id}`)).statusCode).toBe(204);
    expect((await api(a.admin, "GET", `/api/quotes/${quote.id}`)).json().project_id).toBeNull();
    expect((await api(a.admin, "GET", `/api/projects/${project.id}`)).statusCode).toBe(404);
    expect((await api(a.admin, "GET", `/api/projects/from-quote/${quote.id}`)).statusCode).toBe(200);
  });

  it("answers 404 for another company's quote, 400 without a quote; 403 to a Compagnon", async () => {
    const theirs = await createQuote(b);
    expect((await api(a.admin, "GET", `/api/projects/from-quote/${theirs.id}`)).statusCode).toBe(404);
    const posted = await api(a.admin, "POST", "/api/projects/from-quote", { quote_id: theirs.id });
    expect(posted.statusCode).toBe(400);
    expect(detailsOf(posted.body)).toEqual({ quote_id: PROJECT_TEXTS.quoteNotFound });
    expect((await api(b.admin, "GET", `/api/quotes/${theirs.id}`)).json().project_id).toBeNull();
    const none = await api(a.admin, "POST", "/api/projects/from-quote", {});
    expect(detailsOf(none.body)).toEqual({ quote_id: PROJECT_TEXTS.quoteRequired });
    const mine = await createQuote(a);
    expect((await api(a.compagnon, "GET", `/api/projects/from-quote/${mine.id}`)).statusCode).toBe(403);
    expect((await api(a.compagnon, "POST", "/api/projects/from-quote", { quote_id: mine.id })).statusCode).toBe(403);
  });
});

describe("GET /api/projects", () => {
  let c: Crew;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    c = await crew("Liste Chantiers SARL");
    const other = (
      await api(c.admin, "POST", "/api/clients", { name: "Boulangerie Petit", email: "petit@exemple.fr" })
    ).json();
    const make = async (key: string, payload: object, status?: string) => {
      const project = await createProject(c.admin, payload);
      ids[key] = project.id;
      if (status) {
        const res = await api(c.admin, "PUT", `/api/projects/${project.id}`, whole(project, { status }));
        expect(res.statusCode, res.body).toBe(200);
      }
    };
    await make("cuisine", {
      name: "Cuisine Morel",
      client_id: c.clientId,
      team_id: c.teamId,
      start_date: "2026-12-03",
    });
    await make(
      "toiture",
      { name: "Toiture Petit", client_id: other.id, team_id: c.otherTeamId, start_date: "2026-12-01" },
      "en cours",
    );
    await make(
      "vitrine",
      { name: "Vitrine", client_id: other.id, vehicle_id: c.vehicleId, start_date: "2026-12-02" },
      "livré",
    );
    await make(
      "bureau",
      { name: "Bureau", tasks: [1, 2, 3, 4, 5, 6].map((n) => ({ label: `Tâche ${n}` })) },
      "en cours",
    );
  });

  const list = async (query = "", token = c.admin) => {
    const res = await api(token, "GET", `/api/projects${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ProjectListResponse;
  };

  it("lists the newest first, with the counts of each status", async () => {
    const all = await list();
    expect(all.data.map((p) => p.name)).toEqual(["Bureau", "Vitrine", "Toiture Petit", "Cuisine Morel"]);
    expect(all.meta).toEqual({
      total: 4,
      page: 1,
      limit: 20,
      counts: { all: 4, "à faire": 1, "en cours": 2, "en pause": 0, livré: 1, annulé: 0 },
    });
    const bureau = all.data[0];
    expect(bureau?.tasks_preview.map((t) => t.label)).toEqual(["Tâche 1", "Tâche 2", "Tâche 3", "Tâche 4"]);
    expect(bureau).toMatchObject({ task_count: 6, done_count: 0, progress: 0 });
  });

  it("counts every status over the filtered set, without the status filter", async () => {
    const running = await list("?status=en%20cours");
    expect(running.data.map((p) => p.name)).toEqual(["Bureau", "Toiture Petit"]);
    expect(running.meta.total).toBe(2);
    expect(running.meta.counts).toMatchObject({ all: 4, "à faire": 1, "en cours": 2, livré: 1 });
    const petit = await list("?search=petit&status=livr%C3%A9");
    expect(petit.data.map((p) => p.name)).toEqual(["Vitrine"]);
    expect(petit.meta.total).toBe(1);
    expect(petit.meta.counts).toMatchObject({ all: 2, "en cours": 1, livré: 1, "à faire": 0 });
  });

  it("searches the name, the client's name and the reference, from 2 characters", async () => {
    expect((await list("?search=cuis")).data.map((p) => p.name)).toEqual(["Cuisine Morel"]);
    expect((await list("?search=BOULANGERIE")).data.map((p) => p.name)).toEqual(["Vitrine", "Toiture Petit"]);
    const reference = (await list()).data.find((p) => p.name === "Toiture Petit")?.reference ?? "";
    expect((await list(`?search=${reference}`)).data.map((p) => p.name)).toEqual(["Toiture Petit"]);
    // One character is no search.
    expect((await list("?search=z")).meta.total).toBe(4);
    expect((await list("?search=zz")).meta.total).toBe(0);
  });

  it("filters by team, vehicle and client", async () => {
    expect((await list(`?team_id=${c.teamId}`)).data.map((p) => p.name)).toEqual(["Cuisine Morel"]);
    expect((await list(`?vehicle_id=${c.vehicleId}`)).data.map((p) => p.name)).toEqual(["Vitrine"]);
    expect((await list(`?client_id=${c.clientId}`)).data.map((p) => p.name)).toEqual(["Cuisine Morel"]);
    expect((await list(`?client_id=${b.clientId}`)).meta.total).toBe(0);
  });

  it("sorts by start date, name and reference, either way", async () => {
    expect((await list("?sort=start_date&order=asc")).data.map((p) => p.name)).toEqual([
      "Toiture Petit",
      "Vitrine",
      "Cuisine Morel",
      "Bureau",
    ]);
    expect((await list("?sort=name&order=asc")).data.map((p) => p.name)).toEqual([
      "Bureau",
      "Cuisine Morel",
      "Toiture Petit",
      "Vitrine",
    ]);
    expect((await list("?sort=reference&order=asc")).data.map((p) => p.name)).toEqual([
      "Cuisine Morel",
      "Toiture Petit",
      "Vitrine",
      "Bureau",
    ]);
  });

  it("pages, the total and counts unchanged", async () => {
    const second = await list("?limit=3&page=2");
    expect(second.data.map((p) => p.name)).toEqual(["Cuisine Morel"]);
    expect(second.meta).toMatchObject({ total: 4, page: 2, limit: 3 });
    expect((await list("?limit=3&page=5")).data).toEqual([]);
    const bad = await api(c.admin, "GET", "/api/projects?status=fini&sort=budget&limit=500");
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(detailsOf(bad.body)).sort()).toEqual(["limit", "sort", "status"]);
  });

  it("shows a Compagnon the worksites of his teams only; a Chef d'équipe all of them", async () => {
    const mine = await list("", c.compagnon);
    expect(mine.data.map((p) => p.name)).toEqual(["Cuisine Morel"]);
    expect(mine.meta.counts.all).toBe(1);
    expect((await list("", c.chef)).meta.total).toBe(4);
    expect((await api(c.compagnon, "GET", `/api/projects/${ids.toiture}`)).statusCode).toBe(404);
    expect((await api(c.compagnon, "GET", `/api/projects/${ids.cuisine}`)).statusCode).toBe(200);
  });

  it("is refused to a user without role (403), shows nothing of another company", async () => {
    expect((await api(c.norole, "GET", "/api/projects")).statusCode).toBe(403);
    const theirs = await list("", a.admin);
    expect(theirs.data.map((p) => p.id)).not.toContain(ids.cuisine);
    expect((await api(a.admin, "GET", `/api/projects/${ids.cuisine}`)).statusCode).toBe(404);
  });
});

describe("PUT /api/projects/:id", () => {
  it("replaces the fields and the tasks, keeping the ticks of the tasks kept", async () => {
    const project = await running();
    const [first, second] = project.tasks;
    if (!first || !second) throw new Error("two tasks expected");
    expect((await api(a.compagnon, "PUT", `/api/project-tasks/${first.id}`, { is_done: true })).statusCode).toBe(200);
    const res = await api(
      a.admin,
      "PUT",
      `/api/projects/${project.id}`,
      whole(project, {
        name: "Renommé",
        status: "en pause",
        gate_code: "",
        tasks: [
          { id: first.id, label: "Dépose (modifiée)", estimated_hours: 3, unit_price: null, quantity: 1 },
          { label: "Finitions" },
          // An id of no task of this worksite: a new task.
          { id: randomUUID(), label: "Nettoyage" },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as ProjectDetail;
    expect(after).toMatchObject({
      name: "Renommé",
      status: "en pause",
      gate_code: null,
      done_count: 1,
      task_count: 3,
      progress: 33,
    });
    expect(after.tasks.map((t) => [t.label, t.is_done, t.done_by_name])).toEqual([
      ["Dépose (modifiée)", true, "Test compagnon"],
      ["Finitions", false, null],
      ["Nettoyage", false, null],
    ]);
    expect(after.tasks[0]?.id).toBe(first.id);
    expect(after.tasks.map((t) => t.id)).not.toContain(second.id);
    // Any status (spec 2 §4); livré dates the delivery.
    const delivered = await api(a.admin, "PUT", `/api/projects/${project.id}`, whole(after, { status: "livré" }));
    expect(delivered.json().finished_at).not.toBeNull();
  });

  it("wants every key, and refuses another company's team; 404 for another company's worksite", async () => {
    const project = await createProject(a.admin, { name: "Complet" });
    const { tasks: _t, ...partial } = whole(project);
    const missing = await api(a.admin, "PUT", `/api/projects/${project.id}`, partial);
    expect(missing.statusCode).toBe(400);
    expect(detailsOf(missing.body)).toEqual({ tasks: "Champ obligatoire" });
    const foreign = await api(a.admin, "PUT", `/api/projects/${project.id}`, whole(project, { team_id: b.teamId }));
    expect(detailsOf(foreign.body)).toEqual({ team_id: PROJECT_TEXTS.teamNotFound });
    expect((await api(b.admin, "PUT", `/api/projects/${project.id}`, whole(project))).statusCode).toBe(404);
    expect((await api(a.compagnon, "PUT", `/api/projects/${project.id}`, whole(project))).statusCode).toBe(403);
  });
});

describe("DELETE /api/projects/:id", () => {
  it("deletes the worksite with its tasks and imprévus; 404 after, and for another company; 403 without projects:delete", async () => {
    const project = await running();
    await api(a.compagnon, "POST", "/api/project-issues", { project_id: project.id, title: "Fuite" });
    expect((await api(b.admin, "DELETE", `/api/projects/${project.id}`)).statusCode).toBe(404);
    expect((await api(a.compagnon, "DELETE", `/api/projects/${project.id}`)).statusCode).toBe(403);
    expect((await api(a.admin, "DELETE", `/api/projects/${project.id}`)).statusCode).toBe(204);
    expect((await api(a.admin, "DELETE", `/api/projects/${project.id}`)).statusCode).toBe(404);
    expect((await api(a.admin, "GET", `/api/project-tasks/${project.tasks[0]?.id}`)).statusCode).toBe(404);
  });
});

describe("start and finish", () => {
  it("start: à faire or en pause → en cours (started_at kept from the first start); finish: en cours → livré", async () => {
    const project = await createProject(a.admin, { name: `Statuts ${tag()}`, team_id: a.teamId });
    const started = await api(a.compagnon, "POST", `/api/projects/${project.id}/start`);
    expect(started.statusCode, started.body).toBe(200);
    const first = started.json() as ProjectDetail;
    expect(first.status).toBe("en cours");
    expect(first.started_at).not.toBeNull();
    // Started again: unchanged.
    expect((await api(a.compagnon, "POST", `/api/projects/${project.id}/start`)).json().started_at).toBe(
      first.started_at,
    );
    await api(a.admin, "PUT", `/api/projects/${project.id}`, whole(first, { status: "en pause" }));
    const resumed = (await api(a.compagnon, "POST", `/api/projects/${project.id}/start`)).json() as ProjectDetail;
    expect(resumed).toMatchObject({ status: "en cours", started_at: first.started_at });
    const finished = await api(a.compagnon, "POST", `/api/projects/${project.id}/finish`);
    expect(finished.statusCode).toBe(200);
    expect(finished.json()).toMatchObject({ status: "livré" });
    expect(finished.json().finished_at).not.toBeNull();
    // Finished again (a phone that lost the answer): unchanged.
    expect((await api(a.compagnon, "POST", `/api/projects/${project.id}/finish`)).statusCode).toBe(200);
    const restart = await api(a.compagnon, "POST", `/api/projects/${project.id}/start`);
    expect(restart.statusCode).toBe(409);
    expect(restart.json().error).toBe(PROJECT_TEXTS.cannotStart);
  });

  it("finish only en cours (409); a Compagnon outside the team gets 404, a user without role 403", async () => {
    const todo = await createProject(a.admin, { name: `À faire ${tag()}`, team_id: a.teamId });
    const res = await api(a.admin, "POST", `/api/projects/${todo.id}/finish`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(PROJECT_TEXTS.cannotFinish);
    const elsewhere = await createProject(a.admin, { name: `Ailleurs ${tag()}`, team_id: a.otherTeamId });
    expect((await api(a.compagnon, "POST", `/api/projects/${elsewhere.id}/start`)).statusCode).toBe(404);
    expect((await api(a.norole, "POST", `/api/projects/${todo.id}/start`)).statusCode).toBe(403);
    expect((await api(b.admin, "POST", `/api/projects/${todo.id}/start`)).statusCode).toBe(404);
  });
});

describe("finish with « Le client est-il satisfait ? » (issue 16)", () => {
  const finish = (token: string, id: string, payload?: object) =>
    api(token, "POST", `/api/projects/${id}/finish`, payload);

  it("stores the answer; without a body (the web before it) no answer; the detail and the list show it", async () => {
    const yes = await running();
    const done = await finish(a.compagnon, yes.id, { client_satisfied: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: "livré", client_satisfied: true });
    const no = await running();
    expect((await finish(a.admin, no.id, { client_satisfied: false })).json().client_satisfied).toBe(false);
    const silent = await running();
    expect((await finish(a.admin, silent.id)).json()).toMatchObject({ status: "livré", client_satisfied: null });
    const open = await running();
    expect((await finish(a.admin, open.id, { client_satisfied: null })).json().client_satisfied).toBeNull();
    expect((await api(a.admin, "GET", `/api/projects/${yes.id}`)).json().client_satisfied).toBe(true);
    const list = (await api(a.admin, "GET", "/api/projects?status=livré&limit=100")).json() as ProjectListResponse;
    expect(list.data.find((p) => p.id === no.id)?.client_satisfied).toBe(false);
  });

  it("a finish sent again gives an answer the worksite lacked, never changes one given", async () => {
    const project = await running();
    await finish(a.admin, project.id);
    const answered = await finish(a.compagnon, project.id, { client_satisfied: false });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().client_satisfied).toBe(false);
    expect((await finish(a.compagnon, project.id, { client_satisfied: true })).json().client_satisfied).toBe(false);
    expect((await finish(a.compagnon, project.id)).json().client_satisfied).toBe(false);
  });

  it("refuses an answer that is not oui / non (400), and keeps the finish's rules", async () => {
    const project = await running();
    for (const value of ["oui", 1]) {
      const res = await finish(a.admin, project.id, { client_satisfied: value });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Réponse invalide");
    }
    expect((await api(a.admin, "GET", `/api/projects/${project.id}`)).json().status).toBe("en cours");
    const todo = await createProject(a.admin, { name: `À faire ${tag()}`, team_id: a.teamId });
    expect((await finish(a.admin, todo.id, { client_satisfied: true })).statusCode).toBe(409);
    expect((await finish(b.admin, project.id, { client_satisfied: true })).statusCode).toBe(404);
    expect((await finish(a.norole, project.id, { client_satisfied: true })).statusCode).toBe(403);
  });
});

describe("PUT /api/project-tasks/:id", () => {
  it("ticks a task (when, by whom) and unticks it; the progress follows", async () => {
    const project = await running();
    const taskId = project.tasks[0]?.id ?? "";
    const ticked = await api(a.compagnon, "PUT", `/api/project-tasks/${taskId}`, { is_done: true });
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json()).toMatchObject({
      id: taskId,
      project_id: project.id,
      is_done: true,
      done_by_name: "Test compagnon",
    });
    expect(ticked.json().done_at).not.toBeNull();
    const again = await api(a.admin, "PUT", `/api/project-tasks/${taskId}`, { is_done: true });
    expect(again.json()).toMatchObject({ done_by_name: "Test compagnon", done_at: ticked.json().done_at });
    expect((await api(a.admin, "GET", `/api/projects/${project.id}`)).json()).toMatchObject({
      done_count: 1,
      progress: 50,
    });
    const unticked = await api(a.compagnon, "PUT", `/api/project-tasks/${taskId}`, { is_done: false });
    expect(unticked.json()).toMatchObject({ is_done: false, done_at: null, done_by_name: null });
    expect((await api(a.compagnon, "GET", `/api/project-tasks/${taskId}`)).json()).toMatchObject({ is_done: false });
  });

  it("refuses a worksite not in progress (409), a missing is_done (400), outsiders (404, 403)", async () => {
    const todo = await createProject(a.admin, {
      name: `Pas commencé ${tag()}`,
      team_id: a.teamId,
      tasks: [{ label: "T" }],
    });
    const taskId = todo.tasks[0]?.id ?? "";
    const refused = await api(a.compagnon, "PUT", `/api/project-tasks/${taskId}`, { is_done: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(PROJECT_TEXTS.notInProgress);
    expect((await api(a.compagnon, "PUT", `/api/project-tasks/${taskId}`, {})).statusCode).toBe(400);
    const elsewhere = await running(a, { team_id: a.otherTeamId });
    const theirTask = elsewhere.tasks[0]?.id ?? "";
    expect((await api(a.compagnon, "PUT", `/api/project-tasks/${theirTask}`, { is_done: true })).statusCode).toBe(404);
    expect((await api(a.compagnon, "GET", `/api/project-tasks/${theirTask}`)).statusCode).toBe(404);
    expect((await api(a.norole, "PUT", `/api/project-tasks/${theirTask}`, { is_done: true })).statusCode).toBe(403);
    expect((await api(b.admin, "PUT", `/api/project-tasks/${theirTask}`, { is_done: true })).statusCode).toBe(404);
  });
});

describe("imprévus", () => {
  it("are reported on a worksite in progress, with their author; listed newest first; edited; deleted", async () => {
    const project = await running();
    const created = await api(a.compagnon, "POST", "/api/project-issues", {
      project_id: project.id,
      title: "  Fuite sous l'évier ",
      description: "  ",
    });
    expect(created.statusCode, created.body).toBe(201);
    const issue = created.json() as ProjectIssue;
    expect(issue).toMatchObject({
      project_id: project.id,
      title: "Fuite sous l'évier",
      description: null,
      created_by_name: "Test compagnon",
    });
    await api(a.compagnon, "POST", "/api/project-issues", {
      project_id: project.id,
      title: "Mur humide",
      description: "Salle d'eau",
    });
    const listed = await api(a.compagnon, "GET", `/api/project-issues/${project.id}`);
    expect(listed.statusCode).toBe(200);
    expect((listed.json().data as ProjectIssue[]).map((i) => i.title)).toEqual(["Mur humide", "Fuite sous l'évier"]);
    expect((await api(a.admin, "GET", `/api/projects/${project.id}`)).json().issue_count).toBe(2);
    const all = await api(a.admin, "GET", `/api/project-issues?project_id=${project.id}`);
    expect(all.json().meta.total).toBe(2);
    const edited = await api(a.compagnon, "PUT", `/api/project-issues/${issue.id}`, {
      title: "Fuite réparée",
      description: "Joint changé",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: "Fuite réparée", description: "Joint changé" });
    const cleared = await api(a.compagnon, "PUT", `/api/project-issues/${issue.id}`, {
      title: "Fuite réparée",
      description: "",
    });
    expect(cleared.json().description).toBeNull();
    expect((await api(a.compagnon, "DELETE", `/api/project-issues/${issue.id}`)).statusCode).toBe(204);
    expect((await api(a.compagnon, "DELETE", `/api/project-issues/${issue.id}`)).statusCode).toBe(404);
  });

  it("say « Le titre est obligatoire »", async () => {
    const project = await running();
    const res = await api(a.compagnon, "POST", "/api/project-issues", { project_id: project.id, title: " " });
    expect(res.statusCode).toBe(400);
    expect(detailsOf(res.body)).toEqual({ title: PROJECT_TEXTS.issueTitleRequired });
    const created = (
      await api(a.compagnon, "POST", "/api/project-issues", { project_id: project.id, title: "T" })
    ).json();
    const put = await api(a.compagnon, "PUT", `/api/project-issues/${created.id}`, { title: "", description: null });
    expect(detailsOf(put.body)).toEqual({ title: PROJECT_TEXTS.issueTitleRequired });
  });

  it("sent again with the same client_key, answer the imprévu already made (even once the worksite is finished)", async () => {
    const project = await running();
    const key = randomUUID();
    const body = { project_id: project.id, title: "Carrelage fissuré", client_key: key };
    const first = await api(a.compagnon, "POST", "/api/project-issues", body);
    expect(first.statusCode).toBe(201);
    const again = await api(a.compagnon, "POST", "/api/project-issues", body);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    await api(a.admin, "POST", `/api/projects/${project.id}/finish`);
    const late = await api(a.compagnon, "POST", "/api/project-issues", body);
    expect(late.statusCode).toBe(200);
    expect(late.json().id).toBe(first.json().id);
    expect((await api(a.admin, "GET", `/api/project-issues/${project.id}`)).json().data).toHaveLength(1);
    // The key of another worksite's imprévu.
    const other = await running();
    const clash = await api(a.compagnon, "POST", "/api/project-issues", { ...body, project_id: other.id });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toBe(PROJECT_TEXTS.clientKeyTaken);
  });

  it("are refused on a worksite not in progress (409), to outsiders (404, 403)", async () => {
    const project = await running();
    const issue = (
      await api(a.compagnon, "POST", "/api/project-issues", { project_id: project.id, title: "Avant" })
    ).json();
    await api(a.admin, "POST", `/api/projects/${project.id}/finish`);
    for (const res of [
      await api(a.compagnon, "POST", "/api/project-issues", { project_id: project.id, title: "Après" }),
      await api(a.compagnon, "PUT", `/api/project-issues/${issue.id}`, { title: "Après", description: null }),
      await api(a.compagnon, "DELETE", `/api/project-issues/${issue.id}`),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(PROJECT_TEXTS.notInProgress);
    }
    // Still listed on the delivered worksite.
    expect((await api(a.compagnon, "GET", `/api/project-issues/${project.id}`)).json().data).toHaveLength(1);
    const elsewhere = await running(a, { team_id: a.otherTeamId });
    const theirs = (
      await api(a.admin, "POST", "/api/project-issues", { project_id: elsewhere.id, title: "Chez eux" })
    ).json();
    expect((await api(a.compagnon, "GET", `/api/project-issues/${elsewhere.id}`)).statusCode).toBe(404);
    expect(
      (await api(a.compagnon, "POST", "/api/project-issues", { project_id: elsewhere.id, title: "X" })).statusCode,
    ).toBe(404);
    expect(
      (await api(a.compagnon, "PUT", `/api/project-issues/${theirs.id}`, { title: "X", description: null })).statusCode,
    ).toBe(404);
    expect(
      (await api(a.compagnon, "GET", "/api/project-issues")).json().data.map((i: ProjectIssue) => i.id),
    ).not.toContain(theirs.id);
    expect((await api(a.norole, "GET", `/api/project-issues/${elsewhere.id}`)).statusCode).toBe(403);
    expect((await api(b.admin, "DELETE", `/api/project-issues/${theirs.id}`)).statusCode).toBe(404);
    expect((await api(b.admin, "GET", `/api/project-issues/${elsewhere.id}`)).statusCode).toBe(404);
  });
});

describe("what a worksite keeps", () => {
  it("its client: deleting a client named by a worksite (and nothing else) answers 409 in French", async () => {
    const client = (
      await api(a.admin, "POST", "/api/clients", { name: `Client ${tag()}`, phone: "0600000000" })
    ).json();
    const project = await createProject(a.admin, { name: "Chantier du client", client_id: client.id });
    const res = await api(a.admin, "DELETE", `/api/clients/${client.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(clientHasDocumentsMessage({ projects: 1 }));
    expect((await api(a.admin, "DELETE", `/api/projects/${project.id}`)).statusCode).toBe(204);
    expect((await api(a.admin, "DELETE", `/api/clients/${client.id}`)).statusCode).toBe(204);
  });

  it("its vehicle: deleting a vehicle a worksite uses answers 409", async () => {
    const vehicle = (await api(a.admin, "POST", "/api/vehicles", { name: `Kangoo ${tag()}` })).json();
    await createProject(a.admin, { name: "Chantier du véhicule", vehicle_id: vehicle.id });
    expect((await api(a.admin, "DELETE", `/api/vehicles/${vehicle.id}`)).statusCode).toBe(409);
  });
});

describe("the permission catalogue", () => {
  it("a role with projects:view and projects:execute alone (no team:view) is held to its teams", async () => {
    const email = await createTestUserWithPermissions(db, a.id, ["projects:view", "projects:execute"]);
    const token = (await login(app, email)).token;
    const list = await api(token, "GET", "/api/projects");
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.total).toBe(0);
    const viewer = await createTestUserWithPermissions(db, a.id, ["projects:view", "team:view"]);
    const all = await api((await login(app, viewer)).token, "GET", "/api/projects");
    expect(all.json().meta.total).toBeGreaterThan(0);
  });
});
