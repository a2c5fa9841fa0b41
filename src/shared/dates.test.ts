import { describe, expect, it } from "vitest";
import { addDays, parisToday } from "./dates";
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
});

describe("references", () => {
  it("formats per kind with four digits", () => {
    expect(formatReference("quote", 2026, 1)).toBe("DEV-2026-0001");
    expect(formatReference("invoice", 2026, 12345)).toBe("FAC-2026-12345");
    expect(formatReference("credit_note", 2027, 7)).toBe("AV-2027-0007");
  });
});
