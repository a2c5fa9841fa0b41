import { describe, expect, it } from "vitest";
import { isStillReferenced, isUniqueViolation } from "./pg-errors";

const pg = (code: string, constraint?: string) => Object.assign(new Error("pg"), { code, constraint });
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query"), { cause });

describe("PostgreSQL errors", () => {
  it("a row still referenced: RESTRICT (23001) and NO ACTION (23503), wrapped by Drizzle or not", () => {
    expect(isStillReferenced(pg("23001"))).toBe(true);
    expect(isStillReferenced(wrapped(pg("23503")))).toBe(true);
    expect(isStillReferenced(pg("23505"))).toBe(false);
    expect(isStillReferenced(new Error("réseau"))).toBe(false);
    expect(isStillReferenced(null)).toBe(false);
  });

  it("a unique violation, of a given constraint when named", () => {
    expect(isUniqueViolation(wrapped(pg("23505", "vehicles_company_registration_key")))).toBe(true);
    expect(
      isUniqueViolation(pg("23505", "vehicles_company_registration_key"), "vehicles_company_registration_key"),
    ).toBe(true);
    expect(isUniqueViolation(pg("23505", "projects_quote_key"), "vehicles_company_registration_key")).toBe(false);
    expect(isUniqueViolation(pg("23001"))).toBe(false);
  });
});
