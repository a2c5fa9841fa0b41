import { randomUUID } from "node:crypto";
import { users } from "@server/db/schema";
import { createAuthService } from "@server/modules/auth/auth.service";
import { TokenService } from "@server/modules/auth/tokens";
import { bearer, createTestCompany, login, setupApp, TEST_JWT_SECRET } from "@server/test/helpers";
import { addDays, parisToday } from "@shared/dates";
import { type CalendarWeek, isWeekend, mondayOf } from "@shared/planning";
import type { ProjectIssues, ProjectListResponse, ProjectPhotos } from "@shared/projects";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seedDemoBook } from "./demo-data";
import { seedDemoLibrary } from "./demo-library";
import { demoProjectsFor, seedDemoProjects } from "./demo-projects";
import { seedDemoQuotes } from "./demo-quotes";
import { seedDemoTeams } from "./demo-teams";
import { seedDemoVehicles } from "./demo-vehicles";

const { app, db } = await setupApp();

describe("the demo worksites", () => {
  it("are twelve in every status, two from validated quotes, with ticked tasks and imprévus, around today", async () => {
    const company = await createTestCompany(db, "Démo Chantiers");
    await db.run("platform", async (tx) => {
      await tx.update(users).set({ fullName: "Marc Lefèvre" }).where(eq(users.email, company.emails.chef));
      await tx.update(users).set({ fullName: "Julien Moreau" }).where(eq(users.email, company.emails.compagnon));
    });
    const { token } = await login(app, company.emails.admin);
    const admin = await createAuthService(db, new TokenService(TEST_JWT_SECRET)).authenticate(token);
    await seedDemoQuotes(db, admin, await seedDemoBook(db, admin), await seedDemoLibrary(db, admin));
    await seedDemoTeams(db, admin, "demo1234", `demo-${randomUUID().slice(0, 8)}.fr`);
    await seedDemoVehicles(db, admin);
    await seedDemoProjects(db, admin);

    const list = (await app.inject({ url: "/api/projects", headers: bearer(token) })).json() as ProjectListResponse;
    // A weekend day adds its emergency call-out, in progress today (the home's « Planning d'aujourd'hui »).
    const callOut = isWeekend(parisToday()) ? 1 : 0;
    expect(demoProjectsFor(parisToday())).toHaveLength(12 + callOut);
    expect(list.meta.counts).toEqual({
      all: 12 + callOut,
      "à faire": 3,
      "en cours": 2 + callOut,
      "en pause": 1,
      livré: 5,
      annulé: 1,
    });
    // Delivered over the year with the client's answer, mostly oui; dated as lived (never today).
    const delivered = list.data.filter((p) => p.status === "livré");
    expect(delivered.map((p) => p.client_satisfied).sort()).toEqual([false, true, true, true, true]);
    expect(delivered.every((p) => p.finished_at && p.finished_at.slice(0, 10) < parisToday())).toBe(true);
    expect(new Set(delivered.map((p) => p.finished_at?.slice(0, 7))).size).toBeGreaterThanOrEqual(3);
    const fromQuotes = list.data.filter((p) => p.quote_id);
    expect(fromQuotes).toHaveLength(2);
    for (const project of fromQuotes) {
      expect(project.notes, project.name).toContain(`Chantier créé depuis le devis ${project.quote_reference}`);
      const quote = (await app.inject({ url: `/api/quotes/${project.quote_id}`, headers: bearer(token) })).json();
      expect(quote.project_id).toBe(project.id);
    }
    for (const project of list.data) {
      expect(project.team, project.name).not.toBeNull();
      expect(project.address, project.name).not.toBeNull();
      expect(project.task_count, project.name).toBeGreaterThan(0);
    }
    const running = list.data.filter((p) => p.status === "en cours");
    expect(running.every((p) => p.done_count > 0 && p.done_count < p.task_count && p.started_at)).toBe(true);
    expect(delivered.every((p) => p.progress === 100)).toBe(true);
    const issues = await Promise.all(
      running.map(
        async (p) =>
          ((await app.inject({ url: `/api/project-issues/${p.id}`, headers: bearer(token) })).json() as ProjectIssues)
            .data,
      ),
    );
    expect(issues.flat().length).toBeGreaterThanOrEqual(3);
    // Photos on the worksites in progress, paused and delivered, each with its thumbnail.
    const photos = await Promise.all(
      list.data.map(async (p) => {
        const res = await app.inject({ url: `/api/project-photos/${p.id}`, headers: bearer(token) });
        return { status: p.status, data: (res.json() as ProjectPhotos).data };
      }),
    );
    expect(
      photos
        .filter((p) => p.data.length > 0)
        .map((p) => p.status)
        .sort(),
    ).toEqual(["en cours", "en pause", "livré"]);
    const sample = photos.find((p) => p.data.length > 0)?.data[0];
    const thumbnail = await app.inject({ url: sample?.thumbnail_url ?? "" });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers["content-type"]).toBe("image/jpeg");
    // Some this week and next: the planning has something to show.
    const today = parisToday();
    const soon = list.data.filter(
      (p) => p.start_date && p.start_date >= addDays(today, -7) && p.start_date <= addDays(today, 10),
    );
    expect(soon.length).toBeGreaterThanOrEqual(5);
    // The planning: the three teams this week and the next, and one deliberate clash (team and van).
    const weeks = await Promise.all(
      [mondayOf(today), addDays(mondayOf(today), 7)].map(
        async (monday) =>
          (
            await app.inject({ url: `/api/calendar/week?week_start=${monday}`, headers: bearer(token) })
          ).json() as CalendarWeek,
      ),
    );
    for (const week of weeks) {
      const teams = new Set(week.days.flatMap((d) => d.projects.map((p) => p.team?.name)));
      expect(teams.size, week.week_start).toBe(3);
    }
    const clashes = new Set(
      weeks.flatMap((w) =>
        w.days.flatMap((d) => d.projects.flatMap((p) => p.conflicts.map((c) => [p.id, c.project_id].sort().join()))),
      ),
    );
    expect(clashes.size).toBe(1);
    // Julien Moreau (Compagnon, plumbing and electricity teams) sees the worksites of his teams only.
    const julien = (await login(app, company.emails.compagnon)).token;
    const his = (await app.inject({ url: "/api/projects", headers: bearer(julien) })).json() as ProjectListResponse;
    expect(his.meta.total).toBe(7 + callOut);
  });
});
