import { type CalendarProject, type CalendarWeek, calendarWeekSchema, weekDays } from "@shared/planning";
import { describe, expect, it } from "vitest";
import { serializeWeek } from "./week-serializer";

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
  it("writes what the generic serializer writes, as UTF-8 bytes: the schema's keys, in its order, each day's worksites", () => {
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

  it("refuses a worksite its schema refuses, as the generic serializer does", () => {
    const broken = project(3, { status: "inconnu" });
    const week: CalendarWeek = { week_start: "2026-11-23", days: [{ date: "2026-11-23", projects: [broken] }] };
    expect(() => serializeWeek(week)).toThrow();
  });

  it("refuses a clash its schema refuses", () => {
    const broken = project(4, { conflicts: [{ project_id: "pas-un-uuid", kind: "team", days: [] }] });
    const week: CalendarWeek = { week_start: "2026-11-23", days: [{ date: "2026-11-23", projects: [broken] }] };
    expect(() => serializeWeek(week)).toThrow();
  });
});
