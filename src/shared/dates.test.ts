import { describe, expect, it } from "vitest";
import { addDays, dayNumber, dayOfNumber, isIsoDay, parisToday, weekdayOfNumber } from "./dates";
import { formatReference } from "./references";

describe("business dates", () => {
  it("takes today's date in Paris, not UTC", () => {
    expect(parisToday(new Date("2026-11-22T23:30:00Z"))).toBe("2026-11-23");
    expect(parisToday(new Date("2026-07-01T21:59:00Z"))).toBe("2026-07-01");
    expect(parisToday(new Date("2026-07-01T22:00:00Z"))).toBe("2026-07-02");
  });

  it("adds calendar days across months, years and DST changes", () => {
    expect(addDays("2026-01-31", 30)).toBe("2026-03-02");
    expect(addDays("2026-12-15", 30)).toBe("2027-01-14");
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });

  it("counts days as Date does, over four centuries and across every leap rule", () => {
    const start = Date.UTC(1899, 11, 25);
    const wrong: string[] = [];
    let checked = 0;
    for (let n = 0; n < 400 * 366; n += 1) {
      const date = new Date(start + n * 86_400_000);
      const iso = date.toISOString().slice(0, 10);
      const number = dayNumber(iso);
      const weekday = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
      if (number !== Math.round(date.getTime() / 86_400_000) || dayOfNumber(number) !== iso) wrong.push(iso);
      if (weekdayOfNumber(number) !== weekday) wrong.push(`${iso} (jour)`);
      checked += 1;
    }
    expect(checked).toBe(146_400);
    expect(wrong).toEqual([]);
  });

  it("rolls an overflowing day over as Date does, and refuses what is no date", () => {
    expect(addDays("2026-02-30", 0)).toBe("2026-03-02");
    expect(addDays("2026-11-00", 0)).toBe("2026-10-31");
    expect(() => dayNumber("23/11/2026")).toThrow(RangeError);
    expect(() => dayNumber("2026-13-01")).toThrow(RangeError);
    expect(() => dayNumber("")).toThrow(RangeError);
  });
});

describe("isIsoDay", () => {
  it("takes a real calendar day from 1900 to 2999, nothing else (issue 31)", () => {
    for (const day of ["2026-02-28", "2024-02-29", "1900-01-01", "2999-12-31"]) expect(isIsoDay(day), day).toBe(true);
    for (const day of [
      "2026-13-02",
      "2026-02-30",
      "2025-02-29",
      "lundi",
      "02/03/2026",
      "0000-01-01",
      "1899-12-31",
      "3000-01-01",
      "9999-12-31",
      "2026-1-02",
      " 2026-01-02",
    ]) {
      expect(isIsoDay(day), day).toBe(false);
    }
  });
});

describe("references", () => {
  it("formats per kind with four digits", () => {
    expect(formatReference("quote", 2026, 1)).toBe("DEV-2026-0001");
    expect(formatReference("invoice", 2026, 12345)).toBe("FAC-2026-12345");
    expect(formatReference("credit_note", 2027, 7)).toBe("AV-2027-0007");
  });
});
