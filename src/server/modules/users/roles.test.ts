import { randomUUID } from "node:crypto";
import { permissions } from "@server/db/schema";
import type { AuthContext } from "@server/lib/access";
import { createTestUserWithPermissions, login, setupApp } from "@server/test/helpers";
import { ACCOUNT_TEXTS, type CompanyUser, type Role } from "@shared/accounts";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiOf, type Crew, crewOf } from "./accounts.fixtures";
import { companyAdminCount } from "./admin-guard";
import { unheldCodes } from "./grants";
import { createRolesService } from "./roles.service";

const { app, db } = await setupApp();

const crew = crewOf(app, db);

/** The catalogue's ids by code. */
let permissionId: (code: string) => string;

const api = apiOf(app);

async function createRole(token: string, payload: object): Promise<Role> {
  const res = await api(token, "POST", "/api/company/roles", payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Role;
}

const codesOf = (role: Role) => role.permissions.map((p) => p.code);
const tag = () => randomUUID().slice(0, 8);
const signedIn = async (companyId: string, codes: string[]) =>
  login(app, await createTestUserWithPermissions(db, companyId, codes));

const expectError = (res: { statusCode: number; json: () => unknown }, status: number, message: string) => {
  expect(res.statusCode).toBe(status);
  expect((res.json() as { message: string }).message).toBe(message);
};

const userOf = async (token: string, userId: string) => {
  const res = await api(token, "GET", "/api/company/users");
  return (res.json() as { data: CompanyUser[] }).data.find((u) => u.id === userId);
};

const admins = (companyId: string) => db.run({ companyId }, (tx) => companyAdminCount(tx, companyId));

/** The caller as the auth plugin makes it, holding exactly `held` (any spelling). */
function authOf(c: Crew, held: string[]): AuthContext {
  return {
    userId: c.ids.admin,
    sessionId: randomUUID(),
    companyId: c.id,
    isSuperadmin: false,
    permissions: held,
    user: { ...c.adminLogin.user, role: "Test", permissions: held },
    scope: { companyId: c.id },
  } as unknown as AuthContext;
}

let a: Crew;
let b: Crew;

beforeAll(async () => {
  a = await crew("Rôles SARL");
  b = await crew("Autres Rôles SARL");
  const catalogue = await db.run("platform", (tx) =>
    tx.select({ id: permissions.id, code: permissions.code }).from(permissions),
  );
  const byCode = new Map(catalogue.map((p) => [p.code, p.id]));
  permissionId = (code) => byCode.get(code) ?? "";
});

describe("GET /api/company/roles and /api/company/roles/:id", () => {
  it("lists the company's roles by name with their permissions and number of users", async () => {
    const res = await api(a.token.admin, "GET", "/api/company/roles");
    expect(res.statusCode).toBe(200);
    const list = (res.json() as { data: Role[] }).data;
    expect(list.map((r) => [r.name, r.is_default, r.user_count])).toEqual([
      ["Administrateur", false, 1],
      ["Chef d'équipe", false, 1],
      ["Compagnon", true, 1],
    ]);
    const compagnon = list[2] as Role;
    expect(compagnon.description).toContain("Rôle par défaut");
    expect(codesOf(compagnon)).toEqual([
      "calendar:view",
      "dashboard:view",
      "equipment:view",
      "projects:execute",
      "projects:view",
      "vehicles:view",
    ]);
    expect(compagnon.permissions[0]).toEqual({ id: permissionId("calendar:view"), code: "calendar:view" });
    expect(codesOf(list[0] as Role)).toContain("admin:access");
    expect(codesOf(list[0] as Role).some((c) => c.startsWith("superadmin:"))).toBe(false);
  });

  it("answers one role; 404 for another company's role, an unknown or a malformed id", async () => {
    const res = await api(a.token.admin, "GET", `/api/company/roles/${a.roles.chef}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.roles.chef, name: "Chef d'équipe", user_count: 1 });
    for (const id of [b.roles.chef, randomUUID(), "pas-un-identifiant"]) {
      expectError(await api(a.token.admin, "GET", `/api/company/roles/${id}`), 404, ACCOUNT_TEXTS.roleNotFound);
    }
  });

  it("shows nothing of another company", async () => {
    const res = await api(b.token.admin, "GET", "/api/company/roles");
    expect(res.body).not.toContain(a.roles.admin);
    expect((res.json() as { data: Role[] }).data).toHaveLength(3);
  });
});

describe("POST /api/company/roles", () => {
  it("creates a role, trimmed, with its permissions (duplicates ignored)", async () => {
    const name = `  Conducteur ${tag()}  `;
    const role = await createRole(a.token.admin, {
      name,
      description: "  Conduit les travaux ",
      is_default: true,
      permission_ids: [permissionId("quotes:view"), permissionId("clients:view"), permissionId("quotes:view")],
    });
    expect(role).toMatchObject({
      name: name.trim(),
      description: "Conduit les travaux",
      is_default: true,
      user_count: 0,
    });
    expect(codesOf(role)).toEqual(["clients:view", "quotes:view"]);
    const bare = await createRole(a.token.admin, { name: `Vide ${tag()}`, description: "   " });
    expect(bare).toMatchObject({ description: null, is_default: false, permissions: [] });
  });

  it("refuses a name the company already uses, case aside (409); another company may use it", async () => {
    for (const name of ["administrateur", "  COMPAGNON ", "CHEF D'ÉQUIPE"]) {
      expectError(await api(a.token.admin, "POST", "/api/company/roles", { name }), 409, ACCOUNT_TEXTS.roleNameTaken);
    }
    const name = `Partagé ${tag()}`;
    await createRole(a.token.admin, { name });
    await createRole(b.token.admin, { name: name.toUpperCase() });
  });

  it("refuses a blank, too long or reserved name, in French", async () => {
    for (const [body, message] of [
      [{}, ACCOUNT_TEXTS.roleNameRequired],
      [{ name: "   " }, ACCOUNT_TEXTS.roleNameRequired],
      [{ name: "x".repeat(81) }, ACCOUNT_TEXTS.roleNameTooLong],
      [{ name: " SuperAdmin " }, ACCOUNT_TEXTS.roleNameReserved],
    ] as const) {
      const res = await api(a.token.admin, "POST", "/api/company/roles", body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ details: [{ path: "name", message }] });
    }
  });

  it("refuses SuperAdmin permissions and unknown ids (400)", async () => {
    const superadmin = await api(a.token.admin, "POST", "/api/company/roles", {
      name: `Plateforme ${tag()}`,
      permission_ids: [permissionId("clients:view"), permissionId("superadmin:companies")],
    });
    expectError(superadmin, 400, ACCOUNT_TEXTS.superadminPermission);
    const unknown = await api(a.token.admin, "POST", "/api/company/roles", {
      name: `Inconnu ${tag()}`,
      permission_ids: [randomUUID()],
    });
    expectError(unknown, 400, ACCOUNT_TEXTS.unknownPermission);
  });

  it("needs roles:assign_permissions too when permissions come with it", async () => {
    const creator = await signedIn(a.id, ["roles:create", "quotes:view"]);
    const res = await api(creator.token, "POST", "/api/company/roles", {
      name: `Avec permissions ${tag()}`,
      permission_ids: [permissionId("quotes:view")],
    });
    expect(res.statusCode).toBe(403);
    await createRole(creator.token, { name: `Sans permissions ${tag()}`, permission_ids: [] });
  });

  it("never grants a permission the caller lacks (400 cannotGrantUnheld)", async () => {
    const creator = await signedIn(a.id, ["roles:create", "roles:assign_permissions", "quotes:view"]);
    const res = await api(creator.token, "POST", "/api/company/roles", {
      name: `Escalade ${tag()}`,
      permission_ids: [permissionId("quotes:view"), permissionId("users:delete")],
    });
    expectError(res, 400, ACCOUNT_TEXTS.cannotGrantUnheld);
    const held = await createRole(creator.token, {
      name: `Permise ${tag()}`,
      permission_ids: [permissionId("quotes:view"), permissionId("roles:create")],
    });
    expect(codesOf(held)).toEqual(["quotes:view", "roles:create"]);
  });
});

describe("PUT /api/company/roles/:id", () => {
  it("changes the name, the description and the default flag; the permissions and users stay", async () => {
    const role = await createRole(a.token.admin, {
      name: `Ancien ${tag()}`,
      permission_ids: [permissionId("quotes:view")],
    });
    await api(a.token.admin, "POST", `/api/company/roles/${role.id}/users`, { user_ids: [a.ids.norole] });
    const name = `Nouveau ${tag()}`;
    const res = await api(a.token.admin, "PUT", `/api/company/roles/${role.id}`, {
      name,
      description: "Décrit",
      is_default: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name, description: "Décrit", is_default: true, user_count: 1 });
    expect(codesOf(res.json() as Role)).toEqual(["quotes:view"]);
    // Its own name in another case is no conflict; another role's is.
    const recased = await api(a.token.admin, "PUT", `/api/company/roles/${role.id}`, {
      name: name.toUpperCase(),
      description: null,
      is_default: false,
    });
    expect(recased.statusCode).toBe(200);
    const taken = await api(a.token.admin, "PUT", `/api/company/roles/${role.id}`, {
      name: "chef d'ÉQUIPE",
      description: null,
      is_default: false,
    });
    expectError(taken, 409, ACCOUNT_TEXTS.roleNameTaken);
    await api(a.token.admin, "DELETE", `/api/company/roles/${role.id}`);
  });

  it("answers 404 for another company's role", async () => {
    const res = await api(b.token.admin, "PUT", `/api/company/roles/${a.roles.chef}`, {
      name: "Pris",
      description: null,
      is_default: false,
    });
    expectError(res, 404, ACCOUNT_TEXTS.roleNotFound);
  });
});

describe("DELETE /api/company/roles/:id", () => {
  it("deletes a role with its links to users and permissions", async () => {
    const role = await createRole(a.token.admin, {
      name: `Éphémère ${tag()}`,
      permission_ids: [permissionId("clients:view")],
    });
    await api(a.token.admin, "POST", `/api/company/roles/${role.id}/users`, { user_ids: [a.ids.norole] });
    expect((await userOf(a.token.admin, a.ids.norole))?.roles.map((r) => r.id)).toEqual([role.id]);
    const res = await api(a.token.admin, "DELETE", `/api/company/roles/${role.id}`);
    expect(res.statusCode).toBe(204);
    expect((await api(a.token.admin, "GET", `/api/company/roles/${role.id}`)).statusCode).toBe(404);
    expect((await userOf(a.token.admin, a.ids.norole))?.roles).toEqual([]);
    const links = await db.run("platform", async (tx) => {
      const { rows } = await tx.execute<{ n: number }>(
        sql`SELECT (SELECT count(*) FROM user_roles WHERE role_id = ${role.id})
          + (SELECT count(*) FROM role_permissions WHERE role_id = ${role.id}) AS n`,
      );
      return Number(rows[0]?.n);
    });
    expect(links).toBe(0);
  });

  it("keeps a default role (409 defaultRoleLocked)", async () => {
    expectError(
      await api(a.token.admin, "DELETE", `/api/company/roles/${a.roles.compagnon}`),
      409,
      ACCOUNT_TEXTS.defaultRoleLocked,
    );
    expect((await api(a.token.admin, "GET", `/api/company/roles/${a.roles.compagnon}`)).statusCode).toBe(200);
  });

  it("answers 404 for another company's role, and leaves it", async () => {
    const role = await createRole(b.token.admin, { name: `À garder ${tag()}` });
    expectError(await api(a.token.admin, "DELETE", `/api/company/roles/${role.id}`), 404, ACCOUNT_TEXTS.roleNotFound);
    expect((await api(b.token.admin, "GET", `/api/company/roles/${role.id}`)).statusCode).toBe(200);
  });

  it("keeps the role that makes the last administrator (409 lastAdmin)", async () => {
    const c = await crew("Suppression Admin SARL");
    expectError(
      await api(c.token.admin, "DELETE", `/api/company/roles/${c.roles.admin}`),
      409,
      ACCOUNT_TEXTS.lastAdmin,
    );
    expect(await admins(c.id)).toBe(1);
  });
});

describe("POST /api/company/roles/:id/permissions", () => {
  it("replaces the role's permissions", async () => {
    const role = await createRole(a.token.admin, {
      name: `Permissions ${tag()}`,
      permission_ids: [permissionId("clients:view")],
    });
    const res = await api(a.token.admin, "POST", `/api/company/roles/${role.id}/permissions`, {
      permission_ids: [permissionId("quotes:view"), permissionId("quotes:create"), permissionId("quotes:view")],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(codesOf(res.json() as Role)).toEqual(["quotes:create", "quotes:view"]);
    const emptied = await api(a.token.admin, "POST", `/api/company/roles/${role.id}/permissions`, {
      permission_ids: [],
    });
    expect((emptied.json() as Role).permissions).toEqual([]);
  });

  it("applies to the role's users at their next request, without signing in again", async () => {
    const c = await crew("Permission Immédiate SARL");
    const compagnonRole = (await api(c.token.admin, "GET", `/api/company/roles/${c.roles.compagnon}`)).json() as Role;
    const without = compagnonRole.permissions.filter((p) => p.code !== "quotes:view").map((p) => p.id);
    const url = `/api/company/roles/${c.roles.compagnon}/permissions`;
    expect((await api(c.token.admin, "POST", url, { permission_ids: without })).statusCode).toBe(200);
    expect((await api(c.token.compagnon, "GET", "/api/quotes")).statusCode).toBe(403);
    const granted = [...without, permissionId("quotes:view")];
    expect((await api(c.token.admin, "POST", url, { permission_ids: granted })).statusCode).toBe(200);
    expect((await api(c.token.compagnon, "GET", "/api/quotes")).statusCode).toBe(200);
    expect((await api(c.token.admin, "POST", url, { permission_ids: without })).statusCode).toBe(200);
    expect((await api(c.token.compagnon, "GET", "/api/quotes")).statusCode).toBe(403);
  });

  it("refuses SuperAdmin permissions, unknown ids and permissions the caller lacks (400), changing nothing", async () => {
    const role = await createRole(a.token.admin, {
      name: `Refus ${tag()}`,
      permission_ids: [permissionId("users:view")],
    });
    const url = `/api/company/roles/${role.id}/permissions`;
    expectError(
      await api(a.token.admin, "POST", url, { permission_ids: [permissionId("superadmin:access")] }),
      400,
      ACCOUNT_TEXTS.superadminPermission,
    );
    expectError(
      await api(a.token.admin, "POST", url, { permission_ids: [randomUUID()] }),
      400,
      ACCOUNT_TEXTS.unknownPermission,
    );
    const editor = await signedIn(a.id, ["roles:assign_permissions", "quotes:view"]);
    expectError(
      await api(editor.token, "POST", url, {
        permission_ids: [permissionId("users:view"), permissionId("clients:view")],
      }),
      400,
      ACCOUNT_TEXTS.cannotGrantUnheld,
    );
    // What the role already holds is not given again: he may keep it while adding what he holds.
    const kept = await api(editor.token, "POST", url, {
      permission_ids: [permissionId("users:view"), permissionId("quotes:view")],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(codesOf(kept.json() as Role)).toEqual(["quotes:view", "users:view"]);
    // Nor can he give himself more through his own role.
    const own = (await userOf(a.token.admin, editor.user.id))?.roles[0]?.id ?? "";
    expectError(
      await api(editor.token, "POST", `/api/company/roles/${own}/permissions`, {
        permission_ids: [
          permissionId("roles:assign_permissions"),
          permissionId("quotes:view"),
          permissionId("admin:access"),
        ],
      }),
      400,
      ACCOUNT_TEXTS.cannotGrantUnheld,
    );
  });

  it("keeps admin:access on the last administrator's role (409 lastAdmin)", async () => {
    const c = await crew("Permissions Admin SARL");
    const adminRole = (await api(c.token.admin, "GET", `/api/company/roles/${c.roles.admin}`)).json() as Role;
    const withoutAdmin = adminRole.permissions.filter((p) => p.code !== "admin:access").map((p) => p.id);
    const res = await api(c.token.admin, "POST", `/api/company/roles/${c.roles.admin}/permissions`, {
      permission_ids: withoutAdmin,
    });
    expectError(res, 409, ACCOUNT_TEXTS.lastAdmin);
    const after = (await api(c.token.admin, "GET", `/api/company/roles/${c.roles.admin}`)).json() as Role;
    expect(codesOf(after)).toContain("admin:access");
  });
});

describe("POST and DELETE /api/company/roles/:id/users", () => {
  it("adds and removes users; those already in (or not in) the role are left as they are", async () => {
    const role = await createRole(a.token.admin, { name: `Membres ${tag()}` });
    const url = `/api/company/roles/${role.id}/users`;
    const added = await api(a.token.admin, "POST", url, { user_ids: [a.ids.chef, a.ids.compagnon, a.ids.chef] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ id: role.id, user_count: 2 });
    const again = await api(a.token.admin, "POST", url, { user_ids: [a.ids.chef] });
    expect(again.json()).toMatchObject({ user_count: 2 });
    expect((await userOf(a.token.admin, a.ids.chef))?.roles.map((r) => r.name)).toEqual(["Chef d'équipe", role.name]);
    const removed = await api(a.token.admin, "DELETE", url, { user_ids: [a.ids.chef, a.ids.norole] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ user_count: 1 });
    expect((await userOf(a.token.admin, a.ids.chef))?.roles.map((r) => r.name)).toEqual(["Chef d'équipe"]);
    const listed = await api(a.token.admin, "GET", `/api/company/users?role_id=${role.id}`);
    expect((listed.json() as { data: CompanyUser[] }).data.map((u) => u.id)).toEqual([a.ids.compagnon]);
  });

  it("refuses an empty selection in the spec's words, and another company's or an unknown user (400)", async () => {
    const role = await createRole(a.token.admin, { name: `Sélection ${tag()}` });
    const url = `/api/company/roles/${role.id}/users`;
    for (const method of ["POST", "DELETE"] as const) {
      const empty = await api(a.token.admin, method, url, { user_ids: [] });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ details: [{ path: "user_ids", message: ACCOUNT_TEXTS.selectUsers }] });
      for (const userId of [b.ids.compagnon, randomUUID()]) {
        const res = await api(a.token.admin, method, url, { user_ids: [a.ids.norole, userId] });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          message: ACCOUNT_TEXTS.unknownUser,
          details: [{ path: "user_ids", message: ACCOUNT_TEXTS.unknownUser }],
        });
      }
    }
    expect(((await api(a.token.admin, "GET", `/api/company/roles/${role.id}`)).json() as Role).user_count).toBe(0);
    expect((await userOf(b.token.admin, b.ids.compagnon))?.roles.map((r) => r.id)).toEqual([b.roles.compagnon]);
  });

  it("answers 404 for another company's role", async () => {
    for (const method of ["POST", "DELETE"] as const) {
      expectError(
        await api(b.token.admin, method, `/api/company/roles/${a.roles.admin}/users`, { user_ids: [b.ids.norole] }),
        404,
        ACCOUNT_TEXTS.roleNotFound,
      );
    }
    expect(await admins(b.id)).toBe(1);
  });

  it("gives a role only to a caller holding all its permissions (400 cannotGrantUnheld)", async () => {
    const assigner = await signedIn(a.id, ["roles:assign_users", "quotes:view"]);
    for (const roleId of [a.roles.admin, a.roles.compagnon]) {
      for (const userId of [a.ids.norole, assigner.user.id]) {
        expectError(
          await api(assigner.token, "POST", `/api/company/roles/${roleId}/users`, { user_ids: [userId] }),
          400,
          ACCOUNT_TEXTS.cannotGrantUnheld,
        );
      }
    }
    const quotes = await createRole(a.token.admin, {
      name: `Devis seuls ${tag()}`,
      permission_ids: [permissionId("quotes:view")],
    });
    const res = await api(assigner.token, "POST", `/api/company/roles/${quotes.id}/users`, {
      user_ids: [a.ids.norole],
    });
    expect(res.statusCode, res.body).toBe(200);
    // Taking a role away grants nothing.
    const removed = await api(assigner.token, "DELETE", `/api/company/roles/${a.roles.chef}/users`, {
      user_ids: [a.ids.norole],
    });
    expect(removed.statusCode).toBe(200);
    await api(a.token.admin, "DELETE", `/api/company/roles/${quotes.id}`);
  });

  it("never adds or takes a role of a user holding a permission the caller lacks (403 cannotActOnStronger)", async () => {
    const c = await crew("Rôles Cibles SARL");
    const assigner = await signedIn(c.id, ["roles:assign_users", "quotes:view"]);
    const quotes = await createRole(c.token.admin, {
      name: `Devis seuls ${tag()}`,
      permission_ids: [permissionId("quotes:view")],
    });
    const calls: [string, "POST" | "DELETE", string, string][] = [
      ["a role given to the administrator", "POST", quotes.id, c.ids.admin],
      ["a role given to a Chef d'équipe", "POST", quotes.id, c.ids.chef],
      ["the administrator's role taken", "DELETE", c.roles.admin, c.ids.admin],
      ["the Chef d'équipe's role taken", "DELETE", c.roles.chef, c.ids.chef],
    ];
    for (const [what, method, roleId, userId] of calls) {
      const res = await api(assigner.token, method, `/api/company/roles/${roleId}/users`, { user_ids: [userId] });
      expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
      expect((res.json() as { message: string }).message, what).toBe(ACCOUNT_TEXTS.cannotActOnStronger);
    }
    expect((await userOf(c.token.admin, c.ids.admin))?.roles.map((r) => r.id)).toEqual([c.roles.admin]);
    expect((await userOf(c.token.admin, c.ids.chef))?.roles.map((r) => r.id)).toEqual([c.roles.chef]);
    // A user holding nothing the assigner lacks: given and taken; himself too.
    for (const userId of [c.ids.norole, assigner.user.id]) {
      const url = `/api/company/roles/${quotes.id}/users`;
      expect((await api(assigner.token, "POST", url, { user_ids: [userId] })).statusCode).toBe(200);
      expect((await api(assigner.token, "DELETE", url, { user_ids: [userId] })).statusCode).toBe(200);
    }
    // Naming a stronger user who does not hold the role takes nothing from him: left as is.
    const res = await api(assigner.token, "DELETE", `/api/company/roles/${quotes.id}/users`, {
      user_ids: [c.ids.admin],
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("accepts both spellings of roles:assign_users", async () => {
    const role = await createRole(a.token.admin, { name: `Orthographes ${tag()}` });
    // Held as the catalogue writes it (colon), through HTTP.
    const colon = await signedIn(a.id, ["roles:assign_users"]);
    const url = `/api/company/roles/${role.id}/users`;
    expect((await api(colon.token, "POST", url, { user_ids: [a.ids.norole] })).statusCode).toBe(200);
    expect((await api(colon.token, "DELETE", url, { user_ids: [a.ids.norole] })).statusCode).toBe(200);
    // Held dotted: the service's check reads it as the same permission.
    const service = createRolesService(db);
    const dotted = authOf(a, ["roles.assign_users"]);
    expect((await service.addUsers(dotted, role.id, { user_ids: [a.ids.norole] })).user_count).toBe(1);
    expect((await service.removeUsers(dotted, role.id, { user_ids: [a.ids.norole] })).user_count).toBe(0);
    await expect(
      service.addUsers(authOf(a, ["roles.view"]), role.id, { user_ids: [a.ids.norole] }),
    ).rejects.toMatchObject({
      statusCode: 403,
    });
    // And a permission held dotted may be granted.
    expect(unheldCodes(authOf(a, ["quotes.view", "clients:*"]), ["quotes:view", "clients:edit", "users:view"])).toEqual(
      ["users:view"],
    );
  });

  it("keeps the last administrator in his role (409 lastAdmin)", async () => {
    const c = await crew("Retrait Admin SARL");
    const res = await api(c.token.admin, "DELETE", `/api/company/roles/${c.roles.admin}/users`, {
      user_ids: [c.ids.admin],
    });
    expectError(res, 409, ACCOUNT_TEXTS.lastAdmin);
    expect((await userOf(c.token.admin, c.ids.admin))?.is_admin).toBe(true);
  });
});

describe("a role's holders holding more (no takeover, issue 31)", () => {
  it("refuses to delete a role, or take permissions from it, when a holder holds a permission the caller lacks (403)", async () => {
    const c = await crew("Rôles Détenus SARL");
    const editor = await signedIn(c.id, ["roles:view", "roles:assign_permissions", "roles:delete", "quotes:view"]);
    const role = await createRole(c.token.admin, {
      name: `Devis partagés ${tag()}`,
      permission_ids: [permissionId("quotes:view")],
    });
    const url = `/api/company/roles/${role.id}`;
    expect((await api(c.token.admin, "POST", `${url}/users`, { user_ids: [c.ids.chef] })).statusCode).toBe(200);
    const refusals: [string, "POST" | "DELETE", string, object | undefined][] = [
      ["a permission taken from a Chef d'équipe's role", "POST", `${url}/permissions`, { permission_ids: [] }],
      ["the role of a Chef d'équipe deleted", "DELETE", url, undefined],
      [
        "a permission taken from the administrator's role",
        "POST",
        `/api/company/roles/${c.roles.admin}/permissions`,
        { permission_ids: [permissionId("admin:access")] },
      ],
      ["the administrator's role deleted", "DELETE", `/api/company/roles/${c.roles.admin}`, undefined],
    ];
    for (const [what, method, target, body] of refusals) {
      const res = await api(editor.token, method, target, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
      expect((res.json() as { message: string }).message, what).toBe(ACCOUNT_TEXTS.roleHolderStronger);
    }
    expect(codesOf((await api(c.token.admin, "GET", url)).json() as Role)).toEqual(["quotes:view"]);
    expect((await userOf(c.token.admin, c.ids.admin))?.is_admin).toBe(true);
    // Adding what he holds to such a role takes nothing from anyone.
    const added = await api(editor.token, "POST", `${url}/permissions`, {
      permission_ids: [permissionId("quotes:view"), permissionId("roles:view")],
    });
    expect(added.statusCode, added.body).toBe(200);
    // Held by someone holding no more than him: taken, then deleted.
    await api(c.token.admin, "DELETE", `${url}/users`, { user_ids: [c.ids.chef] });
    await api(c.token.admin, "POST", `${url}/users`, { user_ids: [c.ids.norole] });
    expect((await api(editor.token, "POST", `${url}/permissions`, { permission_ids: [] })).statusCode).toBe(200);
    expect((await api(editor.token, "DELETE", url)).statusCode).toBe(204);
  });
});

describe("who may manage roles", () => {
  it("refuses every roles route to a Compagnon and to a user without role (403)", async () => {
    const id = a.roles.compagnon;
    const calls: [method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: object][] = [
      ["GET", "/api/company/roles"],
      ["GET", `/api/company/roles/${id}`],
      ["POST", "/api/company/roles", { name: `Interdit ${tag()}` }],
      ["PUT", `/api/company/roles/${id}`, { name: "Interdit", description: null, is_default: true }],
      ["DELETE", `/api/company/roles/${a.roles.chef}`],
      ["POST", `/api/company/roles/${id}/permissions`, { permission_ids: [] }],
      ["POST", `/api/company/roles/${id}/users`, { user_ids: [a.ids.norole] }],
      ["DELETE", `/api/company/roles/${id}/users`, { user_ids: [a.ids.compagnon] }],
    ];
    for (const token of [a.token.compagnon, a.token.norole]) {
      for (const [method, url, body] of calls) {
        expect((await api(token, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      }
    }
    // A Chef d'équipe holds no roles permission either.
    expect((await api(a.token.chef, "GET", "/api/company/roles")).statusCode).toBe(403);
    expect((await api(a.token.admin, "GET", `/api/company/roles/${a.roles.chef}`)).statusCode).toBe(200);
  });
});
