import { describe, expect, it } from "vitest";
import { displayName } from "./display-name";

describe("displayName", () => {
  it("names a user « Sans nom » when the name is blank", () => {
    expect(displayName("  ", "Sans nom")).toBe("Sans nom");
    expect(displayName(null, "Sans nom")).toBe("Sans nom");
    expect(displayName(" Julien Moreau ", "Sans nom")).toBe("Julien Moreau");
  });
});
