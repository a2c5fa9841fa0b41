import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { bearer, createTestCompany, createTestUserWithPermissions, login, setupApp } from "@server/test/helpers";
import type { DashboardStats } from "@shared/dashboard";
import type { ProjectDetail, ProjectListResponse, ProjectTaskDetail } from "@shared/projects";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

/**
 * Who sees money (issue 32, docs/domain/projects.md#amounts, permissions.md#default-roles): the default
 * Compagnon sees no quote, no pending quotes on the home, no worksite budget nor task price; a Chef
 * d'équipe and an Administrateur see them as before.
 */

const { app, db } = await setupApp();

type Method = "GET" | "POST" | "PUT";
const api = (token: string, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

let admin: string;
let chef: string;
let compagnon: string;
let companyId: string;
let project: ProjectDetail;

beforeAll(async () => {
  const company = await createTestCompany(db, `Argent ${randomUUID().slice(0, 6)} SARL`);
  companyId = company.id;
  admin = (await login(app, company.emails.admin)).token;
  chef = (await login(app, company.emails.chef)).token;
  const worker = await login(app, company.emails.compagnon);
  compagnon = worker.token;
  const team = await api(admin, "POST", "/api/teams", { name: "Équipe Argent", member_ids: [worker.user.id] });
  expect(team.statusCode, team.body).toBe(201);
  const created = await api(admin, "POST", "/api/projects", {
    name: "Cuisine Dupont",
    team_id: team.json().id,
    gate_code: "A1234",
    budget_total: 8450.5,
    tasks: [{ label: "Dépose", estimated_hours: 4, unit_price: 40, quantity: 2 }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const started = await api(admin, "POST", `/api/projects/${created.json().id}/start`);
  expect(started.statusCode, started.body).toBe(200);
  project = started.json() as ProjectDetail;
});

describe("a worksite's budget and its tasks' prices (projects:budget)", () => {
  it("are left out of every answer to a Compagnon: the keys are absent, not null", async () => {
    const detail = (await api(compagnon, "GET", `/api/projects/${project.id}`)).json() as ProjectDetail;
    expect(detail.name).toBe("Cuisine Dupont");
    expect(detail.gate_code).toBe("A1234");
    expect("budget_total" in detail).toBe(false);
    expect(detail.tasks).toHaveLength(1);
    expect("unit_price" in (detail.tasks[0] as object)).toBe(false);
    expect(detail.tasks[0]).toMatchObject({ label: "Dépose", quantity: 2, estimated_hours: 4 });

    const list = (await api(compagnon, "GET", "/api/projects")).json() as ProjectListResponse;
    const card = list.data.find((p) => p.id === project.id);
    expect(card).toBeDefined();
    expect("budget_total" in (card as object)).toBe(false);

    const taskId = project.tasks[0]?.id as string;
    const task = (await api(compagnon, "GET", `/api/project-tasks/${taskId}`)).json() as ProjectTaskDetail;
    expect("unit_price" in task).toBe(false);
    const ticked = await api(compagnon, "PUT", `/api/project-tasks/${taskId}`, { is_done: true });
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect("unit_price" in (ticked.json() as object)).toBe(false);
    await api(compagnon, "PUT", `/api/project-tasks/${taskId}`, { is_done: false });

    const restarted = await api(compagnon, "POST", `/api/projects/${project.id}/start`);
    expect(restarted.statusCode, restarted.body).toBe(200);
    expect("budget_total" in (restarted.json() as object)).toBe(false);
  });

  it("are answered to a Chef d'équipe and an Administrateur, null meaning « none »", async () => {
    for (const token of [chef, admin]) {
      const detail = (await api(token, "GET", `/api/projects/${project.id}`)).json() as ProjectDetail;
      expect(detail.budget_total).toBe(8450.5);
      expect(detail.tasks[0]?.unit_price).toBe(40);
      const list = (await api(token, "GET", "/api/projects")).json() as ProjectListResponse;
      expect(list.data.find((p) => p.id === project.id)?.budget_total).toBe(8450.5);
    }
    const bare = await api(admin, "POST", "/api/projects", { name: "Sans budget", tasks: [{ label: "Pose" }] });
    expect(bare.json()).toMatchObject({ budget_total: null, tasks: [{ unit_price: null }] });
  });

  it("cannot be changed by an editor who does not see them: the stored budget and prices are kept", async () => {
    const editor = (
      await login(
        app,
        await createTestUserWithPermissions(db, companyId, ["projects:view", "projects:edit", "team:view"]),
      )
    ).token;
    const before = (await api(editor, "GET", `/api/projects/${project.id}`)).json() as ProjectDetail;
    expect("budget_total" in before).toBe(false);
    const res = await api(editor, "PUT", `/api/projects/${project.id}`, {
      name: before.name,
      status: before.status,
      client_id: before.client_id,
      start_date: before.start_date,
      team_id: before.team_id,
      vehicle_id: before.vehicle_id,
      address: before.address,
      gate_code: before.gate_code,
      notes: "Chien dans la cour",
      budget_total: null,
      estimated_duration_days: before.estimated_duration_days,
      equipment: before.equipment,
      tasks: before.tasks.map(({ id, label, estimated_hours, quantity }) => ({
        id,
        label,
        estimated_hours,
        quantity,
        unit_price: null,
      })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect("budget_total" in (res.json() as object)).toBe(false);
    const after = (await api(admin, "GET", `/api/projects/${project.id}`)).json() as ProjectDetail;
    expect(after.notes).toBe("Chien dans la cour");
    expect(after.budget_total).toBe(8450.5);
    expect(after.tasks[0]?.unit_price).toBe(40);
  });
});

describe("quotes and the home", () => {
  it("a Compagnon may not read the quotes (403); a Chef d'équipe and an Administrateur may", async () => {
    expect((await api(compagnon, "GET", "/api/quotes")).statusCode).toBe(403);
    expect((await api(chef, "GET", "/api/quotes")).statusCode).toBe(200);
    expect((await api(admin, "GET", "/api/quotes")).statusCode).toBe(200);
  });

  it("the home shows a Compagnon no pending quotes nor revenue; a Chef the pending quotes", async () => {
    const his = (await api(compagnon, "GET", "/api/dashboard/stats")).json() as DashboardStats;
    expect(his).toMatchObject({
      monthlyRevenue: null,
      monthlyGrowth: null,
      pendingQuotes: null,
      oldPendingQuotes: null,
    });
    expect(his.changes.pendingQuotes).toBeNull();
    const chefs = (await api(chef, "GET", "/api/dashboard/stats")).json() as DashboardStats;
    expect(chefs.pendingQuotes).toBe(0);
  });
});

describe("drizzle/0040: the roles that existed before", () => {
  const MIGRATION = readFileSync(
    path.resolve(import.meta.dirname, "../../../../drizzle/0040_who_sees_money.sql"),
    "utf8",
  );
  let owner: pg.Client;
  beforeAll(async () => {
    owner = new pg.Client({ connectionString: inject("ownerDatabaseUrl") });
    await owner.connect();
    // The platform scope, as the migration runs: the owner is no superuser on PostgreSQL 15 (test-pg15.mjs),
    // and row-level security is forced on role_permissions.
    await owner.query("SELECT set_config('app.platform', 'on', false)");
  });
  afterAll(async () => {
    await owner?.end();
  });

  const codes = async (roleId: string) =>
    (
      await owner.query<{ code: string }>(
        `SELECT p.code FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
         WHERE rp.role_id = $1 ORDER BY p.code`,
        [roleId],
      )
    ).rows.map((r) => r.code);
  const setCodes = async (roleId: string, wanted: readonly string[]) => {
    await owner.query("DELETE FROM role_permissions WHERE role_id = $1", [roleId]);
    await owner.query(
      `INSERT INTO role_permissions (company_id, role_id, permission_id)
       SELECT r.company_id, r.id, p.id FROM roles r JOIN permissions p ON p.code = ANY($2::text[]) WHERE r.id = $1`,
      [roleId, wanted],
    );
  };
  const roleOf = async (company: string, name: string) =>
    (await owner.query<{ id: string }>("SELECT id FROM roles WHERE company_id = $1 AND name = $2", [company, name]))
      .rows[0]?.id as string;

  const FORMER_COMPAGNON = [
    "calendar:view",
    "dashboard:view",
    "equipment:view",
    "projects:execute",
    "projects:view",
    "quotes:view",
    "vehicles:view",
  ];

  it("a Compagnon left at default gets the new default; a customised one and the others keep what they saw", async () => {
    const kept = await createTestCompany(db, `Défaut ${randomUUID().slice(0, 6)}`);
    const custom = await createTestCompany(db, `Perso ${randomUUID().slice(0, 6)}`);
    const keptCompagnon = await roleOf(kept.id, "Compagnon");
    const customCompagnon = await roleOf(custom.id, "Compagnon");
    const chefRole = await roleOf(kept.id, "Chef d'équipe");
    const adminRole = await roleOf(kept.id, "Administrateur");
    // The roles as they were before the migration.
    await setCodes(keptCompagnon, FORMER_COMPAGNON);
    await setCodes(customCompagnon, [...FORMER_COMPAGNON, "clients:view"]);
    await owner.query(
      `DELETE FROM role_permissions rp USING permissions p
       WHERE p.id = rp.permission_id AND p.code = 'projects:budget' AND rp.role_id = ANY($1::uuid[])`,
      [[chefRole, adminRole]],
    );

    // The migration reads and writes every company's roles, and other test files' companies share this
    // database (a Compagnon given quotes:view by grantToRole looks « left at default »): its statements on
    // the roles run here as the app's role, row-level security confining them to each of this test's
    // companies in turn.
    const app = new pg.Client({ connectionString: inject("appDatabaseUrl") });
    await app.connect();
    try {
      // Only its statements on the roles' permissions (the rest is schema, done once by the migrations).
      const statements = MIGRATION.split("--> statement-breakpoint").filter(
        (statement) => statement.includes("role_permissions") && !/\b(ALTER|CREATE)\b/.test(statement),
      );
      for (const company of [kept.id, custom.id]) {
        await app.query("BEGIN");
        await app.query("SELECT set_config('app.company_id', $1, true)", [company]);
        for (const statement of statements) await app.query(statement);
        await app.query("COMMIT");
      }
    } finally {
      await app.end();
    }

    expect(await codes(keptCompagnon)).toEqual(FORMER_COMPAGNON.filter((c) => c !== "quotes:view"));
    expect(await codes(customCompagnon)).toEqual([...FORMER_COMPAGNON, "clients:view", "projects:budget"].sort());
    expect(await codes(chefRole)).toContain("projects:budget");
    expect(await codes(adminRole)).toContain("projects:budget");
  });
});
