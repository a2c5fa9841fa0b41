import { authUserSchema } from "@shared/auth";
import { describe, expect, it } from "vitest";
import { normaliseAuthUser } from "./auth-user";

describe("normaliseAuthUser", () => {
  it("applies the spec's defaults and reads company_id", () => {
    const user = normaliseAuthUser({ id: "u1", email: "a@b.fr", full_name: "Jean Durand", company_id: "c1" });
    expect(user).toEqual({
      id: "u1",
      email: "a@b.fr",
      full_name: "Jean Durand",
      avatarUrl: null,
      companyId: "c1",
      company_id: "c1",
      company_name: null,
      role: null,
      roles: [],
      permissions: [],
    });
    // What it builds satisfies the shared contract.
    expect(authUserSchema.safeParse(user).success).toBe(true);
  });

  it("keeps a full server user as is", () => {
    const server = {
      id: "u2",
      email: "chef@durand-renovation.fr",
      full_name: "Marc Petit",
      avatarUrl: null,
      companyId: "c1",
      company_id: "c1",
      company_name: "Durand Rénovation",
      role: "Chef d'équipe",
      roles: [{ id: "r1", name: "Chef d'équipe" }],
      permissions: ["team:manage", "clients:*"],
    };
    expect(normaliseAuthUser(server)).toEqual(server);
  });

  it("refuses what is not a user", () => {
    expect(normaliseAuthUser(null)).toBeNull();
    expect(normaliseAuthUser("x")).toBeNull();
    expect(normaliseAuthUser({ email: "a@b.fr" })).toBeNull();
    expect(normaliseAuthUser({ id: "u1" })).toBeNull();
  });

  it("drops malformed roles and permissions", () => {
    const user = normaliseAuthUser({
      id: "u1",
      email: "a@b.fr",
      roles: [null, { name: "Compagnon" }],
      permissions: ["a:b", 3],
    });
    expect(user?.roles).toEqual([{ id: "", name: "Compagnon" }]);
    expect(user?.permissions).toEqual(["a:b"]);
  });
});
