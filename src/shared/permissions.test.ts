import { describe, expect, it } from "vitest";
import {
  COMPANY_PERMISSION_CODES,
  DEFAULT_ROLES,
  expandPermissionCodes,
  hasAllPermissions,
  hasAnyPermission,
  hasPermission,
  hasRole,
  isAdmin,
  isTeamLeader,
  normalisePermission,
  PERMISSION_CATALOGUE,
} from "./permissions";

describe("hasPermission (docs/domain/permissions.md#check)", () => {
  it.each([
    // subject, permission, expected
    [{ role: "superadmin", permissions: [] }, "clients:view", true],
    [{ role: "SuperAdmin", permissions: null }, "anything:at_all", true],
    [{ role: "Compagnon", permissions: [] }, "clients:view", false],
    [{ role: "Compagnon", permissions: null }, "clients:view", false],
    [{ role: null, permissions: ["*"] }, "roles:delete", true],
    [{ role: null, permissions: ["clients:*"] }, "clients:delete", true],
    [{ role: null, permissions: ["clients:*"] }, "clients.delete", true],
    [{ role: null, permissions: ["clients:*"] }, "quotes:view", false],
    [{ role: null, permissions: ["clients:view"] }, "clients:view", true],
    [{ role: null, permissions: ["clients:view"] }, "clients.view", true],
    [{ role: null, permissions: ["clients.view"] }, "clients:view", true],
    [{ role: null, permissions: ["clients:view"] }, "clients:edit", false],
    [{ role: null, permissions: ["roles:assign_users"] }, "roles.assign_users", true],
    [{ role: null, permissions: ["clientsview"] }, "clients:view", false],
  ])("%j asks %s → %s", (subject, permission, expected) => {
    expect(hasPermission(subject, permission)).toBe(expected);
  });

  it("denies an unauthenticated user everything", () => {
    expect(hasPermission(null, "clients:view")).toBe(false);
    expect(hasAnyPermission(undefined, ["clients:view"])).toBe(false);
    expect(hasAllPermissions(null, [])).toBe(false);
  });

  it("changes only the first dot", () => {
    expect(normalisePermission("a.b.c")).toBe("a:b.c");
    expect(normalisePermission("a:b")).toBe("a:b");
  });

  it("any / all pass for the superadmin and '*'", () => {
    expect(hasAllPermissions({ role: "superadmin" }, ["x:y", "z:w"])).toBe(true);
    expect(hasAnyPermission({ permissions: ["*"] }, ["x:y"])).toBe(true);
    expect(hasAllPermissions({ permissions: ["a:b"] }, ["a:b", "c:d"])).toBe(false);
    expect(hasAnyPermission({ permissions: ["a:b"] }, ["a:b", "c:d"])).toBe(true);
  });

  it("admin and team leader readings", () => {
    expect(isAdmin({ permissions: ["admin:access"] })).toBe(true);
    expect(isAdmin({ permissions: ["team:manage"] })).toBe(false);
    expect(isTeamLeader({ permissions: ["team:manage"] })).toBe(true);
    expect(isTeamLeader({ permissions: ["admin:access"] })).toBe(true);
    expect(isTeamLeader({ permissions: ["calendar:view"] })).toBe(false);
    expect(isTeamLeader({ role: "superadmin" })).toBe(true);
  });

  it("hasRole matches names case-insensitively", () => {
    expect(hasRole({ roles: [{ name: "Chef d'équipe" }] }, "chef d'ÉQUIPE".toLowerCase())).toBe(true);
    expect(hasRole({ roles: [] }, "admin")).toBe(false);
  });
});

describe("catalogue and default roles", () => {
  it("has unique codes in area:action form and covers the codes the spec names", () => {
    const codes = PERMISSION_CATALOGUE.map((p) => p.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[a-z]+:[a-z_]+$/);
    for (const named of [
      "admin:access",
      "team:manage",
      "team:view",
      "calendar:view",
      "users:view",
      "roles:view",
      "roles:create",
      "roles:edit",
      "roles:delete",
      "roles:assign_users",
      "roles:assign_permissions",
      "teams:view",
      "teams:create",
      "teams:edit",
      "teams:delete",
      "clients:view",
      "clients:create",
      "clients:edit",
      "clients:delete",
    ]) {
      expect(codes).toContain(named);
    }
  });

  it("expands wildcards to concrete codes and drops unknown ones", () => {
    expect(expandPermissionCodes(["clients:*"])).toEqual([
      "clients:create",
      "clients:delete",
      "clients:edit",
      "clients:view",
    ]);
    expect(expandPermissionCodes(["nope:view", "calendar.view"])).toEqual(["calendar:view"]);
  });

  it("gives Administrateur everything but the platform, Compagnon is the default role", () => {
    const admin = DEFAULT_ROLES.find((r) => r.name === "Administrateur");
    expect(expandPermissionCodes(admin?.permissions ?? [])).toEqual([...COMPANY_PERMISSION_CODES].sort());
    expect(COMPANY_PERMISSION_CODES.some((c) => c.startsWith("superadmin:"))).toBe(false);
    expect(DEFAULT_ROLES.filter((r) => r.isDefault).map((r) => r.name)).toEqual(["Compagnon"]);
    const chef = expandPermissionCodes(DEFAULT_ROLES.find((r) => r.name === "Chef d'équipe")?.permissions ?? []);
    expect(chef).toContain("team:manage");
    expect(chef).not.toContain("admin:access");
    expect(chef).not.toContain("users:view");
  });
});
