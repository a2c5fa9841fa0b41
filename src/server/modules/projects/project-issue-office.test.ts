import { randomUUID } from "node:crypto";
import { bearer, createTestCompany, createTestUserWithPermissions, login, setupApp } from "@server/test/helpers";
import { PROJECT_TEXTS, type ProjectDetail, type ProjectIssue } from "@shared/projects";
import type { Notification } from "@shared/signing";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * Issue 32, « Mode chantier »: an imprévu written offline keeps the time it was written (`written_at`,
 * bounded), and the office is told of each new imprévu (docs/domain/projects.md#imprevus).
 */

const { app, db } = await setupApp();

type Method = "GET" | "POST";
const api = (token: string, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

let admin: string;
let chef: string;
let compagnon: string;
let viewer: string;
let other: string;
let project: ProjectDetail;

beforeAll(async () => {
  const company = await createTestCompany(db, `Imprévus ${randomUUID().slice(0, 6)} SARL`);
  const rival = await createTestCompany(db, `Rival ${randomUUID().slice(0, 6)} SARL`);
  admin = (await login(app, company.emails.admin)).token;
  chef = (await login(app, company.emails.chef)).token;
  other = (await login(app, rival.emails.admin)).token;
  viewer = (await login(app, await createTestUserWithPermissions(db, company.id, ["projects:view", "team:view"])))
    .token;
  const worker = await login(app, company.emails.compagnon);
  compagnon = worker.token;
  const team = await api(admin, "POST", "/api/teams", { name: "Équipe Imprévus", member_ids: [worker.user.id] });
  const created = await api(admin, "POST", "/api/projects", { name: "Salle de bain Leroy", team_id: team.json().id });
  expect(created.statusCode, created.body).toBe(201);
  const started = await api(admin, "POST", `/api/projects/${created.json().id}/start`);
  project = started.json() as ProjectDetail;
});

const report = (body: object) =>
  api(compagnon, "POST", "/api/project-issues", { project_id: project.id, title: "Mur humide", ...body });

describe("an imprévu's time (written_at)", () => {
  it("keeps the time it was written on the phone, sent later", async () => {
    const written = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const res = await report({ client_key: randomUUID(), written_at: written });
    expect(res.statusCode, res.body).toBe(201);
    expect(new Date((res.json() as ProjectIssue).created_at).toISOString()).toBe(written);
  });

  it("is the server's now without it, for a time in the future beyond 5 minutes, or older than 30 days", async () => {
    for (const written_at of [
      undefined,
      new Date(Date.now() + 3_600_000).toISOString(),
      new Date(Date.now() - 31 * 86_400_000).toISOString(),
    ]) {
      const before = Date.now();
      const res = await report({ written_at });
      expect(res.statusCode, res.body).toBe(201);
      const at = new Date((res.json() as ProjectIssue).created_at).getTime();
      expect(at).toBeGreaterThanOrEqual(before - 1000);
      expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it("a replay keeps the first time; an invalid time is refused (400)", async () => {
    const key = randomUUID();
    const written = new Date(Date.now() - 3_600_000).toISOString();
    const first = await report({ client_key: key, written_at: written });
    const again = await report({ client_key: key, written_at: new Date().toISOString() });
    expect(again.statusCode).toBe(200);
    expect(again.json().created_at).toBe(first.json().created_at);
    const bad = await report({ written_at: "hier" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ path: "written_at", message: PROJECT_TEXTS.writtenAtInvalid }]);
  });
});

describe("the office's notification", () => {
  const notificationsOf = async (token: string) =>
    ((await api(token, "GET", "/api/notifications")).json() as { data: Notification[] }).data.filter(
      (n) => n.kind === "project_issue",
    );

  it("tells the Administrateur and the Chef d'équipe of each new imprévu, once; not its author nor a viewer", async () => {
    const before = { admin: (await notificationsOf(admin)).length, chef: (await notificationsOf(chef)).length };
    const key = randomUUID();
    const res = await report({ title: "Tuyau fendu", client_key: key });
    expect(res.statusCode, res.body).toBe(201);
    expect((await report({ title: "Tuyau fendu", client_key: key })).statusCode).toBe(200);

    for (const [token, count] of [
      [admin, before.admin],
      [chef, before.chef],
    ] as const) {
      const list = await notificationsOf(token);
      expect(list).toHaveLength(count + 1);
      expect(list[0]).toMatchObject({
        title: PROJECT_TEXTS.issueNotification,
        body: `Tuyau fendu \u2014 ${project.reference} \u00b7 Salle de bain Leroy, par Test compagnon`,
        href: `/projects/${project.id}`,
        read_at: null,
      });
    }
    expect(await notificationsOf(compagnon)).toEqual([]);
    expect(await notificationsOf(viewer)).toEqual([]);
    expect(await notificationsOf(other)).toEqual([]);
  });
});
