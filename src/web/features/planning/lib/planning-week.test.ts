import type { CalendarProject, CalendarWeek } from "@shared/planning";
import { weekDays } from "@shared/planning-rules";
import { describe, expect, it } from "vitest";
import {
  barsOf,
  dayAndMonth,
  dayOfSpan,
  daysBetween,
  isIsoDay,
  lanesOf,
  movedProject,
  NO_TEAM_LANE,
  placeInWeek,
  shortDate,
  weekdayName,
  weekFromParam,
} from "./planning-week";

const project = (overrides: Partial<CalendarProject> = {}): CalendarProject => ({
  id: crypto.randomUUID(),
  reference: "CH-2026-0001",
  name: "Chantier",
  status: "à faire",
  client: null,
  team: null,
  vehicle: null,
  address: null,
  start_date: "2026-11-23",
  end_date: "2026-11-23",
  estimated_duration_days: 1,
  conflicts: [],
  ...overrides,
});

const weekOf = (monday: string, placed: Record<string, CalendarProject[]> = {}): CalendarWeek => ({
  week_start: monday,
  days: weekDays(monday).map((date) => ({ date, projects: placed[date] ?? [] })),
});

const daysOf = (week: CalendarWeek, id: string) =>
  week.days.filter((d) => d.projects.some((p) => p.id === id)).map((d) => d.date);

describe("weekFromParam: the week of ?week=", () => {
  it("keeps a Monday, falls back to this week's Monday for anything else", () => {
    const today = "2026-11-26"; // a Thursday
    expect(weekFromParam("2026-11-30", today)).toBe("2026-11-30");
    expect(weekFromParam("2026-12-01", today)).toBe("2026-11-23"); // a Tuesday
    expect(weekFromParam(null, today)).toBe("2026-11-23");
    expect(weekFromParam("", today)).toBe("2026-11-23");
    expect(weekFromParam("2026-02-30", today)).toBe("2026-11-23");
    expect(weekFromParam("30/11/2026", today)).toBe("2026-11-23");
    expect(weekFromParam("2026-11-30T00:00", today)).toBe("2026-11-23");
    // A Sunday belongs to the week that started the Monday before.
    expect(weekFromParam(undefined, "2026-11-29")).toBe("2026-11-23");
    expect(weekFromParam(undefined, "2026-11-30")).toBe("2026-11-30");
  });

  it("reads real days only", () => {
    expect(isIsoDay("2028-02-29")).toBe(true);
    expect(isIsoDay("2027-02-29")).toBe(false);
    expect(isIsoDay("2026-13-01")).toBe(false);
  });
});

describe("labels", () => {
  it("names the days in French", () => {
    expect(weekDays("2026-11-23").map(weekdayName)).toEqual([
      "Lundi",
      "Mardi",
      "Mercredi",
      "Jeudi",
      "Vendredi",
      "Samedi",
      "Dimanche",
    ]);
    expect(shortDate("2026-11-23")).toBe("23\u00a0nov.");
    expect(shortDate("2027-01-01")).toBe("1\u00a0janv.");
    expect(dayAndMonth("2026-08-01")).toBe("1 août");
  });

  it("counts the days between two dates, across months and backwards", () => {
    expect(daysBetween("2026-11-27", "2026-12-01")).toBe(4);
    expect(daysBetween("2026-12-01", "2026-11-27")).toBe(-4);
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2); // over the change to summer time
  });

  it("says which day of its span a card stands on, weekends skipped", () => {
    const p = { start_date: "2026-11-26", estimated_duration_days: 4 }; // Thu → Tue
    expect(dayOfSpan(p, "2026-11-26")).toEqual({ rank: 1, count: 4 });
    expect(dayOfSpan(p, "2026-11-30")).toEqual({ rank: 3, count: 4 });
    expect(dayOfSpan(p, "2026-12-01")).toEqual({ rank: 4, count: 4 });
    expect(dayOfSpan({ start_date: "2026-11-26", estimated_duration_days: null }, "2026-11-26")).toEqual({
      rank: 1,
      count: 1,
    });
  });
});

describe("lanesOf: the rows of the desktop board", () => {
  const plomberie = { id: "t-plomberie", name: "Équipe Plomberie" };
  const elec = { id: "t-elec", name: "Équipe Électricité" };

  it("every team listed and those of the week, by name, then « Sans équipe » when a worksite has none", () => {
    const week = weekOf("2026-11-23", {
      "2026-11-24": [project({ team: { id: "t-peinture", name: "Équipe Peinture" } }), project()],
    });
    expect(lanesOf(week, [plomberie, elec], null)).toEqual([
      elec,
      { id: "t-peinture", name: "Équipe Peinture" },
      plomberie,
      { id: null, name: NO_TEAM_LANE },
    ]);
    expect(lanesOf(weekOf("2026-11-23"), [], null)).toEqual([]);
  });

  it("the team filtered on alone", () => {
    expect(lanesOf(weekOf("2026-11-23"), [plomberie, elec], "t-elec")).toEqual([elec]);
  });
});

