import { randomUUID } from "node:crypto";
import {
  bearer,
  createTestCompany,
  createTestSuperadmin,
  createTestUserWithPermissions,
  login,
  setupApp,
} from "@server/test/helpers";
import {
  DASHBOARD_LIMITS,
  DASHBOARD_TEXTS,
  type DashboardAlerts,
  type DashboardHistory,
  type DashboardStats,
  growthPercent,
  lastMonths,
  monthOf,
  monthsBackStart,
  revenuePeriods,
  satisfactionPercent,
  type TodayTask,
} from "@shared/dashboard";
import { addDays, parisToday } from "@shared/dates";
import { isoWeekday, mondayOf } from "@shared/planning-rules";
import { vehicleAttention } from "@shared/vehicle-rules";
import { type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The home's figures on hand-built data (docs/domain/dashboard.md): every expected figure is computed
 * here from the rows this file writes, with the definitions as the domain page states them.
 */

const { app, db } = await setupApp();
const today = parisToday();
const exec = (query: SQL) => db.run("platform", (tx) => tx.execute(query));
const get = (token: string, url: string) => app.inject({ method: "GET", url, headers: bearer(token) });
const json = async <T>(token: string, url: string): Promise<T> => {
  const res = await get(token, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const cents = (v: number) => Math.round(v * 100);
const euros = (c: number) => c / 100;
/** `days` × 24 hours before now (whole days whatever the clock changes in between). */
const ago = (days: number) => sql`now() - make_interval(hours => ${days * 24})`;

// ---------------------------------------------------------------------------------------------
// The data of company A, as tables: each row says what it is and the test derives the figures.

const periods = revenuePeriods(today);
const firstOfMonth = monthOf(today).start;
const lastOfPreviousMonth = addDays(firstOfMonth, -1);
const windowStart = monthsBackStart(today, DASHBOARD_LIMITS.lookbackMonths);

type Client = "c1" | "c2" | "c3" | "old" | "draftOnly";
interface Doc {
  key: string;
  kind: "invoice" | "deposit" | "credit_note";
  status: "draft" | "sent" | "paid" | "cancelled";
  date: string;
  total: number;
  tax: number;
  client: Client;
  due?: string;
  paid?: number;
}
const DOCS: Doc[] = [
  // Month boundaries: the first day of this month is this month's; the last of last month is not.
  { key: "first", kind: "invoice", status: "sent", date: firstOfMonth, total: 1200, tax: 200, client: "c1" },
  { key: "lastPrev", kind: "invoice", status: "paid", date: lastOfPreviousMonth, total: 600, tax: 100, client: "c1" },
  {
    key: "prevStart",
    kind: "invoice",
    status: "paid",
    date: periods.previous.start,
    total: 360,
    tax: 60,
    client: "c2",
  },
  // A credit note takes its amount off; the invoice it cancels stays in its month.
  {
    key: "credit",
    kind: "credit_note",
    status: "sent",
    date: today,
    total: 120,
    tax: 20,
    client: "c1",
    due: addDays(today, -5),
  },
  { key: "cancelled", kind: "invoice", status: "cancelled", date: today, total: 240, tax: 40, client: "c2" },
  { key: "draft", kind: "invoice", status: "draft", date: today, total: 9999, tax: 0, client: "draftOnly" },
  // Late (12 days, 100 € paid) and a late deposit; one not due yet.
  {
    key: "late",
    kind: "invoice",
    status: "sent",
    date: addDays(today, -42),
    total: 1200,
    tax: 200,
    client: "c2",
    due: addDays(today, -12),
    paid: 100,
  },
  {
    key: "lateDeposit",
    kind: "deposit",
    status: "sent",
    date: addDays(today, -33),
    total: 300,
    tax: 50,
    client: "c1",
    due: addDays(today, -3),
  },
  {
    key: "notDue",
    kind: "invoice",
    status: "sent",
    date: today,
    total: 110,
    tax: 10,
    client: "c2",
    due: addDays(today, 30),
  },
  // Before the 12 months.
  { key: "old", kind: "invoice", status: "paid", date: addDays(windowStart, -1), total: 700, tax: 0, client: "old" },
];
/** Payments: [doc, date, amount]. */
const PAYMENTS: [string, string, number][] = [
  ["lastPrev", lastOfPreviousMonth, 600],
  ["prevStart", addDays(periods.previous.start, 1), 360],
  ["late", today, 100],
  ["old", addDays(windowStart, -1), 700],
];

interface QuoteRow {
  status: string;
  client: Client;
  /** Days since it was sent, since it was answered; the quote is dated the day it was sent. */
  sent?: number;
  answered?: number;
}
const QUOTES: QuoteRow[] = [
  { status: "envoye au client", client: "c2", sent: 3 },
  { status: "client relance", client: "c2", sent: 1 },
  { status: "envoye au client", client: "c2", sent: 40 },
  ...[4, 5, 6, 7, 8].map((sent) => ({ status: "envoye au client", client: "c2" as const, sent })),
  { status: "valide", client: "c2", sent: 50, answered: 10 },
  { status: "refuse", client: "c3", sent: 60, answered: 45 },
  { status: "annule", client: "c2", sent: 20, answered: 5 },
  { status: "en cours de redaction", client: "draftOnly" },
  { status: "valide", client: "old", sent: 400, answered: 395 },
];
const PENDING = ["envoye au client", "client relance"];

type Team = "t1" | "t2";
interface ProjectRow {
  key: string;
  team: Team;
  status: string;
  start: string | null;
  days?: number;
  tasks?: boolean[];
  /** Days since it was created, since it was delivered (finished_at). */
  created: number;
  finished?: number;
  satisfied?: boolean | null;
}
/** The Friday before this week: a 10-day worksite from it spans the weekend and every working day of this week. */
const lastFriday = addDays(mondayOf(today), -3);
const PROJECTS: ProjectRow[] = [
  { key: "p1", team: "t1", status: "en cours", start: today, days: 3, tasks: [true, false], created: 60 },
  { key: "p2", team: "t2", status: "à faire", start: today, days: 1, created: 0 },
  {
    key: "weekend",
    team: "t1",
    status: "en pause",
    start: lastFriday,
    days: 10,
    tasks: [true, true, false, false],
    created: 0,
  },
  { key: "p7", team: "t2", status: "à faire", start: null, created: 60 },
  { key: "cancelled", team: "t1", status: "annulé", start: today, days: 2, created: 60 },
  {
    key: "deliveredToday",
    team: "t1",
    status: "livré",
    start: today,
    days: 2,
    created: 50,
    finished: 0,
    satisfied: null,
  },
  {
    key: "p8",
    team: "t1",
    status: "livré",
    start: addDays(today, -45),
    days: 3,
    created: 60,
    finished: 40,
    satisfied: true,
  },
  {
    key: "p9",
    team: "t2",
    status: "livré",
    start: addDays(today, -20),
    days: 3,
    created: 60,
    finished: 10,
    satisfied: false,
  },
  {
    key: "p10",
    team: "t2",
    status: "livré",
    start: addDays(today, -470),
    days: 3,
    created: 470,
    finished: 460,
    satisfied: false,
  },
];
/** Finished through the API with an answer (POST /api/projects/:id/finish), today. */
const FINISHED_BY_API: { team: Team; satisfied: boolean }[] = [
  { team: "t1", satisfied: true },
  { team: "t2", satisfied: false },
];
const ACTIVE = ["à faire", "en cours", "en pause"];
/** A month ago is 28 to 31 days ago: the rows above keep clear of it. */
const beforeMonthAgo = (days: number | undefined) => days !== undefined && days > 31;
const sinceMonthAgo = (days: number | undefined) => days !== undefined && days < 28;

// ---------------------------------------------------------------------------------------------

interface Company {
  id: string;
  admin: string;
  chef: string;
  compagnon: string;
  norole: string;
  clients: Record<Client, string>;
  teams: Record<Team, string>;
  teamNames: Record<Team, string>;
  docs: Map<string, string>;
  projects: Map<string, string>;
  quoteIds: string[];
}

async function company(name: string): Promise<Company> {
  const created = await createTestCompany(db, name);
  const admin = (await login(app, created.emails.admin)).token;
  const compagnon = await login(app, created.emails.compagnon);
  const post = async (url: string, payload: object) => {
    const res = await app.inject({ method: "POST", url, headers: bearer(admin), payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as { id: string };
  };
  const clients = {} as Record<Client, string>;
  for (const key of ["c1", "c2", "c3", "old", "draftOnly"] as Client[]) {
    clients[key] = (await post("/api/clients", { name: `Client ${key} ${name}`, phone: "0612345678" })).id;
  }
  const teamNames = { t1: "Équipe Alpha", t2: "Équipe Bêta" };
  const teams = {
    t1: (await post("/api/teams", { name: teamNames.t1, member_ids: [compagnon.user.id] })).id,
    t2: (await post("/api/teams", { name: teamNames.t2 })).id,
  };
  return {
    id: created.id,
    admin,
    chef: (await login(app, created.emails.chef)).token,
    compagnon: compagnon.token,
    norole: (await login(app, created.emails.norole)).token,
    clients,
    teams,
    teamNames,
    docs: new Map(),
    projects: new Map(),
    quoteIds: [],
  };
}

async function insertDoc(c: Company, doc: Doc, reference: string) {
  const result = await exec(sql`
    INSERT INTO invoices (company_id, kind, reference, status, name, client_id, date, due_date, subtotal, tax_amount,
                          total, paid_amount)
    VALUES (${c.id}, ${doc.kind}, ${reference}, ${doc.status}, ${`Document ${doc.key}`}, ${c.clients[doc.client]},
            ${doc.date}, ${doc.due ?? null}, ${doc.total - doc.tax}, ${doc.tax}, ${doc.total}, ${doc.paid ?? 0})
    RETURNING id`);
  const id = (result.rows[0] as { id: string }).id;
  c.docs.set(doc.key, id);
  return id;
}

let a: Company;
let b: Company;
/** The deposit and the final invoice made and issued through the API: [total, tax] each, and the quote's HT. */
let apiInvoices: { total: number; tax_amount: number }[] = [];
let quoteHt = 0;
let vehicles: {
  id: string;
  name: string;
  registration_number: string;
  next_inspection_date: string | null;
  next_service_date: string | null;
  insurance_expiry_date: string | null;
}[] = [];

beforeAll(async () => {
  a = await company(`Tableau A ${randomUUID().slice(0, 6)}`);
  b = await company(`Tableau B ${randomUUID().slice(0, 6)}`);
  for (const [index, doc] of DOCS.entries()) await insertDoc(a, doc, `T-A-${index}`);
  for (const [key, date, amount] of PAYMENTS) {
    await exec(sql`INSERT INTO invoice_payments (company_id, invoice_id, date, amount, method)
      VALUES (${a.id}, ${a.docs.get(key)}, ${date}, ${amount}, 'bank_transfer')`);
  }
  for (const [index, q] of QUOTES.entries()) {
    const result = await exec(sql`
      INSERT INTO quotes (company_id, reference, name, status, client_id, date, sent_at, answered_at)
      VALUES (${a.id}, ${`DEV-T-${index}`}, ${`Devis ${index}`}, ${q.status}, ${a.clients[q.client]},
              ${addDays(today, -(q.sent ?? 0))},
              ${q.sent === undefined ? null : ago(q.sent)}, ${q.answered === undefined ? null : ago(q.answered)})
      RETURNING id`);
    a.quoteIds.push((result.rows[0] as { id: string }).id);
  }
  for (const [index, p] of PROJECTS.entries()) {
    const result = await exec(sql`
      INSERT INTO projects (company_id, reference, name, status, team_id, start_date, estimated_duration_days,
                            created_at, finished_at, client_satisfied, address)
      VALUES (${a.id}, ${`CH-T-${String(index).padStart(3, "0")}`}, ${`Chantier ${p.key}`}, ${p.status},
              ${a.teams[p.team]}, ${p.start}, ${p.days ?? null}, ${ago(p.created)},
              ${p.finished === undefined ? null : ago(p.finished)}, ${p.satisfied ?? null}, '3 rue Neuve, Lyon')
      RETURNING id`);
    const id = (result.rows[0] as { id: string }).id;
    a.projects.set(p.key, id);
    for (const [position, done] of (p.tasks ?? []).entries()) {
      await exec(sql`INSERT INTO project_tasks (company_id, project_id, position, label, is_done)
        VALUES (${a.id}, ${id}, ${position + 1}, ${`Tâche ${position + 1}`}, ${done})`);
    }
  }
  const post = async (token: string, url: string, payload: object = {}) => {
    const res = await app.inject({ method: "POST", url, headers: bearer(token), payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  for (const finished of FINISHED_BY_API) {
    const project = await post(a.admin, "/api/projects", {
      name: `Livré ${finished.satisfied}`,
      status: "en cours",
      team_id: a.teams[finished.team],
    });
    await post(a.admin, `/api/projects/${project.id}/finish`, { client_satisfied: finished.satisfied });
  }
  // A validated quote, 30 % deposit issued, then its final invoice deducting it: both issued today.
  const quote = await post(a.admin, "/api/quotes", {
    name: "Salle de bain",
    client_id: a.clients.c1,
    date: today,
    status: "valide",
    items: [
      { name: "Dépose", quantity: 3, unit: "heure", unit_price: 55, tax_rate: 10 },
      { name: "Receveur", quantity: 1, unit: "unité", unit_price: 420.5, tax_rate: 20 },
    ],
  });
  quoteHt = euros(cents(quote.subtotal) - cents(quote.discount));
  const deposit = await post(a.admin, `/api/invoices/deposit/${quote.id}`, { percentage: 30 });
  const issuedDeposit = await post(a.admin, `/api/invoices/${deposit.id}/issue`);
  const final = await post(a.admin, `/api/invoices/from-quote/${quote.id}`);
  const issuedFinal = await post(a.admin, `/api/invoices/${final.id}/issue`);
  apiInvoices = [issuedDeposit, issuedFinal];
  // The fleet: a contrôle technique next week, an insurance expired three days ago, one in order.
  const far = addDays(today, 200);
  for (const [name, inspection, insurance] of [
    ["Master", addDays(today, 7), far],
    ["Kangoo", far, addDays(today, -3)],
    ["Trafic", far, far],
  ] as const) {
    vehicles.push(
      await post(a.admin, "/api/vehicles", {
        name,
        registration_number: randomUUID().slice(0, 8),
        next_service_date: far,
        next_inspection_date: inspection,
        insurance_expiry_date: insurance,
      }),
    );
  }
  vehicles = vehicles.filter((v) => vehicleAttention(v, today).length > 0);

  // Company B: an invoice, a payment, a late invoice, an old pending quote, a due vehicle — never A's.
  const bInvoice = await insertDoc(
    b,
    {
      key: "b",
      kind: "invoice",
      status: "sent",
      date: today,
      total: 5000,
      tax: 0,
      client: "c1",
      due: addDays(today, -20),
    },
    "T-B-0",
  );
  await exec(sql`INSERT INTO invoice_payments (company_id, invoice_id, date, amount, method)
    VALUES (${b.id}, ${bInvoice}, ${today}, 999, 'card')`);
  await exec(sql`INSERT INTO quotes (company_id, reference, name, status, client_id, date, sent_at)
    VALUES (${b.id}, 'DEV-B', 'Devis B', 'envoye au client', ${b.clients.c1}, ${today}, ${ago(9)})`);
  await exec(sql`INSERT INTO projects (company_id, reference, name, status, team_id, start_date, finished_at, client_satisfied, created_at)
    VALUES (${b.id}, 'CH-B', 'Chantier B', 'livré', ${b.teams.t1}, ${today}, now(), false, ${ago(90)}),
           (${b.id}, 'CH-B2', 'Chantier B2', 'en cours', ${b.teams.t1}, ${today}, null, null, ${ago(90)})`);
  await post(b.admin, "/api/vehicles", { name: "Camion B", next_inspection_date: addDays(today, 2) });
});

// ---------------------------------------------------------------------------------------------
// The figures as docs/domain/dashboard.md defines them, from the tables above.

/** HT of an issued document: credit notes count against. */
const netCents = (d: { kind: string; total: number; tax: number }) =>
  (d.kind === "credit_note" ? -1 : 1) * (cents(d.total) - cents(d.tax));
const issuedDocs = () => [
  ...DOCS.filter((d) => d.status !== "draft"),
  ...apiInvoices.map((i) => ({ kind: "invoice", total: i.total, tax: i.tax_amount, date: today })),
];
const revenueBetween = (start: string, end: string) =>
  euros(
    issuedDocs()
      .filter((d) => d.date >= start && d.date <= end)
      .reduce((s, d) => s + netCents(d), 0),
  );

function expectedProjects(teams: Team[]) {
  const rows = PROJECTS.filter((p) => teams.includes(p.team));
  const byApi = FINISHED_BY_API.filter((p) => teams.includes(p.team));
  const active = rows.filter((p) => ACTIVE.includes(p.status));
  const activeMonthAgo =
    active.filter((p) => beforeMonthAgo(p.created)).length +
    rows.filter((p) => p.status === "livré" && sinceMonthAgo(p.finished) && beforeMonthAgo(p.created)).length;
  const inWindow = rows.filter((p) => p.finished !== undefined && p.finished < 300 && p.satisfied != null);
  const answers = [...inWindow.map((p) => p.satisfied === true), ...byApi.map((p) => p.satisfied)];
  const then = inWindow.filter((p) => beforeMonthAgo(p.finished)).map((p) => p.satisfied === true);
  const now = satisfactionPercent(answers.filter(Boolean).length, answers.length);
  const before = satisfactionPercent(then.filter(Boolean).length, then.length);
  return {
    active: active.length,
    change: active.length - activeMonthAgo,
    satisfaction: now,
    satisfactionChange: now === null || before === null ? null : Math.round((now - before) * 10) / 10,
  };
}

const pending = QUOTES.filter((q) => PENDING.includes(q.status));
const pendingMonthAgo = QUOTES.filter(
  (q) => beforeMonthAgo(q.sent) && (PENDING.includes(q.status) || sinceMonthAgo(q.answered)),
).length;
const oldPending = pending.filter((q) => (q.sent ?? 0) >= 2);
/** Issue 32 (ADR 0028): the alerts' quotes are « À relancer »'s — sent 7 days ago or more (the default delay). */
const toRemind = pending.filter((q) => (q.sent ?? 0) >= 7);

// ---------------------------------------------------------------------------------------------

describe("GET /api/dashboard/stats", () => {
  it("an administrator: every figure, as defined, and its change against a month ago", async () => {
    const stats = await json<DashboardStats>(a.admin, "/api/dashboard/stats");
    const current = revenueBetween(periods.current.start, periods.current.end);
    const previous = revenueBetween(periods.previous.start, periods.previous.end);
    const active = new Set([
      ...issuedDocs()
        .filter((d) => "client" in d && d.date >= windowStart && d.date <= today)
        .map((d) => (d as Doc).client),
      ...QUOTES.filter((q) => q.status !== "en cours de redaction" && (q.sent ?? 0) < 300).map((q) => q.client),
      "c1", // the client of the validated quote and its invoices
    ]);
    const projects = expectedProjects(["t1", "t2"]);
    expect(stats).toEqual({
      monthlyRevenue: current,
      activeClients: active.size,
      monthlyGrowth: growthPercent(current, previous),
      activeProjects: projects.active,
      pendingQuotes: pending.length,
      clientSatisfaction: projects.satisfaction,
      oldPendingQuotes: oldPending.length,
      vehiclesNeedingMaintenance: vehicles.length,
      changes: {
        activeProjects: projects.change,
        pendingQuotes: pending.length - pendingMonthAgo,
        clientSatisfaction: projects.satisfactionChange,
      },
    });
    // The rules the figures above rest on, spelled out.
    expect(active).toEqual(new Set(["c1", "c2", "c3"]));
    // Active a month ago: p1 and p7 (created before), the two delivered since (created before).
    expect([stats.activeProjects, stats.changes.activeProjects]).toEqual([4, 0]);
    expect([stats.pendingQuotes, stats.oldPendingQuotes, stats.changes.pendingQuotes]).toEqual([8, 7, 6]);
    expect([stats.clientSatisfaction, stats.changes.clientSatisfaction]).toEqual([50, -50]);
    expect(stats.vehiclesNeedingMaintenance).toBe(2);
  });

  it("revenue: the first of this month counts, the last of last month not; a credit note subtracts; drafts never", async () => {
    const stats = await json<DashboardStats>(a.admin, "/api/dashboard/stats");
    const apiHt = apiInvoices.reduce((s, i) => s + cents(i.total) - cents(i.tax_amount), 0);
    // first (1000) + cancelled (200, stays in its month) + not due (100) − credit note (100) + deposit and final.
    expect(cents(stats.monthlyRevenue ?? 0)).toBe(100_000 + 20_000 + 10_000 - 10_000 + apiHt);
    // The deposit and its final invoice add up to the quote's HT: never counted twice.
    expect(euros(apiHt)).toBe(quoteHt);
    const [deposit, final] = apiInvoices.map((i) => euros(cents(i.total) - cents(i.tax_amount)));
    expect(deposit).toBeGreaterThan(0);
    expect(final).toBeLessThan(quoteHt);
  });

  it("a Compagnon: his teams' worksites and the fleet; no money, no quotes (issue 32), no clients", async () => {
    const stats = await json<DashboardStats>(a.compagnon, "/api/dashboard/stats");
    const projects = expectedProjects(["t1"]);
    expect(stats).toEqual({
      monthlyRevenue: null,
      activeClients: null,
      monthlyGrowth: null,
      activeProjects: projects.active,
      pendingQuotes: null,
      clientSatisfaction: projects.satisfaction,
      oldPendingQuotes: null,
      vehiclesNeedingMaintenance: vehicles.length,
      changes: {
        activeProjects: projects.change,
        pendingQuotes: null,
        clientSatisfaction: projects.satisfactionChange,
      },
    });
    expect([stats.activeProjects, stats.clientSatisfaction, stats.changes.clientSatisfaction]).toEqual([2, 100, 0]);
  });

  it("a chef d'équipe sees every figure; a user without role, none (200, all null)", async () => {
    const chef = await json<DashboardStats>(a.chef, "/api/dashboard/stats");
    expect(chef).toEqual(await json<DashboardStats>(a.admin, "/api/dashboard/stats"));
    expect(await json<DashboardStats>(a.norole, "/api/dashboard/stats")).toEqual({
      monthlyRevenue: null,
      activeClients: null,
      monthlyGrowth: null,
      activeProjects: null,
      pendingQuotes: null,
      clientSatisfaction: null,
      oldPendingQuotes: null,
      vehiclesNeedingMaintenance: null,
      changes: { activeProjects: null, pendingQuotes: null, clientSatisfaction: null },
    });
  });

  it("each figure follows its own permission (invoices:view alone: the money only)", async () => {
    const money = (await login(app, await createTestUserWithPermissions(db, a.id, ["invoices:view"]))).token;
    const stats = await json<DashboardStats>(money, "/api/dashboard/stats");
    expect(stats.monthlyRevenue).toBe(revenueBetween(periods.current.start, periods.current.end));
    expect(stats.monthlyGrowth).toBe(
      growthPercent(
        revenueBetween(periods.current.start, periods.current.end),
        revenueBetween(periods.previous.start, periods.previous.end),
      ),
    );
    expect([stats.activeClients, stats.activeProjects, stats.pendingQuotes, stats.vehiclesNeedingMaintenance]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    const clients = (await login(app, await createTestUserWithPermissions(db, a.id, ["clients:view"]))).token;
    expect((await json<DashboardStats>(clients, "/api/dashboard/stats")).activeClients).toBe(3);
  });

  it("another company's documents are never counted; the SuperAdmin has no company home (403)", async () => {
    const stats = await json<DashboardStats>(b.admin, "/api/dashboard/stats");
    expect(stats).toMatchObject({
      monthlyRevenue: 5000,
      monthlyGrowth: null,
      activeClients: 1,
      activeProjects: 1,
      pendingQuotes: 1,
      oldPendingQuotes: 1,
      clientSatisfaction: 0,
      vehiclesNeedingMaintenance: 1,
      // A month ago: the worksite in progress and the one delivered since were both running.
      changes: { activeProjects: -1, pendingQuotes: 1, clientSatisfaction: null },
    });
    const superadmin = (await login(app, await createTestSuperadmin(db))).token;
    const res = await get(superadmin, "/api/dashboard/stats");
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(DASHBOARD_TEXTS.companyRequired);
  });
});

describe("GET /api/dashboard/today-tasks", () => {
  const weekday = isoWeekday(today) <= 5;

  it("the worksites occupying today by team then reference: weekends skipped, cancelled and delivered left out", async () => {
    const tasks = await json<TodayTask[]>(a.admin, "/api/dashboard/today-tasks");
    const expected = [
      { key: "p1", team: "t1" as Team, time: "Jour 1 sur 3", progress: 50, status: "en cours" },
      // From last Friday over 10 working days: Friday, then this week's days (a weekend day is not one of them).
      ...(weekday
        ? [
            {
              key: "weekend",
              team: "t1" as Team,
              time: `Jour ${1 + isoWeekday(today)} sur 10`,
              progress: 50,
              status: "en pause",
            },
          ]
        : []),
      { key: "p2", team: "t2" as Team, time: "Jour 1 sur 1", progress: 0, status: "à faire" },
    ];
    expect(tasks).toEqual(
      expected.map((e) => ({
        id: a.projects.get(e.key),
        title: `Chantier ${e.key}`,
        status: e.status,
        team: a.teamNames[e.team],
        time: e.time,
        progress: e.progress,
        reference: expect.stringMatching(/^CH-T-/),
        address: "3 rue Neuve, Lyon",
      })),
    );
    expect(await json<TodayTask[]>(a.chef, "/api/dashboard/today-tasks")).toEqual(tasks);
  });

  it("a Compagnon: his teams' only; a user who sees no team: none; no role: 403; another company: its own", async () => {
    const his = await json<TodayTask[]>(a.compagnon, "/api/dashboard/today-tasks");
    expect(his.map((t) => t.id)).toEqual([a.projects.get("p1"), ...(weekday ? [a.projects.get("weekend")] : [])]);
    const viewer = (await login(app, await createTestUserWithPermissions(db, a.id, ["projects:view"]))).token;
    expect(await json<TodayTask[]>(viewer, "/api/dashboard/today-tasks")).toEqual([]);
    expect((await get(a.norole, "/api/dashboard/today-tasks")).statusCode).toBe(403);
    expect((await json<TodayTask[]>(b.admin, "/api/dashboard/today-tasks")).map((t) => t.title)).toEqual([
      "Chantier B2",
    ]);
  });
});

describe("GET /api/dashboard/active-projects", () => {
  it("à faire, en cours, en pause the user sees: en cours first, then by start date (none last)", async () => {
    const list = await json<{ id: string; status: string; progress: number; team: string | null }[]>(
      a.admin,
      "/api/dashboard/active-projects",
    );
    expect(list.map((p) => p.id)).toEqual(["p1", "weekend", "p2", "p7"].map((k) => a.projects.get(k)));
    expect(list[0]).toMatchObject({ status: "en cours", progress: 50, team: "Équipe Alpha" });
    const his = await json<{ id: string }[]>(a.compagnon, "/api/dashboard/active-projects");
    expect(his.map((p) => p.id)).toEqual(["p1", "weekend"].map((k) => a.projects.get(k)));
    expect((await get(a.norole, "/api/dashboard/active-projects")).statusCode).toBe(403);
    expect(list.length).toBeLessThanOrEqual(DASHBOARD_LIMITS.activeProjects);
  });
});

describe("GET /api/dashboard/alerts", () => {
  it("quotes to remind, late invoices, vehicles à surveiller: the most urgent first, counts in all, links", async () => {
    const alerts = await json<DashboardAlerts>(a.admin, "/api/dashboard/alerts");
    expect(alerts.counts).toEqual({ quote: toRemind.length, invoice: 2, vehicle: 2 });
    const quotes = alerts.data.filter((x) => x.kind === "quote");
    expect(quotes).toHaveLength(toRemind.length);
    expect(quotes.map((q) => q.days)).toEqual([40, 8, 7]);
    expect(quotes[0]).toEqual({
      kind: "quote",
      id: a.quoteIds[2],
      title: "DEV-T-2 · Devis 2",
      detail: "Envoyé il y a 40\u00a0jours",
      href: `/quotes/${a.quoteIds[2]}`,
      days: 40,
    });
    const invoices = alerts.data.filter((x) => x.kind === "invoice");
    expect(invoices).toEqual([
      {
        kind: "invoice",
        id: a.docs.get("late"),
        title: expect.stringMatching(/^T-A-6 · Client c2 Tableau A /),
        detail: "En retard de 12\u00a0jours · 1\u202f100,00\u00a0€",
        href: `/invoices/${a.docs.get("late")}`,
        days: 12,
      },
      expect.objectContaining({
        id: a.docs.get("lateDeposit"),
        days: 3,
        detail: "En retard de 3\u00a0jours · 300,00\u00a0€",
      }),
    ]);
    const fleet = alerts.data.filter((x) => x.kind === "vehicle");
    const kangoo = vehicles.find((v) => v.name === "Kangoo");
    expect(fleet.map((v) => [v.title, v.detail, v.days, v.href])).toEqual([
      [
        `Kangoo · ${kangoo?.registration_number}`,
        vehicleAttention(kangoo ?? {}, today)[0]?.text,
        -3,
        `/vehicles/${kangoo?.id}`,
      ],
      [expect.stringMatching(/^Master · /), expect.stringMatching(/^Contrôle technique le /), 7, expect.any(String)],
    ]);
    expect(await json<DashboardAlerts>(a.chef, "/api/dashboard/alerts")).toEqual(alerts);
  });

  it("issue 32: the alerts and « À relancer » are one rule and one day count — same quotes and invoices, same days", async () => {
    const alerts = await json<DashboardAlerts>(a.admin, "/api/dashboard/alerts");
    const reminders = await json<{
      quotes: { id: string; days: number }[];
      invoices: { id: string; days_late: number }[];
    }>(a.admin, "/api/reminders");
    const of = (kind: string) => alerts.data.filter((x) => x.kind === kind).map((x) => [x.id, x.days]);
    expect(of("quote")).toEqual(reminders.quotes.slice(0, DASHBOARD_LIMITS.alertsPerKind).map((q) => [q.id, q.days]));
    expect(alerts.counts.quote).toBe(reminders.quotes.length);
    expect(of("invoice")).toEqual(
      reminders.invoices.slice(0, DASHBOARD_LIMITS.alertsPerKind).map((i) => [i.id, i.days_late]),
    );
    expect(alerts.counts.invoice).toBe(reminders.invoices.length);
  });

  it("for team leaders and administrators (403 otherwise); each kind also needs its view permission", async () => {
    expect((await get(a.compagnon, "/api/dashboard/alerts")).statusCode).toBe(403);
    expect((await get(a.norole, "/api/dashboard/alerts")).statusCode).toBe(403);
    const leader = (await login(app, await createTestUserWithPermissions(db, a.id, ["team:manage"]))).token;
    expect(await json<DashboardAlerts>(leader, "/api/dashboard/alerts")).toEqual({
      data: [],
      counts: { quote: 0, invoice: 0, vehicle: 0 },
    });
    const quotesOnly = (await login(app, await createTestUserWithPermissions(db, a.id, ["team:manage", "quotes:view"])))
      .token;
    const some = await json<DashboardAlerts>(quotesOnly, "/api/dashboard/alerts");
    expect(new Set(some.data.map((x) => x.kind))).toEqual(new Set(["quote"]));
    expect(some.counts).toEqual({ quote: toRemind.length, invoice: 0, vehicle: 0 });
    const other = await json<DashboardAlerts>(b.admin, "/api/dashboard/alerts");
    expect(other.counts).toEqual({ quote: 1, invoice: 1, vehicle: 1 });
    expect(other.data.map((x) => x.title)).toEqual(["DEV-B · Devis B", expect.stringMatching(/^T-B-0 · /), "Camion B"]);
  });
});

describe("GET /api/dashboard/history", () => {
  it("12 months, oldest first: invoiced HT net of credit notes, collected by payment date; the acceptance rate", async () => {
    const history = await json<DashboardHistory>(a.admin, "/api/dashboard/history");
    const months = lastMonths(today, DASHBOARD_LIMITS.historyMonths);
    expect(history.months).toEqual(
      months.map((month) => {
        const { start, end } = monthOf(`${month}-01`);
        return {
          month,
          invoiced: revenueBetween(start, end),
          collected: euros(
            PAYMENTS.filter(([, date]) => date >= start && date <= end).reduce((s, [, , v]) => s + cents(v), 0),
          ),
        };
      }),
    );
    // Answered in the 12 months: validé (two, the one created validated included) and refusé; not annulé.
    expect(history.quotes).toEqual({ answered: 3, accepted: 2, acceptanceRate: 66.7 });
    expect(history.months.at(-1)?.collected).toBe(100);
  });

  it("needs invoices:view (a Compagnon, no role: 403); another company sees its own", async () => {
    expect((await get(a.compagnon, "/api/dashboard/history")).statusCode).toBe(403);
    expect((await get(a.norole, "/api/dashboard/history")).statusCode).toBe(403);
    const other = await json<DashboardHistory>(b.admin, "/api/dashboard/history");
    expect(other.months.at(-1)).toEqual({ month: today.slice(0, 7), invoiced: 5000, collected: 999 });
    expect(other.months.slice(0, -1).every((m) => m.invoiced === 0 && m.collected === 0)).toBe(true);
    expect(other.quotes).toEqual({ answered: 0, accepted: 0, acceptanceRate: null });
  });
});

describe("quotes.sent_at and answered_at (trigger quotes_answer_dates)", () => {
  it("sent the first time a quote is sent, answered when final, cleared when it is not any more — whatever writes", async () => {
    const c = await company(`Dates ${randomUUID().slice(0, 6)}`);
    const res = await app.inject({
      method: "POST",
      url: "/api/quotes",
      headers: bearer(c.admin),
      payload: {
        name: "Envoyé",
        client_id: c.clients.c1,
        date: today,
        status: "envoye au client",
        items: [{ name: "Pose", quantity: 1, unit: "heure", unit_price: 50, tax_rate: 10 }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const dates = async () =>
      (await exec(sql`SELECT sent_at::text AS sent, answered_at::text AS answered FROM quotes WHERE id = ${id}`))
        .rows[0] as { sent: string | null; answered: string | null };
    const sent = (await dates()).sent;
    expect(sent).not.toBeNull();
    expect((await dates()).answered).toBeNull();
    await exec(sql`UPDATE quotes SET status = 'client relance' WHERE id = ${id}`);
    expect((await dates()).sent).toBe(sent);
    await exec(sql`UPDATE quotes SET status = 'refuse' WHERE id = ${id}`);
    expect(await dates()).toMatchObject({ sent, answered: expect.any(String) });
    await exec(sql`UPDATE quotes SET status = 'envoye au client' WHERE id = ${id}`);
    expect(await dates()).toEqual({ sent, answered: null });
    await exec(sql`UPDATE quotes SET status = 'en cours de redaction' WHERE id = ${id}`);
    expect(await dates()).toEqual({ sent, answered: null });
  });

  it("clients.last_document_on follows the client's documents that are not drafts (trigger clients_last_document_apply)", async () => {
    const c = await company(`Clients ${randomUUID().slice(0, 6)}`);
    const last = async (client: Client) =>
      (
        (await exec(sql`SELECT last_document_on::text AS d FROM clients WHERE id = ${c.clients[client]}`)).rows[0] as {
          d: string | null;
        }
      ).d;
    const quote = (
      await exec(sql`
      INSERT INTO quotes (company_id, reference, name, status, client_id, date)
      VALUES (${c.id}, 'DEV-L', 'Devis', 'en cours de redaction', ${c.clients.c1}, ${addDays(today, -20)}) RETURNING id`)
    ).rows[0] as { id: string };
    expect(await last("c1")).toBeNull();
    await exec(sql`UPDATE quotes SET status = 'envoye au client' WHERE id = ${quote.id}`);
    expect(await last("c1")).toBe(addDays(today, -20));
    const invoice = await insertDoc(
      c,
      { key: "i", kind: "invoice", status: "sent", date: addDays(today, -3), total: 10, tax: 0, client: "c1" },
      "T-L-0",
    );
    expect(await last("c1")).toBe(addDays(today, -3));
    // The quote moves to another client: both are recomputed.
    await exec(sql`UPDATE quotes SET client_id = ${c.clients.c2} WHERE id = ${quote.id}`);
    expect([await last("c1"), await last("c2")]).toEqual([addDays(today, -3), addDays(today, -20)]);
    await exec(sql`UPDATE quotes SET status = 'en cours de redaction' WHERE id = ${quote.id}`);
    expect(await last("c2")).toBeNull();
    await exec(sql`DELETE FROM quotes WHERE id = ${quote.id}`);
    expect((await json<DashboardStats>(c.admin, "/api/dashboard/stats")).activeClients).toBe(1);
    expect(invoice).toBeTruthy();
  });
});
