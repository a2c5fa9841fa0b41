import { randomUUID } from "node:crypto";
import {
  bearer,
  createTestCompany,
  createTestSuperadmin,
  login,
  setupApp,
  TEST_PASSWORD,
  type TestCompany,
} from "@server/test/helpers";
import {
  ACCOUNT_TEXTS,
  INVITATION_DAYS,
  type PlatformAlert,
  type PlatformCompany,
  type platformCompaniesResponseSchema,
  platformDashboardSchema,
  TRIAL_DAYS,
} from "@shared/accounts";
import { addDays, parisToday } from "@shared/dates";
import { MESSAGES } from "@shared/errors";
import { formatLongDate } from "@shared/format";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";

const { app, db } = await setupApp();

type Dashboard = z.infer<typeof platformDashboardSchema>;
type CompaniesResponse = z.infer<typeof platformCompaniesResponseSchema>;
type Method = "GET" | "POST" | "PATCH";

const api = (token: string, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** Runs SQL in the platform scope (the tests' own arrangements: dates of sign-in, creation, trials). */
const run = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  db.run("platform", async (tx) => (await tx.execute<T>(query)).rows);

const tag = () => randomUUID().slice(0, 8);

let superadmin: string;
let superadminId: string;
let a: TestCompany;
let adminA: string;
let compagnonA: string;

beforeAll(async () => {
  const session = await login(app, await createTestSuperadmin(db));
  superadmin = session.token;
  superadminId = session.user.id;
  a = await createTestCompany(db, "Plateforme A");
  adminA = (await login(app, a.emails.admin)).token;
  compagnonA = (await login(app, a.emails.compagnon)).token;
});

async function createCompany(payload: Record<string, unknown>) {
  const res = await api(superadmin, "POST", "/api/superadmin/companies", payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { company: PlatformCompany; link: { path: string; expires_at: string } };
}

const adminOf = (t: string) => ({ email: `premier-${t}@test.fr`, full_name: `Premier Admin ${t}` });

async function dashboard(): Promise<Dashboard> {
  const res = await api(superadmin, "GET", "/api/superadmin/dashboard");
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Dashboard;
}

async function companies(query: string): Promise<CompaniesResponse> {
  const res = await api(superadmin, "GET", `/api/superadmin/companies?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CompaniesResponse;
}

describe("access", () => {
  const id = randomUUID();
  const routes: [Method, string, object?][] = [
    ["GET", "/api/superadmin/dashboard"],
    ["GET", "/api/superadmin/companies"],
    ["POST", "/api/superadmin/companies", { name: "Intruse", plan: "standard", admin: adminOf(tag()) }],
    ["GET", `/api/superadmin/companies/${id}`],
    ["PATCH", `/api/superadmin/companies/${id}`, { plan: "entreprise" }],
    ["POST", `/api/superadmin/companies/${id}/suspend`],
    ["POST", `/api/superadmin/companies/${id}/reactivate`],
  ];

  it.each(routes)("refuses %s %s to a company administrator and to a Compagnon (403)", async (method, url, body) => {
    for (const token of [adminA, compagnonA]) {
      const res = await api(token, method, url, body);
      expect(res.statusCode, res.body).toBe(403);
    }
  });

  it("answers 404 for an unknown company, and for an id that is no UUID", async () => {
    for (const id of [randomUUID(), "pas-un-identifiant"]) {
      for (const [method, url, body] of [
        ["GET", `/api/superadmin/companies/${id}`],
        ["PATCH", `/api/superadmin/companies/${id}`, { plan: "entreprise" }],
        ["POST", `/api/superadmin/companies/${id}/suspend`],
        ["POST", `/api/superadmin/companies/${id}/reactivate`],
      ] as [Method, string, object?][]) {
        const res = await api(superadmin, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().message).toBe(ACCOUNT_TEXTS.companyNotFound);
      }
    }
  });
});

describe("creating a company", () => {
  it("provisions the company and its default roles, invites its first administrator with a 7-day link", async () => {
    const t = tag();
    const before = Date.now();
    const created = await createCompany({
      name: `  Menuiserie Neuve ${t} `,
      plan: "essai",
      siret: "812 345 678 00012",
      email_contact: `contact-${t}@test.fr`,
      city: "Lyon",
      admin: { email: `PREMIER-${t}@Test.fr`, full_name: "Premier Admin" },
    });
    expect(created.company).toMatchObject({
      name: `Menuiserie Neuve ${t}`,
      plan: "essai",
      status: "essai",
      suspended: false,
      trial_ends_at: addDays(parisToday(), TRIAL_DAYS),
      users: 1,
      last_activity_at: null,
      siret: "812 345 678 00012",
      email_contact: `contact-${t}@test.fr`,
      city: "Lyon",
    });
    expect(created.link.path).toMatch(/^\/invitation\/[A-Za-z0-9_-]{43}$/);
    const expires = new Date(created.link.expires_at).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(INVITATION_DAYS * 24 * 3600 * 1000 - 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(INVITATION_DAYS * 24 * 3600 * 1000);

    const id = created.company.id;
    const roles = await run<{ name: string }>(sql`SELECT name FROM roles WHERE company_id = ${id} ORDER BY name`);
    expect(roles.map((r) => r.name)).toEqual(["Administrateur", "Chef d'équipe", "Compagnon"]);
    const [admin] = await run<{ email: string; pending: boolean; roles: string[]; company_id: string }>(sql`
      SELECT u.email, u.password_hash IS NULL AS pending, u.company_id,
             array(SELECT r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id) AS roles
      FROM users u WHERE u.company_id = ${id}`);
    expect(admin).toEqual({ email: `premier-${t}@test.fr`, pending: true, roles: ["Administrateur"], company_id: id });
    const tokens = await run<{ kind: string; company_id: string; created_by: string }>(
      sql`SELECT kind, company_id, created_by FROM account_tokens WHERE company_id = ${id}`,
    );
    expect(tokens).toEqual([{ kind: "invitation", company_id: id, created_by: superadminId }]);
    // Until the invitation is accepted the administrator cannot sign in.
    const signIn = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: `premier-${t}@test.fr`, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);

    const read = await api(superadmin, "GET", `/api/superadmin/companies/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created.company);
  });

  it("keeps a given trial end; a paid plan has none", async () => {
    const trial = await createCompany({
      name: `Essai daté ${tag()}`,
      plan: "essai",
      trial_ends_at: "2031-05-04",
      admin: adminOf(tag()),
    });
    expect(trial.company).toMatchObject({ trial_ends_at: "2031-05-04", status: "essai" });
    const paid = await createCompany({
      name: `Payante ${tag()}`,
      plan: "professionnel",
      trial_ends_at: "2031-05-04",
      admin: adminOf(tag()),
    });
    expect(paid.company).toMatchObject({
      trial_ends_at: null,
      status: "actif",
      plan: "professionnel",
      siret: null,
      city: null,
    });
  });

  it("refuses an e-mail that has an account already, in any company (409), and creates nothing", async () => {
    const invited = adminOf(tag());
    await createCompany({ name: `Première ${tag()}`, plan: "standard", admin: invited });
    const name = `Doublon ${tag()}`;
    // A user of another company (any case), an administrator invited a moment ago.
    for (const email of [a.emails.admin.toUpperCase(), invited.email]) {
      const res = await api(superadmin, "POST", "/api/superadmin/companies", {
        name,
        plan: "standard",
        admin: { email, full_name: "Quelqu'un" },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ACCOUNT_TEXTS.emailTaken);
    }
    expect(await run(sql`SELECT 1 FROM companies WHERE name = ${name}`)).toEqual([]);
  });

  it("answers the French messages of an invalid body", async () => {
    const cases: [object, string][] = [
      [{ name: "  ", plan: "standard", admin: adminOf(tag()) }, ACCOUNT_TEXTS.companyNameRequired],
      [{ plan: "standard", admin: adminOf(tag()) }, ACCOUNT_TEXTS.companyNameRequired],
      [
        { name: "X", plan: "standard", admin: { email: "pas-une-adresse", full_name: "X" } },
        ACCOUNT_TEXTS.emailInvalid,
      ],
      [{ name: "X", plan: "standard", admin: { email: "", full_name: "X" } }, ACCOUNT_TEXTS.emailRequired],
      [{ name: "X", plan: "standard", admin: { email: "x@test.fr", full_name: " " } }, ACCOUNT_TEXTS.fullNameRequired],
      [
        { name: "X", plan: "essai", trial_ends_at: "2026-02-30", admin: adminOf(tag()) },
        ACCOUNT_TEXTS.trialEndsAtInvalid,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await api(superadmin, "POST", "/api/superadmin/companies", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    const plan = await api(superadmin, "POST", "/api/superadmin/companies", {
      name: "X",
      plan: "or",
      admin: adminOf(tag()),
    });
    expect(plan.statusCode).toBe(400);
  });
});

describe("the subscription (PATCH)", () => {
  it("changes the plan: a trial gets today + 30 days unless a date is given, a paid plan none", async () => {
    const { company } = await createCompany({ name: `Formule ${tag()}`, plan: "standard", admin: adminOf(tag()) });
    const url = `/api/superadmin/companies/${company.id}`;
    const toTrial = await api(superadmin, "PATCH", url, { plan: "essai" });
    expect(toTrial.json()).toMatchObject({
      plan: "essai",
      status: "essai",
      trial_ends_at: addDays(parisToday(), TRIAL_DAYS),
    });
    const extended = await api(superadmin, "PATCH", url, { trial_ends_at: "2030-01-31" });
    expect(extended.json()).toMatchObject({ plan: "essai", trial_ends_at: "2030-01-31" });
    // The plan unchanged, the trial's end too.
    expect((await api(superadmin, "PATCH", url, { plan: "essai" })).json()).toMatchObject({
      trial_ends_at: "2030-01-31",
    });
    const paid = await api(superadmin, "PATCH", url, { plan: "entreprise" });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ plan: "entreprise", status: "actif", trial_ends_at: null });
    const bad = await api(superadmin, "PATCH", url, { trial_ends_at: "31/01/2030" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ACCOUNT_TEXTS.trialEndsAtInvalid);
  });
});

describe("the list of companies", () => {
  const t = tag();
  let ids: Record<"elan" | "bois" | "plomberie" | "suspended", string>;

  beforeAll(async () => {
    // Created one after the other: the list shows the most recent first.
    const elan = await createCompany({ name: `Menuiserie Élan ${t}`, plan: "essai", admin: adminOf(tag()) });
    const bois = await createTestCompany(db, `menuiserie bois ${t}`);
    await api(superadmin, "PATCH", `/api/superadmin/companies/${bois.id}`, { plan: "professionnel" });
    const plomberie = await createCompany({ name: `Plomberie ${t}`, plan: "professionnel", admin: adminOf(tag()) });
    const suspended = await createCompany({ name: `Suspendue ${t}`, plan: "standard", admin: adminOf(tag()) });
    await api(superadmin, "POST", `/api/superadmin/companies/${suspended.company.id}/suspend`);
    ids = { elan: elan.company.id, bois: bois.id, plomberie: plomberie.company.id, suspended: suspended.company.id };
    // One user of « bois » signs in: its last activity.
    await login(app, bois.emails.chef);
  });

  it("searches the name, accents and case aside; most recent first; users and last activity", async () => {
    const all = await companies(`search=${t}`);
    expect(all.data.map((c) => c.id)).toEqual([ids.suspended, ids.plomberie, ids.bois, ids.elan]);
    expect(all.pagination).toEqual({ page: 1, limit: 20, total: 4, totalPages: 1 });
    const bois = all.data.find((c) => c.id === ids.bois);
    expect(bois).toMatchObject({ users: 4, plan: "professionnel", status: "actif" });
    expect(Date.now() - new Date(bois?.last_activity_at ?? 0).getTime()).toBeLessThan(60_000);
    expect(all.data.find((c) => c.id === ids.elan)).toMatchObject({ users: 1, last_activity_at: null });

    const menuiserie = await companies(`search=${encodeURIComponent(`MENUISERIE`)}&limit=100`);
    expect(menuiserie.data.map((c) => c.id)).toEqual(expect.arrayContaining([ids.elan, ids.bois]));
    for (const term of [`ÉLAN ${t}`, `elan ${t}`, `Élan`]) {
      const elan = await companies(`search=${encodeURIComponent(term)}&limit=100`);
      expect(elan.data.map((c) => c.id)).toContain(ids.elan);
      expect(elan.data.map((c) => c.id)).not.toContain(ids.bois);
    }
    // A LIKE wildcard is taken literally.
    expect((await companies(`search=${encodeURIComponent(`%${t}`)}`)).data).toEqual([]);
  });

  it("filters by the derived status and by plan", async () => {
    const ofStatus = async (status: string) => (await companies(`search=${t}&status=${status}`)).data.map((c) => c.id);
    expect(await ofStatus("essai")).toEqual([ids.elan]);
    expect(await ofStatus("inactif")).toEqual([ids.suspended]);
    expect(await ofStatus("actif")).toEqual([ids.plomberie, ids.bois]);
    const pro = await companies(`search=${t}&plan=professionnel`);
    expect(pro.data.map((c) => c.id)).toEqual([ids.plomberie, ids.bois]);
    expect((await companies(`search=${t}&plan=professionnel&status=actif`)).pagination.total).toBe(2);
    expect((await companies(`search=${t}&plan=entreprise`)).data).toEqual([]);
    const bad = await api(superadmin, "GET", "/api/superadmin/companies?status=suspendue");
    expect(bad.statusCode).toBe(400);
  });

  it("pages: limit, page, the total and the number of pages", async () => {
    const first = await companies(`search=${t}&limit=3`);
    expect(first.data.map((c) => c.id)).toEqual([ids.suspended, ids.plomberie, ids.bois]);
    expect(first.pagination).toEqual({ page: 1, limit: 3, total: 4, totalPages: 2 });
    const second = await companies(`search=${t}&limit=3&page=2`);
    expect(second.data.map((c) => c.id)).toEqual([ids.elan]);
    expect(second.pagination).toEqual({ page: 2, limit: 3, total: 4, totalPages: 2 });
    const beyond = await companies(`search=${t}&limit=3&page=9`);
    expect(beyond).toEqual({ data: [], pagination: { page: 9, limit: 3, total: 4, totalPages: 2 } });
    expect((await api(superadmin, "GET", "/api/superadmin/companies?limit=101")).statusCode).toBe(400);
  });
});

describe("the dashboard", () => {
  /**
   * The figures as the tests define them, straight from the tables. Other test files create companies
   * and users at the same time: the comparison is made when these figures did not move during the call.
   */
  async function expected() {
    const [row] = await run<{
      companies: number;
      active_subscriptions: number;
      users: number;
      new_companies_this_month: number;
      recent: string[];
    }>(sql`
      SELECT
        (SELECT count(*)::int FROM companies) AS companies,
        (SELECT count(*)::int FROM companies WHERE status <> 'suspended' AND plan <> 'essai') AS active_subscriptions,
        (SELECT count(*)::int FROM users u JOIN companies c ON c.id = u.company_id WHERE u.is_active) AS users,
        (SELECT count(*)::int FROM companies
          WHERE to_char(created_at AT TIME ZONE 'Europe/Paris', 'YYYY-MM') = to_char(now() AT TIME ZONE 'Europe/Paris', 'YYYY-MM'))
          AS new_companies_this_month,
        array(SELECT id::text FROM companies ORDER BY created_at DESC, id DESC LIMIT 5) AS recent`);
    return row;
  }

  async function steadyDashboard() {
    for (let attempt = 0; attempt < 20; attempt++) {
      const before = await expected();
      const board = await dashboard();
      if (JSON.stringify(await expected()) === JSON.stringify(before)) return { board, figures: before };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error("the platform's figures never kept still");
  }

  it("counts companies, subscriptions, active users, new companies, from the database", async () => {
    // A trial, a suspended paid company and a deactivated user: none of them counts where it should not.
    const t = tag();
    const trial = await createCompany({ name: `Compte essai ${t}`, plan: "essai", admin: adminOf(tag()) });
    const gone = await createCompany({ name: `Compte suspendu ${t}`, plan: "entreprise", admin: adminOf(tag()) });
    await api(superadmin, "POST", `/api/superadmin/companies/${gone.company.id}/suspend`);
    await run(sql`UPDATE users SET is_active = false WHERE email = ${a.emails.norole}`);

    const { board, figures } = await steadyDashboard();
    expect(platformDashboardSchema.parse(board)).toEqual(board);
    const { recent, ...kpis } = figures ?? { recent: [] };
    expect(board.kpis).toEqual({ ...kpis, alerts: board.alerts.length });
    expect(board.recent_companies.map((c) => c.id)).toEqual(recent);
    expect(board.recent_companies).toHaveLength(5);
    expect(board.kpis.companies).toBeGreaterThanOrEqual(board.kpis.active_subscriptions + 2);
    const listed = (await companies(`search=${t}`)).data;
    expect(listed.map((c) => [c.id, c.status])).toEqual([
      [gone.company.id, "inactif"],
      [trial.company.id, "essai"],
    ]);
  });

  it("raises the alerts: no sign-in for 30 days (from creation if never), a trial ending within 7 days or ended", async () => {
    const t = tag();
    const today = parisToday();
    // Users signed in 34 days ago, none since.
    const idle = await createTestCompany(db, `Inactive ${t}`);
    await run(sql`UPDATE users SET last_login_at = now() - interval '34 days 1 minute' WHERE company_id = ${idle.id}`);
    // Never signed in, created 40 days ago.
    const never = await createTestCompany(db, `Jamais ${t}`);
    await run(sql`UPDATE companies SET created_at = now() - interval '40 days 1 minute' WHERE id = ${never.id}`);
    // Signed in long ago, but a session was used a moment ago: active.
    const busy = await createTestCompany(db, `Active ${t}`);
    await login(app, busy.emails.compagnon);
    await run(sql`UPDATE users SET last_login_at = now() - interval '90 days' WHERE company_id = ${busy.id}`);
    // A fresh company nobody signed in yet: not an alert.
    const fresh = await createTestCompany(db, `Neuve ${t}`);
    // Trials: ending in 3 days, ended 2 days ago, ending in 10 days.
    const soon = await createCompany({
      name: `Essai bientôt ${t}`,
      plan: "essai",
      trial_ends_at: addDays(today, 3),
      admin: adminOf(tag()),
    });
    const ended = await createCompany({
      name: `Essai fini ${t}`,
      plan: "essai",
      trial_ends_at: addDays(today, -2),
      admin: adminOf(tag()),
    });
    const later = await createCompany({
      name: `Essai long ${t}`,
      plan: "essai",
      trial_ends_at: addDays(today, 10),
      admin: adminOf(tag()),
    });
    // Suspended: inactive on purpose, no alert.
    const off = await createTestCompany(db, `Éteinte ${t}`);
    await run(
      sql`UPDATE companies SET status = 'suspended', created_at = now() - interval '60 days' WHERE id = ${off.id}`,
    );

    const board = await dashboard();
    expect(board.kpis.alerts).toBe(board.alerts.length);
    const ids = new Set([idle, never, busy, fresh, off].map((c) => c.id));
    for (const c of [soon, ended, later]) ids.add(c.company.id);
    const mine = board.alerts.filter((x) => ids.has(x.company_id));
    // The day of the last activity, in Paris.
    const dayAgo = (days: number) => parisToday(new Date(Date.now() - days * 24 * 3600 * 1000 - 60_000));
    const alert = (companyId: string): Partial<PlatformAlert>[] =>
      mine.filter((x) => x.company_id === companyId).map(({ type, message, date }) => ({ type, message, date }));
    expect(alert(idle.id)).toEqual([
      { type: "inactivity", message: "Aucune connexion depuis 34\u00a0jours", date: dayAgo(34) },
    ]);
    expect(alert(never.id)).toEqual([
      { type: "inactivity", message: "Aucune connexion depuis 40\u00a0jours", date: dayAgo(40) },
    ]);
    expect(alert(soon.company.id)).toEqual([
      { type: "expiration", message: "Fin de l’essai dans 3\u00a0jours", date: addDays(today, 3) },
    ]);
    expect(alert(ended.company.id)).toEqual([
      {
        type: "expiration",
        message: `Essai terminé le ${formatLongDate(addDays(today, -2))}`,
        date: addDays(today, -2),
      },
    ]);
    for (const quiet of [busy.id, fresh.id, later.company.id, off.id]) expect(alert(quiet)).toEqual([]);
    // Expirations first, then inactivity, each by date.
    expect(mine.map((x) => x.company_id)).toEqual([ended.company.id, soon.company.id, never.id, idle.id]);
  });
});

describe("suspension", () => {
  it("signs the company's users out at once and refuses their sign-in; reactivated, they sign in again", async () => {
    const company = await createTestCompany(db, "Suspendue");
    const admin = await login(app, company.emails.admin);
    const other = await createTestCompany(db, "Voisine");
    const neighbour = await login(app, other.emails.admin);
    expect((await api(admin.token, "GET", "/api/auth/me")).statusCode).toBe(200);

    const suspended = await api(superadmin, "POST", `/api/superadmin/companies/${company.id}/suspend`);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ id: company.id, suspended: true, status: "inactif" });
    expect((await api(admin.token, "GET", "/api/auth/me")).statusCode).toBe(401);
    const refused = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: company.emails.admin, password: TEST_PASSWORD },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.companySuspended);
    const sessions = await run<{ reason: string | null }>(sql`
      SELECT s.revoked_reason AS reason FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.company_id = ${company.id}`);
    expect(sessions).toEqual([{ reason: "company_suspended" }]);
    // Another company is untouched.
    expect((await api(neighbour.token, "GET", "/api/auth/me")).statusCode).toBe(200);

    const reactivated = await api(superadmin, "POST", `/api/superadmin/companies/${company.id}/reactivate`);
    expect(reactivated.statusCode).toBe(200);
    expect(reactivated.json()).toMatchObject({ suspended: false, status: "actif" });
    const again = await login(app, company.emails.admin);
    expect((await api(again.token, "GET", "/api/auth/me")).statusCode).toBe(200);
    // The session closed by the suspension stays closed.
    expect((await api(admin.token, "GET", "/api/auth/me")).statusCode).toBe(401);
  });
});