describe("placeInWeek: a move shown at once", () => {
  const team = { id: "t1", name: "Équipe Plomberie" };

  it("takes the worksite off its old days and puts it on its new ones, weekends skipped, in the server's order", () => {
    const moving = project({ reference: "CH-2026-0002", start_date: "2026-11-23", estimated_duration_days: 2, team });
    const staying = project({ reference: "CH-2026-0001", start_date: "2026-11-27" });
    const week = weekOf("2026-11-23", {
      "2026-11-23": [moving],
      "2026-11-24": [moving],
      "2026-11-27": [staying],
    });
    const moved = movedProject(moving, { start_date: "2026-11-27" });
    expect(moved.end_date).toBe("2026-11-30");
    const after = placeInWeek(week, moved, null);
    expect(daysOf(after, moving.id)).toEqual(["2026-11-27"]);
    expect(after.days[4]?.projects.map((p) => p.reference)).toEqual(["CH-2026-0001", "CH-2026-0002"]);
    // The next week holds its Monday.
    expect(daysOf(placeInWeek(weekOf("2026-11-30"), moved, null), moving.id)).toEqual(["2026-11-30"]);
  });

  it("changes the team, and leaves a week filtered on another team", () => {
    const moving = project({
      team,
      conflicts: [{ project_id: "x", reference: "R", name: "N", kind: "team", days: [] }],
    });
    const moved = movedProject(moving, { start_date: "2026-11-24", team: { id: "t2", name: "Équipe Peinture" } });
    expect(moved.team?.id).toBe("t2");
    expect(moved.conflicts).toEqual([]);
    const week = weekOf("2026-11-23", { "2026-11-23": [moving] });
    expect(daysOf(placeInWeek(week, moved, "t1"), moving.id)).toEqual([]);
    expect(daysOf(placeInWeek(week, moved, "t2"), moving.id)).toEqual(["2026-11-24"]);
    expect(movedProject(moving, { start_date: "2026-11-24", team: null }).team).toBeNull();
  });
});

describe("barsOf", () => {
  const team = { id: "11111111-1111-4111-8111-111111111111", name: "Équipe Plomberie" };
  const clash = (day: string) => ({
    project_id: "33333333-3333-4333-8333-333333333333",
    reference: "CH-2026-0003",
    name: "Salle de bain",
    kind: "team" as const,
    days: [day],
  });

  it("makes one bar of a worksite over several days, across its columns, with the clashes of all its days", () => {
    const id = crypto.randomUUID();
    const tuesday = project({ id, team, start_date: "2026-11-24", estimated_duration_days: 3 });
    const week = weekOf("2026-11-23", {
      "2026-11-24": [tuesday],
      "2026-11-25": [{ ...tuesday, conflicts: [clash("2026-11-25")] }],
      "2026-11-26": [{ ...tuesday, conflicts: [clash("2026-11-26")] }],
    });
    const { bars, tracks } = barsOf(week, team.id);
    expect(tracks).toBe(1);
    expect(bars).toHaveLength(1);
    expect(bars[0]).toMatchObject({ column: 1, span: 3, track: 0, days: ["2026-11-24", "2026-11-25", "2026-11-26"] });
    expect(bars[0]?.project.conflicts).toEqual([{ ...clash("2026-11-25"), days: ["2026-11-25", "2026-11-26"] }]);
  });

  it("stacks the worksites that share a day, reuses a free line, and keeps to the row's team", () => {
    const long = project({ reference: "CH-2026-0001", team, start_date: "2026-11-23", estimated_duration_days: 2 });
    const other = project({ reference: "CH-2026-0002", team, start_date: "2026-11-24" });
    const later = project({ reference: "CH-2026-0004", team, start_date: "2026-11-25" });
    const elsewhere = project({ reference: "CH-2026-0005", team: null, start_date: "2026-11-24" });
    const week = weekOf("2026-11-23", {
      "2026-11-23": [long],
      "2026-11-24": [long, other, elsewhere],
      "2026-11-25": [later],
    });
    const { bars, tracks } = barsOf(week, team.id);
    expect(tracks).toBe(2);
    expect(bars.map((b) => [b.project.reference, b.column, b.span, b.track])).toEqual([
      ["CH-2026-0001", 0, 2, 0],
      ["CH-2026-0002", 1, 1, 1],
      ["CH-2026-0004", 2, 1, 0],
    ]);
    expect(barsOf(week, null).bars.map((b) => b.project.reference)).toEqual(["CH-2026-0005"]);
    expect(barsOf(week).bars).toHaveLength(4);
    expect(barsOf(weekOf("2026-11-23"), team.id)).toEqual({ bars: [], tracks: 0 });
  });
});
