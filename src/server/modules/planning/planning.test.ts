import { randomUUID } from "node:crypto";
import { bearer, createTestCompany, createTestUserWithPermissions, login, setupApp } from "@server/test/helpers";
import {
  type CalendarProject,
  type CalendarWeek,
  calendarWeekSchema,
  lastOccupiedDay,
  PLANNING_TEXTS,
  weekDays,
} from "@shared/planning";
import { PROJECT_TEXTS, type ProjectDetail } from "@shared/projects";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

const { app, db } = await setupApp();

type Method = "GET" | "POST" | "PATCH";
const api = (token: string, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** A company: tokens by role, two teams (the Compagnon in the first), two vans. */
interface Crew {
  id: string;
  admin: string;
  compagnon: string;
  norole: string;
  teamId: string;
  otherTeamId: string;
  vanId: string;
  otherVanId: string;
}

async function crew(name: string): Promise<Crew> {
  const company = await createTestCompany(db, name);
  const admin = (await login(app, company.emails.admin)).token;
  const compagnon = await login(app, company.emails.compagnon);
  const norole = (await login(app, company.emails.norole)).token;
  const post = async (url: string, payload: object) => {
    const res = await api(admin, "POST", url, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  };
  const team = await post("/api/teams", { name: "Équipe Plomberie", member_ids: [compagnon.user.id] });
  const otherTeam = await post("/api/teams", { name: "Équipe Peinture" });
  const van = await post("/api/vehicles", { name: "Jumpy", registration_number: randomUUID().slice(0, 8) });
  const otherVan = await post("/api/vehicles", { name: "Master", registration_number: randomUUID().slice(0, 8) });
  return {
    id: company.id,
    admin,
    compagnon: compagnon.token,
    norole,
    teamId: team.id,
    otherTeamId: otherTeam.id,
    vanId: van.id,
    otherVanId: otherVan.id,
  };
}

let a: Crew;
let b: Crew;
beforeAll(async () => {
  a = await crew("Planning SARL");
  b = await crew("Autre Planning SARL");
});

async function project(c: Crew, payload: object): Promise<ProjectDetail> {
  const res = await api(c.admin, "POST", "/api/projects", { name: "Chantier", ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ProjectDetail;
}

const week = async (token: string, monday: string, teamId?: string) => {
  const res = await api(token, "GET", `/api/calendar/week?week_start=${monday}${teamId ? `&team_id=${teamId}` : ""}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  // Every answer is its schema's, key for key (the week's serializer writes by hand: week-serializer.ts).
  const body = res.json() as CalendarWeek;
  expect(calendarWeekSchema.parse(body)).toEqual(body);
  return body;
};
const daysOf = (w: CalendarWeek, id: string) =>
  w.days.filter((d) => d.projects.some((p) => p.id === id)).map((d) => d.date);
const find = (w: CalendarWeek, id: string): CalendarProject | undefined =>
  w.days.flatMap((d) => d.projects).find((p) => p.id === id);
/** The worksite's card on one day: its clashes are that day's. */
const on = (w: CalendarWeek, date: string, id: string): CalendarProject | undefined =>
  w.days.find((d) => d.date === date)?.projects.find((p) => p.id === id);

// Weeks far in the future of each test, so the crews' worksites never meet those of another test.
describe("GET /api/calendar/week", () => {
  it("lists Monday to Sunday, a worksite on each day it occupies, weekends skipped, across weeks", async () => {
    const p = await project(a, {
      name: "Rénovation cuisine",
      start_date: "2030-03-07", // a Thursday
      estimated_duration_days: 4,
      team_id: a.teamId,
      address: "3 rue Neuve, 69001 Lyon",
    });
    const first = await week(a.admin, "2030-03-04");
    expect(first.week_start).toBe("2030-03-04");
    expect(first.days.map((d) => d.date)).toEqual(weekDays("2030-03-04"));
    expect(daysOf(first, p.id)).toEqual(["2030-03-07", "2030-03-08"]);
    expect(find(first, p.id)).toMatchObject({
      reference: p.reference,
      name: "Rénovation cuisine",
      status: "à faire",
      team: { id: a.teamId, name: "Équipe Plomberie" },
      address: "3 rue Neuve, 69001 Lyon",
      start_date: "2030-03-07",
      end_date: "2030-03-12",
      estimated_duration_days: 4,
      conflicts: [],
    });
    expect(daysOf(await week(a.admin, "2030-03-11"), p.id)).toEqual(["2030-03-11", "2030-03-12"]);
    expect(daysOf(await week(a.admin, "2030-03-18"), p.id)).toEqual([]);
  });

  it("leaves out cancelled and undated worksites, keeps delivered ones", async () => {
    const cancelled = await project(a, { start_date: "2030-04-02", status: "annulé" });
    const undated = await project(a, {});
    const delivered = await project(a, { start_date: "2030-04-02", status: "livré" });
    const w = await week(a.admin, "2030-04-01");
    expect(find(w, cancelled.id)).toBeUndefined();
    expect(find(w, undated.id)).toBeUndefined();
    expect(daysOf(w, delivered.id)).toEqual(["2030-04-02"]);
  });

  it("shows clashes of a team or a vehicle, not of delivered worksites", async () => {
    const one = await project(a, { start_date: "2030-05-06", estimated_duration_days: 3, team_id: a.teamId });
    const two = await project(a, {
      start_date: "2030-05-08",
      team_id: a.teamId,
      vehicle_id: a.vanId,
    });
    const three = await project(a, { start_date: "2030-05-08", team_id: a.otherTeamId, vehicle_id: a.vanId });
    const done = await project(a, { start_date: "2030-05-06", status: "livré", team_id: a.teamId });
    const w = await week(a.admin, "2030-05-06");
    // Each day's card carries that day's clashes: none on Monday and Tuesday, the team's on Wednesday.
    expect(on(w, "2030-05-06", one.id)?.conflicts).toEqual([]);
    expect(on(w, "2030-05-07", one.id)?.conflicts).toEqual([]);
    expect(on(w, "2030-05-08", one.id)?.conflicts).toEqual([
      { project_id: two.id, reference: two.reference, name: "Chantier", kind: "team", days: ["2030-05-08"] },
    ]);
    expect(on(w, "2030-05-08", two.id)?.conflicts.map((c) => [c.project_id, c.kind, c.days])).toEqual([
      [one.id, "team", ["2030-05-08"]],
      [three.id, "vehicle", ["2030-05-08"]],
    ]);
    expect(find(w, done.id)?.conflicts).toEqual([]);
    // The team filter keeps the clash with another team's worksite on the same van.
    const filtered = await week(a.admin, "2030-05-06", a.otherTeamId);
    expect(filtered.days.flatMap((d) => d.projects).map((p) => p.id)).toEqual([three.id]);
    expect(find(filtered, three.id)?.conflicts.map((c) => c.project_id)).toEqual([two.id]);
  });

  it("shows a Compagnon the worksites of his teams only", async () => {
    const mine = await project(a, { start_date: "2030-06-04", team_id: a.teamId });
    const other = await project(a, { start_date: "2030-06-04", team_id: a.otherTeamId });
    const none = await project(a, { start_date: "2030-06-04" });
    const w = await week(a.compagnon, "2030-06-03");
    expect(find(w, mine.id)).toBeDefined();
    expect(find(w, other.id)).toBeUndefined();
    expect(find(w, none.id)).toBeUndefined();
    expect(find(await week(a.admin, "2030-06-03"), other.id)).toBeDefined();
  });

  it("never shows another company's worksites", async () => {
    const theirs = await project(b, { start_date: "2030-07-02", team_id: b.teamId });
    expect(find(await week(a.admin, "2030-07-01"), theirs.id)).toBeUndefined();
    const filtered = await week(a.admin, "2030-07-01", b.teamId);
    expect(filtered.days.flatMap((d) => d.projects)).toEqual([]);
  });

  it("asks for a Monday, in French", async () => {
    const tuesday = await api(a.admin, "GET", "/api/calendar/week?week_start=2030-03-05");
    expect(tuesday.statusCode).toBe(400);
    expect(tuesday.json().message).toBe(PLANNING_TEXTS.weekStartNotMonday);
    const garbage = await api(a.admin, "GET", "/api/calendar/week?week_start=2030-02-30");
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toBe(PLANNING_TEXTS.weekStartInvalid);
    const missing = await api(a.admin, "GET", "/api/calendar/week");
    expect(missing.statusCode).toBe(400);
  });

  it("answers a French 400, never a 500, to a week_start that is no day (issue 31)", async () => {
    // 0000-01-03 and 9999-12-27 are Mondays, outside the business days (1900 to 2999).
    for (const week of ["2026-13-02", "lundi", "02/03/2026", "2026-02-30", "2026-02-30x", "0000-01-03", "9999-12-27"]) {
      const res = await api(a.admin, "GET", `/api/calendar/week?week_start=${encodeURIComponent(week)}`);
      expect(res.statusCode, `${week}: ${res.body}`).toBe(400);
      expect(res.json().message).toBe(PLANNING_TEXTS.weekStartInvalid);
    }
  });

  it("needs calendar:view", async () => {
    expect((await api(a.norole, "GET", "/api/calendar/week?week_start=2030-03-04")).statusCode).toBe(403);
    const viewer = await login(app, await createTestUserWithPermissions(db, a.id, ["calendar:view"]));
    expect((await api(viewer.token, "GET", "/api/calendar/week?week_start=2030-03-04")).statusCode).toBe(200);
  });

  it("agrees with the SQL end date for every start and duration", async () => {
    const starts = weekDays("2030-09-02");
    const durations = [null, 1, 2, 3, 5, 6, 7, 10, 11, 12, 24, 250];
    const result = await db.run("platform", (tx) =>
      tx.execute<{ start: string; days: number | null; last: string }>(sql`
        SELECT s::text AS start, d AS days, project_last_day(s::date, d)::text AS last
        FROM unnest(${`{${starts.join(",")}}`}::date[]) s
        CROSS JOIN unnest(${`{${durations.map((d) => d ?? "NULL").join(",")}}`}::int[]) d`),
    );
    expect(result.rows).toHaveLength(starts.length * durations.length);
    for (const row of result.rows)
      expect(row.last, `${row.start} + ${row.days}`).toBe(lastOccupiedDay(row.start, row.days));
  });
});

describe("PATCH /api/projects/:id/schedule", () => {
  it("moves a worksite and answers its clashes over its whole span", async () => {
    const busy = await project(a, { start_date: "2030-10-09", team_id: a.otherTeamId, estimated_duration_days: 2 });
    const moving = await project(a, { start_date: "2030-10-01", team_id: a.teamId, estimated_duration_days: 3 });
    const res = await api(a.admin, "PATCH", `/api/projects/${moving.id}/schedule`, {
      start_date: "2030-10-08",
      team_id: a.otherTeamId,
      vehicle_id: a.vanId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json() as CalendarProject;
    expect(moved).toMatchObject({
      start_date: "2030-10-08",
      end_date: "2030-10-10",
      team: { id: a.otherTeamId },
      vehicle: { id: a.vanId },
    });
    expect(moved.conflicts).toEqual([
      {
        project_id: busy.id,
        reference: busy.reference,
        name: "Chantier",
        kind: "team",
        days: ["2030-10-09", "2030-10-10"],
      },
    ]);
    // It stayed: the week shows it on its new days, with the clash on both worksites.
    const w = await week(a.admin, "2030-10-07");
    expect(daysOf(w, moving.id)).toEqual(["2030-10-08", "2030-10-09", "2030-10-10"]);
    expect(on(w, "2030-10-09", busy.id)?.conflicts.map((c) => [c.project_id, c.days])).toEqual([
      [moving.id, ["2030-10-09"]],
    ]);
    expect(on(w, "2030-10-10", busy.id)?.conflicts.map((c) => [c.project_id, c.days])).toEqual([
      [moving.id, ["2030-10-10"]],
    ]);
  });

  it("keeps the team and the vehicle left out, removes them with null", async () => {
    const p = await project(a, { start_date: "2030-11-04", team_id: a.teamId, vehicle_id: a.vanId });
    const kept = await api(a.admin, "PATCH", `/api/projects/${p.id}/schedule`, { start_date: "2030-11-05" });
    expect(kept.json()).toMatchObject({ team: { id: a.teamId }, vehicle: { id: a.vanId } });
    const cleared = await api(a.admin, "PATCH", `/api/projects/${p.id}/schedule`, {
      start_date: "2030-11-05",
      vehicle_id: null,
    });
    expect(cleared.json()).toMatchObject({ team: { id: a.teamId }, vehicle: null });
  });

  it("refuses bad input and another company's team, in French", async () => {
    const p = await project(a, { start_date: "2030-11-11" });
    const bad = await api(a.admin, "PATCH", `/api/projects/${p.id}/schedule`, { start_date: "11/11/2030" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(PROJECT_TEXTS.dateInvalid);
    const theirs = await api(a.admin, "PATCH", `/api/projects/${p.id}/schedule`, {
      start_date: "2030-11-12",
      team_id: b.teamId,
    });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().message).toBe(PROJECT_TEXTS.teamNotFound);
  });

  it("needs projects:edit; another company's worksite is not found", async () => {
    const p = await project(a, { start_date: "2030-11-18", team_id: a.teamId });
    const compagnon = await api(a.compagnon, "PATCH", `/api/projects/${p.id}/schedule`, { start_date: "2030-11-19" });
    expect(compagnon.statusCode).toBe(403);
    const theirs = await api(b.admin, "PATCH", `/api/projects/${p.id}/schedule`, { start_date: "2030-11-19" });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(PROJECT_TEXTS.notFound);
    const unknown = await api(a.admin, "PATCH", "/api/projects/not-an-id/schedule", { start_date: "2030-11-19" });
    expect(unknown.statusCode).toBe(404);
  });
});
