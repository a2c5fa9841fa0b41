import {
  type CalendarProject,
  type CalendarWeek,
  calendarProjectSchema,
  calendarWeekSchema,
  planningConflictSchema,
  weekDays,
} from "@shared/planning";
import { describe, expect, it } from "vitest";
import { CLASH_KEYS, NAMED_KEYS, serializeWeek, WORKSITE_KEYS } from "./week-serializer";

const project = (n: number, extra: Record<string, unknown> = {}): CalendarProject =>
  ({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    reference: `CH-2026-000${n}`,
    name: `Chantier « ${n} » \\ "guillemets"`,
    status: "à faire",
    client: { id: "00000000-0000-4000-8000-0000000000c1", name: "Dupont" },
    team: null,
    vehicle: { id: "00000000-0000-4000-8000-0000000000a1", name: "Fourgon" },
    address: null,
    start_date: "2026-11-23",
    end_date: "2026-11-25",
    estimated_duration_days: 3,
    conflicts: [],
    ...extra,
  }) as unknown as CalendarProject;

describe("serializeWeek", () => {
  it("writes what the generic serializer writes, as UTF-8 bytes: each day's worksites, each with that day's clashes", () => {
    const long = project(1, { password_hash: "ne doit pas sortir" });
    const short = project(2);
    const days = weekDays("2026-11-23");
    // On Tuesday both cards carry the day's clash (each placement its own conflicts).
    const clash = (other: CalendarProject, day = "2026-11-24") => ({
      project_id: other.id,
      reference: other.reference,
      name: other.name,
      kind: "vehicle",
      days: [day],
      extra: "ne doit pas sortir",
    });
    const week: CalendarWeek = {
      week_start: "2026-11-23",
      days: days.map((date, i) => ({
        date,
        projects:
          i === 1 || i === 2
            ? [
                { ...long, conflicts: [clash(short, date)] },
                { ...short, conflicts: [clash(long, date)] },
              ]
            : i < 4
              ? [long]
              : [],
      })) as CalendarWeek["days"],
    };
    const bytes = serializeWeek(week);
    // The same bytes as the generic serializer's text in UTF-8 (« », accents, escaped quotes).
    expect(bytes.equals(Buffer.from(JSON.stringify(calendarWeekSchema.parse(week))))).toBe(true);
    const json = bytes.toString("utf8");
    expect(json).not.toContain("password_hash");
    expect(json).not.toContain("extra");
    expect(JSON.parse(json).days[1].projects[0].conflicts[0].project_id).toBe(short.id);
    expect(JSON.parse(json).days[0].projects[0].conflicts).toEqual([]);
    // The same clash on two days: each placement with its own day.
    expect(JSON.parse(json).days[2].projects[1].conflicts[0].days).toEqual(["2026-11-25"]);
    expect(JSON.parse(json).days[1].projects.map((p: CalendarProject) => p.reference)).toEqual([
      "CH-2026-0001",
      "CH-2026-0002",
    ]);
  });

  it("writes the schema's keys, in its order, and nothing else (the writer is held to the schema)", () => {
    expect([...WORKSITE_KEYS]).toEqual(Object.keys(calendarProjectSchema.shape));
    expect([...CLASH_KEYS]).toEqual(Object.keys(planningConflictSchema.shape));
    const namedSchema = calendarProjectSchema.shape.client.unwrap();
    expect([...NAMED_KEYS]).toEqual(Object.keys(namedSchema.shape));
    // Every key present with every kind of value (null, a number, an object, a clash on both kinds).
    const full = project(5, {
      team: { id: "00000000-0000-4000-8000-0000000000b1", name: "Équipe « A »", extra: "non" },
      address: "3 rue d'Ypres\nLyon",
      estimated_duration_days: null,
      client: null,
    });
    const other = project(6, { status: "en cours", estimated_duration_days: 12 });
    const conflicts = (["team", "vehicle"] as const).map((kind) => ({
      project_id: other.id,
      reference: other.reference,
      name: other.name,
      kind,
      days: ["2026-11-23"],
    }));
    const week: CalendarWeek = {
      week_start: "2026-11-23",
      days: [{ date: "2026-11-23", projects: [{ ...full, conflicts }, other] }],
    };
    const bytes = serializeWeek(week);
    expect(bytes.equals(Buffer.from(JSON.stringify(calendarWeekSchema.parse(week))))).toBe(true);
    const answer = JSON.parse(bytes.toString("utf8"));
    expect(Object.keys(answer.days[0].projects[0])).toEqual([...WORKSITE_KEYS]);
    expect(Object.keys(answer.days[0].projects[0].team)).toEqual([...NAMED_KEYS]);
    expect(Object.keys(answer.days[0].projects[0].conflicts[1])).toEqual([...CLASH_KEYS]);
  });
});
