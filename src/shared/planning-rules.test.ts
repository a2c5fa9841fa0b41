import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  availabilityOn,
  clashesAmong,
  clashesOf,
  isMonday,
  isoWeekday,
  lastOccupiedDay,
  mondayOf,
  occupiedDays,
  weekDays,
  weekRangeLabel,
} from "./planning-rules";

// 2026-11-23 is a Monday.
describe("weeks", () => {
  it("knows the days of the week", () => {
    expect(isoWeekday("2026-11-23")).toBe(1);
    expect(isoWeekday("2026-11-29")).toBe(7);
    expect(isMonday("2026-11-23")).toBe(true);
    expect(isMonday("2026-11-24")).toBe(false);
  });

  it("finds the Monday of any day, across months and years", () => {
    expect(mondayOf("2026-11-29")).toBe("2026-11-23");
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(mondayOf("2027-01-01")).toBe("2026-12-28");
  });

  it("lists Monday to Sunday", () => {
    expect(weekDays("2026-11-30")).toEqual([
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
      "2026-12-06",
    ]);
  });

  it("labels the range as « d month - d month year »", () => {
    expect(weekRangeLabel("2026-11-23")).toBe("23\u201329 novembre 2026");
    expect(weekRangeLabel("2026-11-30")).toBe("30 novembre\u00a0\u2013 6 décembre 2026");
    expect(weekRangeLabel("2026-12-28")).toBe("28 décembre 2026\u00a0\u2013 3 janvier 2027");
  });
});

describe("days a worksite occupies", () => {
  it("is the start day alone for one day or no duration", () => {
    expect(occupiedDays("2026-11-25", 1)).toEqual(["2026-11-25"]);
    expect(occupiedDays("2026-11-25", null)).toEqual(["2026-11-25"]);
    expect(lastOccupiedDay("2026-11-28", 1)).toBe("2026-11-28");
  });

  it("skips Saturday and Sunday", () => {
    // Thursday, 4 days: Thu, Fri, Mon, Tue.
    expect(occupiedDays("2026-11-26", 4)).toEqual(["2026-11-26", "2026-11-27", "2026-11-30", "2026-12-01"]);
  });

  it("counts a weekend start day, then goes on on Monday", () => {
    expect(occupiedDays("2026-11-28", 3)).toEqual(["2026-11-28", "2026-11-30", "2026-12-01"]);
    expect(occupiedDays("2026-11-29", 2)).toEqual(["2026-11-29", "2026-11-30"]);
  });

  it("crosses weeks and keeps only the range asked", () => {
    // Wednesday 18, 10 working days: 18–20, 23–27, 30, 1 December.
    expect(lastOccupiedDay("2026-11-18", 10)).toBe("2026-12-01");
    expect(occupiedDays("2026-11-18", 10, "2026-11-23", "2026-11-29")).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
    ]);
    expect(occupiedDays("2026-11-18", 10, "2026-11-30", "2026-12-06")).toEqual(["2026-11-30", "2026-12-01"]);
    expect(occupiedDays("2026-11-18", 10, "2026-12-07", "2026-12-13")).toEqual([]);
  });

  it("agrees with walking day by day, for every start and duration", () => {
    const walk = (start: string, n: number) => {
      const days = [start];
      let d = start;
      while (days.length < n) {
        d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
        if (isoWeekday(d) < 6) days.push(d);
      }
      return days;
    };
    for (const start of weekDays("2026-11-23")) {
      for (const n of [1, 2, 4, 5, 6, 9, 10, 11, 23]) {
        expect(occupiedDays(start, n)).toEqual(walk(start, n));
      }
    }
  });

  it("answers a very long worksite's week without walking its years", () => {
    expect(lastOccupiedDay("2026-01-05", 3650)).toBe("2039-12-30");
    expect(occupiedDays("2026-01-05", 3650, "2030-06-03", "2030-06-09")).toHaveLength(5);
  });
});

