import { describe, expect, it } from "vitest";
import { validityDays, validUntilForToday } from "./validity-preview";

describe("validityDays", () => {
  it("reads whole days from 1 to 365, '' as 30", () => {
    expect(validityDays("")).toBe(30);
    expect(validityDays("  ")).toBe(30);
    expect(validityDays("1")).toBe(1);
    expect(validityDays(" 45 ")).toBe(45);
    expect(validityDays("365")).toBe(365);
  });

  it.each(["0", "366", "4.5", "-3", "1e2", "abc"])("has no value for %s", (raw) => {
    expect(validityDays(raw)).toBeNull();
  });
});

describe("validUntilForToday", () => {
  it("adds the days to today in Paris, shown dd/MM/yyyy", () => {
    // 23:30 UTC on 31 December is already 1 January in Paris.
    const now = new Date("2026-12-31T23:30:00Z");
    expect(validUntilForToday("30", now)).toBe("31/01/2027");
    expect(validUntilForToday("", now)).toBe("31/01/2027");
    expect(validUntilForToday("45", new Date("2026-11-22T10:00:00Z"))).toBe("06/01/2027");
    expect(validUntilForToday("0", now)).toBeNull();
  });
});
