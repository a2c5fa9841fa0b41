import { randomUUID } from "node:crypto";
import type { Database, Db } from "@server/db/client";
import { users } from "@server/db/schema";
import type { AuthContext } from "@server/lib/access";
import { createTestUserWithPermissions, login, setupApp } from "@server/test/helpers";
import { ACCOUNT_TEXTS, type CompanyUser } from "@shared/accounts";
import { DEFAULT_ROLES, expandPermissionCodes } from "@shared/permissions";
import { eq, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiOf, type Crew, crewOf } from "./accounts.fixtures";
import { companyAdminCount } from "./admin-guard";
import { createCompanyUsersService } from "./company-users.service";
import { usersRepository } from "./users.repository";

const { app, db } = await setupApp();

const crew = crewOf(app, db);
const api = apiOf(app);

const setRoles = (token: string, userId: string, roleIds: string[]) =>
  api(token, "POST", `/api/company/user-roles/user/${userId}`, { role_ids: roleIds });

const listOf = async (token: string, query = "") => {
  const res = await api(token, "GET", `/api/company/users${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: CompanyUser[] }).data;
};

/** A user of the company made in the database (no password: an invitation pending), or deactivated. */
async function extraUser(
  companyId: string,
  fullName: string,
  options: { email?: string; pending?: boolean; inactive?: boolean; roleIds?: string[] } = {},
): Promise<string> {
  return db.run("platform", async (tx) => {
    const id = await usersRepository.create(tx, {
      companyId,
      email: options.email ?? `extra-${randomUUID().slice(0, 8)}@test.fr`,
      fullName,
      passwordHash: options.pending ? null : "x",
      roleIds: options.roleIds ?? [],
    });
    if (options.inactive) await tx.update(users).set({ isActive: false }).where(eq(users.id, id));
    return id;
  });
}

/** The concrete permission codes of a default role (`DEFAULT_ROLES`). */
const roleCodes = (name: string) =>
  expandPermissionCodes(DEFAULT_ROLES.find((r) => r.name === name)?.permissions ?? []);

/** The user's id, by e-mail. */
async function idOf(email: string): Promise<string> {
  const [row] = await db.run("platform", (tx) => tx.select({ id: users.id }).from(users).where(eq(users.email, email)));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** The caller as the auth plugin makes it, from a sign-in's answer. */
function authOf(companyId: string, signedIn: Awaited<ReturnType<typeof login>>): AuthContext {
  return {
    userId: signedIn.user.id,
    sessionId: randomUUID(),
    companyId,
    isSuperadmin: false,
    permissions: signedIn.user.permissions,
    user: signedIn.user,
    scope: { companyId },
  } as unknown as AuthContext;
}

/**
 * The database, where each transaction waits for the other (300 ms at most) before counting the
 * company's administrators: two changes cross exactly there, unless the company lock serialises them.
 */
function racing(): Database {
  let arrived = 0;
  let release = () => {};
  const both = new Promise<void>((resolve) => {
    release = resolve;
  });
  const meet = () => {
    arrived += 1;
    if (arrived === 2) release();
    return Promise.race([both, new Promise((resolve) => setTimeout(resolve, 300))]);
  };
  const isAdminCount = (query: unknown) =>
    ((query as SQL).queryChunks ?? []).some((chunk) =>
      ((chunk as { value?: unknown }).value as string[] | undefined)?.some?.((v) => v.includes("count(DISTINCT u.id)")),
    );
  return {
    ...db,
    run: (scope, fn) =>
      db.run(scope, (tx) =>
        fn(
          new Proxy(tx, {
            get(target, prop, receiver) {
              const value = Reflect.get(target, prop, receiver);
              if (prop !== "execute") return value;
              return async (query: SQL) => {
                if (isAdminCount(query)) await meet();
                return (value as Db["execute"]).call(target, query);
              };
            },
          }) as Db,
        ),
      ),
  };
}

const admins = (companyId: string) => db.run({ companyId }, (tx) => companyAdminCount(tx, companyId));

let a: Crew;
let b: Crew;

beforeAll(async () => {
  a = await crew("Utilisateurs SARL");
  b = await crew("Autres Utilisateurs SARL");
});

describe("GET /api/company/users", () => {
  let elodie: string;
  let pending: string;
  let inactive: string;

  beforeAll(async () => {
    elodie = await extraUser(a.id, "Élodie Çaron", { email: `Elodie.Caron-${randomUUID().slice(0, 6)}@test.fr` });
    pending = await extraUser(a.id, "Zoé Martin", { pending: true, roleIds: [a.roles.compagnon] });
    inactive = await extraUser(a.id, "bernard Durand", { inactive: true });
  });

  it("lists the company's users by name, accents and case aside, each with its roles and states", async () => {
    const list = await listOf(a.token.admin);
    expect(list.map((u) => u.full_name)).toEqual([
      "bernard Durand",
      "Élodie Çaron",
      "Test admin",
      "Test chef",
      "Test compagnon",
      "Test norole",
      "Zoé Martin",
    ]);
    const byId = new Map(list.map((u) => [u.id, u]));
    expect(byId.get(a.ids.admin)).toEqual({
      id: a.ids.admin,
      full_name: "Test admin",
      email: expect.stringMatching(/^admin-/),
      is_active: true,
      last_login_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      roles: [{ id: a.roles.admin, name: "Administrateur", description: expect.stringContaining("Accès complet") }],
      may_act: true,
      invitation_pending: false,
      is_admin: true,
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(byId.get(a.ids.chef)).toMatchObject({ is_admin: false, roles: [{ name: "Chef d'équipe" }] });
    expect(byId.get(a.ids.norole)).toMatchObject({ is_admin: false, roles: [] });
    expect(byId.get(pending)).toMatchObject({
      invitation_pending: true,
      last_login_at: null,
      is_active: true,
      roles: [{ id: a.roles.compagnon, name: "Compagnon" }],
    });
    expect(byId.get(inactive)).toMatchObject({ is_active: false, invitation_pending: false, last_login_at: null });
  });

  it("lists a user's several roles by name", async () => {
    const id = await extraUser(a.id, "Plusieurs Rôles", { roleIds: [a.roles.compagnon, a.roles.chef] });
    const user = (await listOf(a.token.admin)).find((u) => u.id === id);
    expect(user?.roles.map((r) => r.name)).toEqual(["Chef d'équipe", "Compagnon"]);
  });

  it("searches the name and the e-mail, accents and case aside; a wildcard is taken literally", async () => {
    for (const term of ["ELODIE", "çaron", "élodie ç", "elodie.caron-", "ELODIE.CARON"]) {
      const found = await listOf(a.token.admin, `?search=${encodeURIComponent(term)}`);
      expect(
        found.map((u) => u.id),
        term,
      ).toEqual([elodie]);
    }
    expect(await listOf(a.token.admin, `?search=${encodeURIComponent("%")}`)).toEqual([]);
    expect(await listOf(a.token.admin, `?search=${encodeURIComponent("_")}`)).toEqual([]);
    expect((await listOf(a.token.admin, "?search=%20%20")).length).toBeGreaterThan(4);
  });

  it("filters by role; another company's role or an unknown one lists no one", async () => {
    const chefs = await listOf(a.token.admin, `?role_id=${a.roles.chef}`);
    expect(chefs.map((u) => u.full_name)).toEqual(["Plusieurs Rôles", "Test chef"]);
    const searched = await listOf(a.token.admin, `?role_id=${a.roles.chef}&search=CHEF`);
    expect(searched.map((u) => u.full_name)).toEqual(["Test chef"]);
    expect(await listOf(a.token.admin, `?role_id=${b.roles.chef}`)).toEqual([]);
    expect(await listOf(a.token.admin, `?role_id=${randomUUID()}`)).toEqual([]);
    const bad = await api(a.token.admin, "GET", "/api/company/users?role_id=pas-un-identifiant");
    expect(bad.statusCode).toBe(400);
  });

  it("shows nothing of another company", async () => {
    const list = await listOf(b.token.admin);
    expect(list.map((u) => u.full_name)).toEqual(["Test admin", "Test chef", "Test compagnon", "Test norole"]);
    expect(JSON.stringify(list)).not.toContain(a.ids.admin);
    expect(await listOf(b.token.admin, "?search=elodie")).toEqual([]);
  });

  it("is for users:view holders: a Chef d'équipe, a Compagnon and a user without role get 403", async () => {
    for (const token of [a.token.chef, a.token.compagnon, a.token.norole]) {
      expect((await api(token, "GET", "/api/company/users")).statusCode).toBe(403);
    }
    const viewer = (await login(app, await createTestUserWithPermissions(db, a.id, ["users:view"]))).token;
    expect((await listOf(viewer)).length).toBeGreaterThan(4);
  });

  it("reads the whole list in one statement, whatever the number of users and roles", async () => {
    let statements = 0;
    const counting: Database = {
      ...db,
      run: (scope, fn) =>
        db.run(scope, (tx) =>
          fn(
            new Proxy(tx, {
              get(target, prop, receiver) {
                if (["execute", "select", "selectDistinct", "insert", "update", "delete"].includes(String(prop))) {
                  statements += 1;
                }
                return Reflect.get(target, prop, receiver);
              },
            }) as Db,
          ),
        ),
    };
    const auth = {
      userId: a.ids.admin,
      sessionId: randomUUID(),
      companyId: a.id,
      isSuperadmin: false,
      permissions: ["users:view"],
      user: { role: "Administrateur" },
      scope: { companyId: a.id },
    } as unknown as AuthContext;
    const { data } = await createCompanyUsersService(counting).list(auth, {});
    expect(data.length).toBeGreaterThan(6);
    expect(statements).toBe(1);
  });
});

describe("POST /api/company/user-roles/user/:userId", () => {
  it("replaces the user's roles (duplicates ignored) and answers the user", async () => {
    const res = await setRoles(a.token.admin, a.ids.norole, [a.roles.compagnon, a.roles.chef, a.roles.compagnon]);
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json() as CompanyUser;
    expect(user).toMatchObject({ id: a.ids.norole, full_name: "Test norole", is_admin: false });
    expect(user.roles.map((r) => r.id)).toEqual([a.roles.chef, a.roles.compagnon]);
    const again = (await setRoles(a.token.admin, a.ids.norole, [a.roles.compagnon])).json() as CompanyUser;
    expect(again.roles.map((r) => r.name)).toEqual(["Compagnon"]);
    const none = (await setRoles(a.token.admin, a.ids.norole, [])).json() as CompanyUser;
    expect(none.roles).toEqual([]);
  });

  it("applies to the user's next request, without signing in again", async () => {
    // The worksites, which the Compagnon reads (he reads no quote since issue 32).
    const token = a.token.norole;
    expect((await api(token, "GET", "/api/projects")).statusCode).toBe(403);
    expect((await setRoles(a.token.admin, a.ids.norole, [a.roles.compagnon])).statusCode).toBe(200);
    expect((await api(token, "GET", "/api/projects")).statusCode).toBe(200);
    expect((await setRoles(a.token.admin, a.ids.norole, [])).statusCode).toBe(200);
    expect((await api(token, "GET", "/api/projects")).statusCode).toBe(403);
  });

  it("refuses a role of another company or an unknown one (400 unknownRole) and changes nothing", async () => {
    await setRoles(a.token.admin, a.ids.norole, [a.roles.compagnon]);
    for (const roleId of [b.roles.compagnon, randomUUID()]) {
      const res = await setRoles(a.token.admin, a.ids.norole, [a.roles.chef, roleId]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: ACCOUNT_TEXTS.unknownRole,
        details: [{ path: "role_ids", message: ACCOUNT_TEXTS.unknownRole }],
      });
    }
    const user = (await listOf(a.token.admin)).find((u) => u.id === a.ids.norole);
    expect(user?.roles.map((r) => r.name)).toEqual(["Compagnon"]);
    await setRoles(a.token.admin, a.ids.norole, []);
  });

  it("answers 404 for another company's user, an unknown or a malformed id", async () => {
    for (const id of [b.ids.compagnon, randomUUID(), "pas-un-identifiant"]) {
      const res = await setRoles(a.token.admin, id, [a.roles.compagnon]);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe(ACCOUNT_TEXTS.userNotFound);
    }
    const untouched = (await listOf(b.token.admin)).find((u) => u.id === b.ids.compagnon);
    expect(untouched?.roles.map((r) => r.id)).toEqual([b.roles.compagnon]);
  });

  it("refuses a malformed body in French", async () => {
    const res = await api(a.token.admin, "POST", `/api/company/user-roles/user/${a.ids.norole}`, {
      role_ids: ["pas-un-identifiant"],
    });
    expect(res.statusCode).toBe(400);
  });

  it("is for roles:assign_users holders (either spelling): a Chef d'équipe, a Compagnon and a user without role get 403", async () => {
    for (const token of [a.token.chef, a.token.compagnon, a.token.norole]) {
      expect((await setRoles(token, a.ids.norole, [])).statusCode).toBe(403);
    }
    // Holds the Chef d'équipe's permissions too: the user below holds nothing he lacks (no takeover, issue 31).
    const assigner = (
      await login(
        app,
        await createTestUserWithPermissions(db, a.id, ["roles:assign_users", ...roleCodes("Chef d'équipe")]),
      )
    ).token;
    // Taking roles away grants nothing.
    const chefless = await extraUser(a.id, "Ancien Chef", { roleIds: [a.roles.chef] });
    expect((await setRoles(assigner, chefless, [])).statusCode).toBe(200);
    // The dotted spelling, held, is the same permission (the service checks it again).
    const dotted = { ...authOf(a.id, a.adminLogin), permissions: ["roles.assign_users"] };
    const user = await createCompanyUsersService(db).setRoles(dotted, chefless, { role_ids: [] });
    expect(user.roles).toEqual([]);
    const none = { ...dotted, permissions: ["roles.view"] };
    await expect(createCompanyUsersService(db).setRoles(none, chefless, { role_ids: [] })).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it("never gives a role whose permissions the caller lacks (400 cannotGrantUnheld), himself included", async () => {
    // Holds the Compagnon's permissions, not the Chef d'équipe's nor the Administrateur's.
    const email = await createTestUserWithPermissions(db, a.id, [
      "roles:assign_users",
      "dashboard:view",
      "calendar:view",
      "projects:view",
      "projects:execute",
      "quotes:view",
      "vehicles:view",
      "equipment:view",
    ]);
    const assigner = await login(app, email);
    const target = await extraUser(a.id, "Cible Rôles");
    for (const [userId, roleId] of [
      [target, a.roles.chef],
      [target, a.roles.admin],
      [assigner.user.id, a.roles.admin],
    ] as const) {
      const res = await setRoles(assigner.token, userId, [roleId]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: ACCOUNT_TEXTS.cannotGrantUnheld,
        details: [{ path: "role_ids", message: ACCOUNT_TEXTS.cannotGrantUnheld }],
      });
    }
    // The Compagnon role: every permission of it is held.
    const given = await setRoles(assigner.token, target, [a.roles.compagnon]);
    expect(given.statusCode, given.body).toBe(200);
    // A user holding a role whose permissions the assigner lacks cannot have his roles changed at all,
    // even around a role he keeps (no takeover, issue 31: 403 before any grant is weighed).
    const kept = await extraUser(a.id, "Chef Gardé", { roleIds: [a.roles.chef] });
    const res = await setRoles(assigner.token, kept, [a.roles.chef, a.roles.compagnon]);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(ACCOUNT_TEXTS.cannotActOnStronger);
    const adminsList = (await listOf(a.token.admin)).filter((u) => u.is_admin).map((u) => u.id);
    expect(adminsList).toEqual([a.ids.admin]);
  });
});

describe("no takeover of a user holding more (issue 31)", () => {
  it("never changes the roles of another user holding a permission the caller lacks (403 cannotActOnStronger)", async () => {
    const c = await crew("Rôles Pris SARL");
    // Holds roles:assign_users and the Compagnon's permissions: may give the Compagnon role.
    const assigner = await login(
      app,
      await createTestUserWithPermissions(db, c.id, [
        "roles:assign_users",
        "dashboard:view",
        "calendar:view",
        "projects:view",
        "projects:execute",
        "quotes:view",
        "vehicles:view",
        "equipment:view",
      ]),
    );
    const invited = await extraUser(c.id, "Admin Invité", { pending: true, roleIds: [c.roles.admin] });
    for (const [what, userId, roleIds] of [
      ["the administrator demoted", c.ids.admin, [c.roles.compagnon]],
      ["the administrator stripped", c.ids.admin, []],
      ["an invited administrator demoted", invited, [c.roles.compagnon]],
      ["a Chef d'équipe given a role he lacks nothing of", c.ids.chef, [c.roles.chef, c.roles.compagnon]],
    ] as const) {
      const res = await setRoles(assigner.token, userId, [...roleIds]);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
      expect(res.json().message, what).toBe(ACCOUNT_TEXTS.cannotActOnStronger);
    }
    const listed = await listOf(c.token.admin);
    expect(listed.find((u) => u.id === c.ids.admin)?.roles.map((r) => r.id)).toEqual([c.roles.admin]);
    expect(listed.find((u) => u.id === invited)?.roles.map((r) => r.id)).toEqual([c.roles.admin]);
    expect(listed.find((u) => u.id === c.ids.chef)?.roles.map((r) => r.id)).toEqual([c.roles.chef]);
    // Someone holding no more than him, and himself, follow the other rules.
    expect((await setRoles(assigner.token, c.ids.norole, [c.roles.compagnon])).statusCode).toBe(200);
    expect((await setRoles(assigner.token, c.ids.compagnon, [])).statusCode).toBe(200);
    expect((await setRoles(assigner.token, assigner.user.id, [c.roles.compagnon])).statusCode).toBe(200);
  });
});

describe("the list says whom the caller may act on (may_act, the no-takeover rule)", () => {
  it("false for a user holding a permission the caller lacks, true for the others and himself", async () => {
    const c = await crew("Liste Prudente SARL");
    const viewer = await login(app, await createTestUserWithPermissions(db, c.id, ["users:view"]));
    const seen = await listOf(viewer.token);
    const mayAct = (id: string) => seen.find((u) => u.id === id)?.may_act;
    expect(mayAct(c.ids.admin)).toBe(false);
    expect(mayAct(c.ids.chef)).toBe(false);
    expect(mayAct(c.ids.norole)).toBe(true);
    expect(mayAct(viewer.user.id)).toBe(true);
    // The administrator holds every permission: he may act on everyone.
    expect((await listOf(c.token.admin)).every((u) => u.may_act === true)).toBe(true);
  });
});

describe("the last administrator", () => {
  it("cannot replace his own roles without an administrator role (409), nor have them replaced", async () => {
    const c = await crew("Dernier Admin SARL");
    for (const roleIds of [[c.roles.compagnon], []]) {
      const res = await setRoles(c.token.admin, c.ids.admin, roleIds);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ACCOUNT_TEXTS.lastAdmin);
    }
    const me = (await listOf(c.token.admin)).find((u) => u.id === c.ids.admin);
    expect(me?.roles.map((r) => r.id)).toEqual([c.roles.admin]);
    // Once another active administrator exists, he may step down.
    const second = await idOf(await createTestUserWithPermissions(db, c.id, ["admin:access"]));
    expect(await admins(c.id)).toBe(2);
    const res = await setRoles(c.token.admin, c.ids.admin, [c.roles.compagnon]);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as CompanyUser).is_admin).toBe(false);
    expect(await admins(c.id)).toBe(1);
    expect(second).toBeTruthy();
  });

  it("does not count a deactivated administrator nor a pending invitation", async () => {
    const c = await crew("Admins Absents SARL");
    await extraUser(c.id, "Admin Inactif", { inactive: true, roleIds: [c.roles.admin] });
    await extraUser(c.id, "Admin Invité", { pending: true, roleIds: [c.roles.admin] });
    expect(await admins(c.id)).toBe(1);
    const res = await setRoles(c.token.admin, c.ids.admin, []);
    expect(res.statusCode).toBe(409);
  });

  it("two administrators demoting each other at the same time leave one administrator", async () => {
    const c = await crew("Duel SARL");
    // Both hold every company permission: each may act on the other (no takeover, issue 31).
    const email = await createTestUserWithPermissions(db, c.id, roleCodes("Administrateur"));
    const second = await login(app, email);
    // Through HTTP the second request may be refused at its session check already (403: no longer
    // allowed); the service is called with both callers authenticated, as when the requests cross.
    const service = createCompanyUsersService(racing());
    const results = await Promise.allSettled([
      service.setRoles(authOf(c.id, c.adminLogin), second.user.id, { role_ids: [] }),
      service.setRoles(authOf(c.id, second), c.ids.admin, { role_ids: [] }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected");
    expect(refused?.reason).toMatchObject({ statusCode: 409, message: ACCOUNT_TEXTS.lastAdmin });
    expect(await admins(c.id)).toBe(1);
  });
});
