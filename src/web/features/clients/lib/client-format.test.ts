import { describe, expect, it } from "vitest";
import { clientInitials, formatClientSinceShort, formatLongFrenchDate, formatPercent } from "./client-format";

describe("'Client depuis'", () => {
  it("gives the month and year on the card", () => {
    expect(formatClientSinceShort("2026-11-22T12:00:00.000Z")).toBe("novembre 2026");
    expect(formatClientSinceShort("2025-08-03T12:00:00Z")).toBe("août 2025");
  });

  it("gives the day, long month and year in the detail", () => {
    expect(formatLongFrenchDate("2026-11-22T12:00:00.000Z")).toBe("22 novembre 2026");
    expect(formatLongFrenchDate("2026-02-01")).toBe("1 février 2026");
  });

  it("gives nothing for a missing or unreadable date", () => {
    expect(formatClientSinceShort(null)).toBeNull();
    expect(formatLongFrenchDate("pas une date")).toBeNull();
  });
});

describe("formatPercent", () => {
  it("has one decimal, French style", () => {
    // The space before % is a no-break space (narrow or not depending on the ICU version).
    const plain = (s: string) => s.replace(/\s/g, " ");
    expect(plain(formatPercent(66.66666))).toBe("66,7 %");
    expect(plain(formatPercent(12.5))).toBe("12,5 %");
    expect(plain(formatPercent(0))).toBe("0,0 %");
    expect(plain(formatPercent(100))).toBe("100,0 %");
  });
});

describe("clientInitials", () => {
  it("takes the first letters of the first two words", () => {
    expect(clientInitials("Jean Dupont")).toBe("JD");
    expect(clientInitials("élise  martin")).toBe("ÉM");
    expect(clientInitials("Boulangerie")).toBe("BO");
    expect(clientInitials("<script>alert(1)</script>")).toBe("SC");
    expect(clientInitials("   ")).toBe("?");
  });
});
