import { describe, expect, it } from "vitest";
import { clientInitials, formatClientSinceShort } from "./client-format";

describe("'Client depuis'", () => {
  it("gives the month and year on the card", () => {
    expect(formatClientSinceShort("2026-11-22T12:00:00.000Z")).toBe("novembre 2026");
    expect(formatClientSinceShort("2025-08-03T12:00:00Z")).toBe("août 2025");
  });

  it("gives nothing for a missing or unreadable date", () => {
    expect(formatClientSinceShort(null)).toBeNull();
    expect(formatClientSinceShort("pas une date")).toBeNull();
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
