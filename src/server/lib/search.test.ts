import { describe, expect, it } from "vitest";
import { containsPattern } from "./search";

describe("containsPattern", () => {
  it("lower-cases the term and surrounds it with wildcards", () => {
    expect(containsPattern("Dupont")).toBe("%dupont%");
  });

  it("takes %, _ and the escape character literally", () => {
    expect(containsPattern("50%_off\\x")).toBe("%50\\%\\_off\\\\x%");
  });
});