describe("clashes", () => {
  const base = { team_id: "t1", vehicle_id: "v1", estimated_duration_days: 3 };
  it("finds the same team or vehicle on a shared day, within the range", () => {
    const subject = { id: "a", ...base, start_date: "2026-11-26" }; // Thu, Fri, Mon
    const others = [
      { id: "b", team_id: "t1", vehicle_id: null, start_date: "2026-11-30", estimated_duration_days: 1 },
      { id: "c", team_id: "t2", vehicle_id: "v1", start_date: "2026-11-27", estimated_duration_days: 1 },
      { id: "d", team_id: "t1", vehicle_id: "v1", start_date: "2026-11-28", estimated_duration_days: 1 },
      { id: "e", team_id: "t2", vehicle_id: "v2", start_date: "2026-11-26", estimated_duration_days: 5 },
    ];
    expect(clashesOf(subject, others, "2026-11-23", "2026-12-06")).toEqual([
      { project_id: "b", kind: "team", days: ["2026-11-30"] },
      { project_id: "c", kind: "vehicle", days: ["2026-11-27"] },
    ]);
    expect(clashesOf(subject, others, "2026-11-23", "2026-11-29")).toEqual([
      { project_id: "c", kind: "vehicle", days: ["2026-11-27"] },
    ]);
  });

  it("never clashes on a missing team or vehicle", () => {
    const subject = { id: "a", team_id: null, vehicle_id: null, start_date: "2026-11-26", estimated_duration_days: 2 };
    const other = { id: "b", team_id: null, vehicle_id: null, start_date: "2026-11-26", estimated_duration_days: 2 };
    expect(clashesOf(subject, [other], "2026-11-23", "2026-11-29")).toEqual([]);
  });
});

describe("clashes among a week's worksites", () => {
  it("are, for each, its clashes with all the others", () => {
    const day = fc.integer({ min: 0, max: 20 }).map((n) => addDaysTo("2026-11-16", n));
    const booking = fc.record({
      team_id: fc.constantFrom(null, "t1", "t2"),
      vehicle_id: fc.constantFrom(null, "v1", "v2"),
      start_date: day,
      estimated_duration_days: fc.constantFrom(null, 1, 2, 3, 6, 12),
    });
    fc.assert(
      fc.property(fc.array(booking, { maxLength: 12 }), (rows) => {
        const bookings = rows.map((row, i) => ({ id: `p${i}`, ...row }));
        const all = clashesAmong(bookings, "2026-11-23", "2026-11-29");
        for (const b of bookings) expect(all.get(b.id)).toEqual(clashesOf(b, bookings, "2026-11-23", "2026-11-29"));
      }),
    );
  });
});

function addDaysTo(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

describe("availabilityOn", () => {
  const booked = (id: string, team: string | null, vehicle: string | null, status = "à faire") => ({
    id,
    reference: `CH-${id}`,
    name: `Chantier ${id}`,
    status,
    team: team ? { id: team } : null,
    vehicle: vehicle ? { id: vehicle } : null,
  });
  const days = [
    { date: "2026-11-23", projects: [booked("a", "t1", "v1"), booked("self", "t1", "v1")] },
    { date: "2026-11-24", projects: [booked("a", "t1", "v1"), booked("b", "t2", null)] },
    { date: "2026-11-25", projects: [booked("c", "t3", "v2", "livré"), booked("d", "t3", null, "annulé")] },
    { date: "2026-11-26", projects: [booked("e", "t1", "v2")] },
  ];

  it("names what the chosen team and vehicle would clash with on the span, the worksite itself left out", () => {
    const found = availabilityOn(days, ["2026-11-23", "2026-11-24", "2026-11-25"], "self", "t1", "v1");
    expect(found.clashes).toEqual([
      { project_id: "a", reference: "CH-a", name: "Chantier a", kind: "team", days: ["2026-11-23", "2026-11-24"] },
      { project_id: "a", reference: "CH-a", name: "Chantier a", kind: "vehicle", days: ["2026-11-23", "2026-11-24"] },
    ]);
    expect([...found.busyTeams].sort()).toEqual(["t1", "t2"]);
    expect([...found.busyVehicles]).toEqual(["v1"]);
  });

  it("lets delivered and cancelled worksites hold nothing, and looks at the span's days only", () => {
    const found = availabilityOn(days, ["2026-11-25"], "self", "t3", "v2");
    expect(found).toEqual({ busyTeams: new Set(), busyVehicles: new Set(), clashes: [] });
    expect(availabilityOn(days, ["2026-11-26"], null, null, "v2").clashes.map((c) => c.kind)).toEqual(["vehicle"]);
  });
});
