import { randomUUID } from "node:crypto";
import { accountTokens, roles, users } from "@server/db/schema";
import type { AuthContext } from "@server/lib/access";
import {
  createTestSuperadmin,
  createTestUserWithPermissions,
  login,
  setupApp,
  TEST_JWT_SECRET,
  TEST_PASSWORD,
} from "@server/test/helpers";
import { ACCOUNT_TEXTS, type CompanyUser, INVITATION_DAYS, PASSWORD_TEXTS, RESET_HOURS } from "@shared/accounts";
import { MESSAGES } from "@shared/errors";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createAuthService } from "../auth/auth.service";
import { TokenService } from "../auth/tokens";
import { apiOf, type Crew, crewOf } from "../users/accounts.fixtures";
import { createAccountsService, LINK_THROTTLE } from "./accounts.service";

const { app, db } = await setupApp();

/** A good password for the people of these tests (none of their names or e-mails inside). */
const STRONG = "Charpente-Solide-2026";
const OTHER_STRONG = "Toiture+Ardoise-77";

/** Each call its own client IP, so the per-IP throttle of one test never touches another. */
const ipOf = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

const crew = crewOf(app, db);

const api = apiOf(app);

const linkUrl = (kind: "invitation" | "password-reset", token: string) => `/api/account-links/${kind}/${token}`;
const getLink = (kind: "invitation" | "password-reset", token: string, ip = ipOf()) =>
  app.inject({ method: "GET", url: linkUrl(kind, token), remoteAddress: ip });
const postLink = (kind: "invitation" | "password-reset", token: string, password: string, ip = ipOf()) =>
  app.inject({ method: "POST", url: linkUrl(kind, token), payload: { password }, remoteAddress: ip });
const tokenOf = (path: string) => path.split("/").pop() ?? "";

const postLogin = (email: string, password: string) =>
  app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress: ipOf() });

const me = (token: string) => api(token, "GET", "/api/auth/me");

interface Invitation {
  user: CompanyUser;
  link: { path: string; expires_at: string };
}

async function invite(c: Crew, body: { email?: string; full_name?: string; role_ids?: string[] } = {}) {
  const res = await api(c.token.admin, "POST", "/api/company/users/invitations", {
    email: body.email ?? `invite-${randomUUID().slice(0, 8)}@test.fr`,
    full_name: body.full_name ?? "Julie Marchand",
    role_ids: body.role_ids ?? [],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Invitation;
}

async function resetLink(c: Crew, userId: string) {
  const res = await api(c.token.admin, "POST", `/api/company/users/${userId}/password-reset`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { path: string; expires_at: string };
}

const expectError = (res: { statusCode: number; body: string }, status: number, message: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect((JSON.parse(res.body) as { message: string }).message).toBe(message);
};

const roleIdOf = async (companyId: string, name: string) => {
  const [row] = await db.run("platform", (tx) =>
    tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.companyId, companyId), eq(roles.name, name))),
  );
  return row?.id ?? "";
};

/** The caller as the auth plugin makes it, from a sign-in's answer, holding exactly `held`. */
const callerOf = (companyId: string, signedIn: Awaited<ReturnType<typeof login>>, held: string[]) =>
  ({
    userId: signedIn.user.id,
    sessionId: randomUUID(),
    companyId,
    isSuperadmin: false,
    permissions: held,
    user: { ...signedIn.user, role: "Test", permissions: held },
    scope: { companyId },
  }) as unknown as AuthContext;

/** Ages every live link of `userId` past its expiry. */
const expireLinks = (userId: string) =>
  db.run("platform", (tx) =>
    tx
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(accountTokens.userId, userId)),
  );

let a: Crew;
let b: Crew;

beforeAll(async () => {
  a = await crew("Comptes SARL");
  b = await crew("Autres Comptes SARL");
});

describe("POST /api/company/users/invitations", () => {
  it("creates the user without a password, with the default roles and a 7-day link; he cannot sign in yet", async () => {
    const email = `Nouvelle-${randomUUID().slice(0, 8)}@Test.FR`;
    const before = Date.now();
    const { user, link } = await invite(a, { email: `  ${email} `, full_name: "Julie Marchand" });
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      full_name: "Julie Marchand",
      is_active: true,
      invitation_pending: true,
      is_admin: false,
      last_login_at: null,
    });
    expect(user.roles.map((r) => r.name)).toEqual(["Compagnon"]);
    expect(link.path).toMatch(/^\/invitation\/[A-Za-z0-9_-]{43}$/);
    const lifetime = new Date(link.expires_at).getTime() - before;
    expect(lifetime).toBeGreaterThan(INVITATION_DAYS * 24 * 3600 * 1000 - 60_000);
    expect(lifetime).toBeLessThan(INVITATION_DAYS * 24 * 3600 * 1000 + 60_000);
    const [row] = await db.run("platform", (tx) =>
      tx.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id)),
    );
    expect(row?.hash).toBeNull();
    // Not before accepting: refused like a wrong password, whatever is typed.
    for (const password of [STRONG, TEST_PASSWORD]) {
      expectError(await postLogin(email.toLowerCase(), password), 401, MESSAGES.invalidCredentials);
    }
  });

  it("gives the chosen roles (the company's own) and answers 400 unknownRole for another company's", async () => {
    const chefRole = await roleIdOf(a.id, "Chef d'équipe");
    const { user } = await invite(a, { role_ids: [chefRole, chefRole] });
    expect(user.roles.map((r) => r.name)).toEqual(["Chef d'équipe"]);
    const email = `autre-role-${randomUUID().slice(0, 8)}@test.fr`;
    const foreign = await api(a.token.admin, "POST", "/api/company/users/invitations", {
      email,
      full_name: "Paul Durand",
      role_ids: [await roleIdOf(b.id, "Compagnon")],
    });
    expectError(foreign, 400, ACCOUNT_TEXTS.unknownRole);
    // Nothing was created: the e-mail is still free.
    await invite(a, { email });
  });

  it("answers 409 emailTaken for an e-mail with an account anywhere on the platform (any case)", async () => {
    for (const email of [a.emails.chef.toUpperCase(), b.emails.admin]) {
      const res = await api(a.token.admin, "POST", "/api/company/users/invitations", {
        email,
        full_name: "Doublon",
        role_ids: [],
      });
      expectError(res, 409, ACCOUNT_TEXTS.emailTaken);
    }
  });

  it("refuses to give a role whose permissions the inviter lacks (400 cannotGrantUnheld), the default roles included", async () => {
    const inviter = (await login(app, await createTestUserWithPermissions(db, a.id, ["users:create"]))).token;
    const body = (role_ids: string[]) => ({
      email: `e-${randomUUID().slice(0, 8)}@test.fr`,
      full_name: "Léa",
      role_ids,
    });
    for (const roleIds of [[await roleIdOf(a.id, "Administrateur")], []]) {
      const res = await api(inviter, "POST", "/api/company/users/invitations", body(roleIds));
      expectError(res, 400, ACCOUNT_TEXTS.cannotGrantUnheld);
    }
    // A role holding nothing he lacks: allowed.
    const [empty] = await db.run("platform", (tx) =>
      tx
        .insert(roles)
        .values({ companyId: a.id, name: `Vide ${randomUUID().slice(0, 6)}` })
        .returning({ id: roles.id }),
    );
    const ok = await api(inviter, "POST", "/api/company/users/invitations", body([empty?.id ?? ""]));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it("answers 400 with the French messages for a missing name and a bad e-mail", async () => {
    const res = await api(a.token.admin, "POST", "/api/company/users/invitations", {
      email: "pas-un-email",
      full_name: " ",
      role_ids: [],
    });
    expect(res.statusCode).toBe(400);
    const messages = (res.json() as { details: { message: string }[] }).details.map((d) => d.message);
    expect(messages).toEqual(expect.arrayContaining([ACCOUNT_TEXTS.emailInvalid, ACCOUNT_TEXTS.fullNameRequired]));
  });
});

describe("the invitation link", () => {
  it("tells who it is for, refuses a weak password with every problem, then sets it and signs in like the login", async () => {
    const { user, link } = await invite(a, { full_name: "Julie Marchand" });
    const token = tokenOf(link.path);
    const info = await getLink("invitation", token);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toEqual({
      email: user.email,
      full_name: "Julie Marchand",
      company_name: a.name,
      expires_at: link.expires_at,
    });

    const weak = await postLink("invitation", token, "court");
    expectError(weak, 400, PASSWORD_TEXTS.tooShort);
    expect((weak.json() as { details: { path: string; message: string }[] }).details).toEqual([
      { path: "password", message: PASSWORD_TEXTS.tooShort },
      { path: "password", message: PASSWORD_TEXTS.tooSimple },
    ]);
    expectError(await postLink("invitation", token, "Marchand-Julie-2026"), 400, PASSWORD_TEXTS.containsEmail);
    // A refused password leaves the link alive.
    expect((await getLink("invitation", token)).statusCode).toBe(200);

    const accepted = await postLink("invitation", token, STRONG);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const signedIn = accepted.json() as { token: string; user: { id: string; email: string; company_id: string } };
    expect(signedIn.user).toMatchObject({ id: user.id, email: user.email, company_id: a.id, role: "Compagnon" });
    // The same shape as the login's answer.
    const viaLogin = await postLogin(user.email, STRONG);
    expect(viaLogin.statusCode, viaLogin.body).toBe(200);
    expect(Object.keys(accepted.json()).sort()).toEqual(Object.keys(viaLogin.json()).sort());
    expect(accepted.json().user).toEqual(viaLogin.json().user);
    expect((await me(signedIn.token)).statusCode).toBe(200);

    // Single use.
    expectError(await postLink("invitation", token, OTHER_STRONG), 404, ACCOUNT_TEXTS.invitationInvalid);
    expectError(await getLink("invitation", token), 404, ACCOUNT_TEXTS.invitationInvalid);
    expect((await postLogin(user.email, OTHER_STRONG)).statusCode).toBe(401);
  });

  it("lets exactly one of two concurrent uses through", async () => {
    const { link } = await invite(a);
    const token = tokenOf(link.path);
    const answers = await Promise.all([postLink("invitation", token, STRONG), postLink("invitation", token, STRONG)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
  });

  it("answers 404 once expired, for an unknown or malformed token, and on the reset route", async () => {
    const { user, link } = await invite(a);
    const token = tokenOf(link.path);
    expectError(await getLink("password-reset", token), 404, ACCOUNT_TEXTS.resetInvalid);
    await expireLinks(user.id);
    expectError(await getLink("invitation", token), 404, ACCOUNT_TEXTS.invitationInvalid);
    expectError(await postLink("invitation", token, STRONG), 404, ACCOUNT_TEXTS.invitationInvalid);
    expectError(await getLink("invitation", "A".repeat(43)), 404, ACCOUNT_TEXTS.invitationInvalid);
    expectError(await getLink("invitation", "court"), 404, ACCOUNT_TEXTS.invitationInvalid);
  });

  it("POST /api/company/users/:id/invitation: a new link kills the old one; 409 once the password is chosen", async () => {
    const { user, link: first } = await invite(a);
    const res = await api(a.token.admin, "POST", `/api/company/users/${user.id}/invitation`);
    expect(res.statusCode, res.body).toBe(201);
    const { user: again, link: second } = res.json() as Invitation;
    expect(again.id).toBe(user.id);
    expect(second.path).not.toBe(first.path);
    expectError(await getLink("invitation", tokenOf(first.path)), 404, ACCOUNT_TEXTS.invitationInvalid);
    expect((await postLink("invitation", tokenOf(second.path), STRONG)).statusCode).toBe(200);
    const done = await api(a.token.admin, "POST", `/api/company/users/${user.id}/invitation`);
    expectError(done, 409, ACCOUNT_TEXTS.alreadyActivated);
  });
});

describe("PATCH /api/company/users/:id", () => {
  it("deactivating revokes the user's sessions at once and refuses his sign-in; reactivating lets him back", async () => {
    const c = await crew("Désactivation SARL");
    expect((await me(c.token.compagnon)).statusCode).toBe(200);
    const off = await api(c.token.admin, "PATCH", `/api/company/users/${c.ids.compagnon}`, { is_active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id: c.ids.compagnon, is_active: false });
    expect((await me(c.token.compagnon)).statusCode).toBe(401);
    expectError(await postLogin(c.emails.compagnon, TEST_PASSWORD), 403, MESSAGES.accountDisabled);

    const on = await api(c.token.admin, "PATCH", `/api/company/users/${c.ids.compagnon}`, { is_active: true });
    expect(on.json()).toMatchObject({ is_active: true });
    expect((await postLogin(c.emails.compagnon, TEST_PASSWORD)).statusCode).toBe(200);
    // The revoked session stays closed.
    expect((await me(c.token.compagnon)).statusCode).toBe(401);
  });

  it("renames", async () => {
    const res = await api(a.token.admin, "PATCH", `/api/company/users/${a.ids.norole}`, { full_name: " Marc Petit " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: a.ids.norole, full_name: "Marc Petit", is_active: true });
  });

  it("refuses to deactivate oneself (409) and the company's last administrator (409)", async () => {
    const c = await crew("Dernier admin SARL");
    const self = await api(c.token.admin, "PATCH", `/api/company/users/${c.ids.admin}`, { is_active: false });
    expectError(self, 409, ACCOUNT_TEXTS.cannotDeactivateSelf);
    const signedIn = await login(app, await createTestUserWithPermissions(db, c.id, ["users:edit"]));
    // Through HTTP a holder of users:edit alone may not touch the administrator at all (no takeover, issue 31).
    const refused = await api(signedIn.token, "PATCH", `/api/company/users/${c.ids.admin}`, { is_active: false });
    expectError(refused, 403, ACCOUNT_TEXTS.cannotActOnStronger);
    // The guard, for a caller holding every permission yet not counted as an administrator (as when two
    // administrators deactivate each other at once): the service called with such a caller.
    const service = createAccountsService(db, createAuthService(db, new TokenService(TEST_JWT_SECRET)));
    const editor = callerOf(c.id, signedIn, ["*"]);
    await expect(service.update(editor, c.ids.admin, { is_active: false })).rejects.toMatchObject({
      statusCode: 409,
      message: ACCOUNT_TEXTS.lastAdmin,
    });
    // Nothing changed: the administrator still works.
    expect((await me(c.token.admin)).statusCode).toBe(200);
    // With a second administrator, the first may go.
    const adminRole = await roleIdOf(c.id, "Administrateur");
    const second = await invite(c, { role_ids: [adminRole] });
    // A pending invitation is no administrator yet.
    await expect(service.update(editor, c.ids.admin, { is_active: false })).rejects.toMatchObject({
      statusCode: 409,
      message: ACCOUNT_TEXTS.lastAdmin,
    });
    expect((await postLink("invitation", tokenOf(second.link.path), STRONG)).statusCode).toBe(200);
    const ok = await service.update(editor, c.ids.admin, { is_active: false });
    expect(ok.is_active).toBe(false);
  });
});

describe("no takeover of a user holding more (issue 31)", () => {
  const USERS_ALL = ["users:view", "users:create", "users:edit", "users:delete"];
  const linksOf = async (userId: string) =>
    (
      await db.run("platform", (tx) =>
        tx.select({ id: accountTokens.id }).from(accountTokens).where(eq(accountTokens.userId, userId)),
      )
    ).length;

  it("a holder of users:* alone gets 403 for a reset link, a new invitation, a deactivation or a rename of an administrator", async () => {
    const c = await crew("Prise de contrôle SARL");
    const manager = (await login(app, await createTestUserWithPermissions(db, c.id, USERS_ALL))).token;
    // A second administrator, still invited (no password yet), and the first one.
    const pending = await invite(c, { role_ids: [c.roles.admin] });
    const before = await linksOf(pending.user.id);
    const calls: [string, "POST" | "PATCH", string, object | undefined][] = [
      ["reset link", "POST", `/api/company/users/${c.ids.admin}/password-reset`, undefined],
      ["new invitation", "POST", `/api/company/users/${pending.user.id}/invitation`, undefined],
      ["deactivation", "PATCH", `/api/company/users/${c.ids.admin}`, { is_active: false }],
      ["deactivation of the invited", "PATCH", `/api/company/users/${pending.user.id}`, { is_active: false }],
      ["rename", "PATCH", `/api/company/users/${c.ids.admin}`, { full_name: "Pris" }],
      // A Chef d'équipe holds permissions the manager lacks too.
      ["reset link of a Chef", "POST", `/api/company/users/${c.ids.chef}/password-reset`, undefined],
    ];
    for (const [what, method, url, body] of calls) {
      const res = await api(manager, method, url, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
      expect((res.json() as { message: string }).message, what).toBe(ACCOUNT_TEXTS.cannotActOnStronger);
    }
    // Nothing happened: no link issued, the administrator still signed in and named as before.
    expect(await linksOf(c.ids.admin)).toBe(0);
    expect(await linksOf(c.ids.chef)).toBe(0);
    expect(await linksOf(pending.user.id)).toBe(before);
    expect((await me(c.token.admin)).statusCode).toBe(200);
    const listed = (await api(c.token.admin, "GET", "/api/company/users")).json() as { data: CompanyUser[] };
    expect(listed.data.find((u) => u.id === c.ids.admin)).toMatchObject({ full_name: "Test admin", is_active: true });
    expect(listed.data.find((u) => u.id === pending.user.id)).toMatchObject({ is_active: true });
  });

  it("lets him act on a user holding nothing he lacks, and the administrator on everyone", async () => {
    const c = await crew("Contrôle permis SARL");
    const manager = (await login(app, await createTestUserWithPermissions(db, c.id, USERS_ALL))).token;
    const peer = await invite(c, { role_ids: [] });
    // The Compagnon's permissions are not the manager's: the invitation gives none of them here.
    await api(c.token.admin, "POST", `/api/company/user-roles/user/${peer.user.id}`, { role_ids: [] });
    const again = await api(manager, "POST", `/api/company/users/${peer.user.id}/invitation`);
    expect(again.statusCode, again.body).toBe(201);
    const reset = await api(manager, "POST", `/api/company/users/${c.ids.norole}/password-reset`);
    expect(reset.statusCode, reset.body).toBe(201);
    const off = await api(manager, "PATCH", `/api/company/users/${c.ids.norole}`, { is_active: false });
    expect(off.statusCode, off.body).toBe(200);
    // The administrator holds every permission: he acts on the Chef d'équipe.
    expect((await api(c.token.admin, "POST", `/api/company/users/${c.ids.chef}/password-reset`)).statusCode).toBe(201);
  });
});

describe("password-reset links", () => {
  it("a 24-hour link: a new one kills the previous; using it revokes every session and signs in", async () => {
    const c = await crew("Réinitialisation SARL");
    const before = Date.now();
    const first = await resetLink(c, c.ids.compagnon);
    expect(first.path).toMatch(/^\/reinitialiser\/[A-Za-z0-9_-]{43}$/);
    const lifetime = new Date(first.expires_at).getTime() - before;
    expect(Math.abs(lifetime - RESET_HOURS * 3600 * 1000)).toBeLessThan(60_000);
    const second = await resetLink(c, c.ids.compagnon);
    expectError(await getLink("password-reset", tokenOf(first.path)), 404, ACCOUNT_TEXTS.resetInvalid);

    const info = await getLink("password-reset", tokenOf(second.path));
    expect(info.json()).toMatchObject({ email: c.emails.compagnon, full_name: "Test compagnon", company_name: c.name });
    expectError(await postLink("password-reset", tokenOf(second.path), "faible"), 400, PASSWORD_TEXTS.tooShort);
    const done = await postLink("password-reset", tokenOf(second.path), STRONG);
    expect(done.statusCode, done.body).toBe(200);
    const fresh = (done.json() as { token: string }).token;
    expect((await me(c.token.compagnon)).statusCode).toBe(401);
    expect((await me(fresh)).statusCode).toBe(200);
    expect((await postLogin(c.emails.compagnon, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await postLogin(c.emails.compagnon, STRONG)).statusCode).toBe(200);
    expectError(await postLink("password-reset", tokenOf(second.path), OTHER_STRONG), 404, ACCOUNT_TEXTS.resetInvalid);
  });

  it("answers 404 once expired, 409 for a pending invitation, 403 while the account is deactivated", async () => {
    const c = await crew("Lien expiré SARL");
    const link = await resetLink(c, c.ids.chef);
    await expireLinks(c.ids.chef);
    expectError(await postLink("password-reset", tokenOf(link.path), STRONG), 404, ACCOUNT_TEXTS.resetInvalid);

    const pending = await invite(c);
    const refused = await api(c.token.admin, "POST", `/api/company/users/${pending.user.id}/password-reset`);
    expectError(refused, 409, ACCOUNT_TEXTS.invitationStillPending);

    const live = await resetLink(c, c.ids.chef);
    await api(c.token.admin, "PATCH", `/api/company/users/${c.ids.chef}`, { is_active: false });
    expectError(await postLink("password-reset", tokenOf(live.path), STRONG), 403, MESSAGES.accountDisabled);
    await api(c.token.admin, "PATCH", `/api/company/users/${c.ids.chef}`, { is_active: true });
    // The refusal did not use the link.
    expect((await postLink("password-reset", tokenOf(live.path), STRONG)).statusCode).toBe(200);
  });
});

describe("the company routes' access", () => {
  const routes = (userId: string): ["POST" | "PATCH", string, object | undefined][] => [
    ["POST", "/api/company/users/invitations", { email: "x@test.fr", full_name: "X", role_ids: [] }],
    ["POST", `/api/company/users/${userId}/invitation`, undefined],
    ["PATCH", `/api/company/users/${userId}`, { is_active: false }],
    ["POST", `/api/company/users/${userId}/password-reset`, undefined],
  ];

  it("answers 403 to a Compagnon and to a user without role", async () => {
    for (const token of [a.token.compagnon, a.token.norole]) {
      for (const [method, url, body] of routes(a.ids.chef)) {
        const res = await api(token, method, url, body);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      }
    }
  });

  it("answers 404 for another company's user and for an id that is no UUID", async () => {
    for (const userId of [b.ids.compagnon, "pas-un-id"]) {
      for (const [method, url, body] of routes(userId).slice(1)) {
        expectError(await api(a.token.admin, method, url, body), 404, ACCOUNT_TEXTS.userNotFound);
      }
    }
    // B's compagnon was not touched.
    expect((await me(b.token.compagnon)).statusCode).toBe(200);
  });

  it("reads a held permission in either spelling (users.edit)", async () => {
    const service = createAccountsService(db, createAuthService(db, new TokenService(TEST_JWT_SECRET)));
    const caller = (held: string[]) =>
      ({
        userId: a.ids.admin,
        sessionId: randomUUID(),
        companyId: a.id,
        isSuperadmin: false,
        permissions: held,
        user: { ...a.adminLogin.user, role: "Test", permissions: held },
        scope: { companyId: a.id },
      }) as unknown as AuthContext;
    // The user without role: he holds nothing the caller lacks (no takeover, issue 31).
    const link = await service.passwordReset(caller(["users.edit"]), a.ids.norole);
    expect(link.path).toMatch(/^\/reinitialiser\//);
    await expect(service.passwordReset(caller(["users.view"]), a.ids.norole)).rejects.toMatchObject({
      statusCode: 403,
      message: MESSAGES.forbidden,
    });
  });
});

describe("the link pages' throttle", () => {
  it(`answers 429 to an IP after ${LINK_THROTTLE.ipLimit} invalid links, even for a good link; other IPs go on`, async () => {
    const { link } = await invite(a);
    const ip = ipOf();
    for (let i = 0; i < LINK_THROTTLE.ipLimit; i += 1) {
      expect((await getLink("invitation", randomUUID().replaceAll("-", "").padEnd(43, "x"), ip)).statusCode).toBe(404);
    }
    const blocked = await getLink("invitation", tokenOf(link.path), ip);
    expectError(blocked, 429, ACCOUNT_TEXTS.tooManyAttempts);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expectError(await postLink("password-reset", tokenOf(link.path), STRONG, ip), 429, ACCOUNT_TEXTS.tooManyAttempts);
    expect((await getLink("invitation", tokenOf(link.path))).statusCode).toBe(200);
  });
});

describe("« Mon compte »", () => {
  it("GET and PATCH /api/account: the name, e-mail, company and roles", async () => {
    const c = await crew("Mon compte SARL");
    const res = await api(c.token.chef, "GET", "/api/account");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: c.ids.chef,
      full_name: "Test chef",
      email: c.emails.chef,
      company_name: c.name,
      roles: ["Chef d'équipe"],
    });
    expect(res.json().last_login_at).not.toBeNull();
    const renamed = await api(c.token.chef, "PATCH", "/api/account", { full_name: "  Amélie Roux " });
    expect(renamed.json()).toMatchObject({ id: c.ids.chef, full_name: "Amélie Roux" });
    expect((await api(c.token.chef, "GET", "/api/account")).json()).toMatchObject({ full_name: "Amélie Roux" });
    expectError(
      await api(c.token.chef, "PATCH", "/api/account", { full_name: "" }),
      400,
      ACCOUNT_TEXTS.fullNameRequired,
    );
  });

  it("is the SuperAdmin's too (no company, no role)", async () => {
    const superadmin = (await login(app, await createTestSuperadmin(db))).token;
    const res = await api(superadmin, "GET", "/api/account");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ company_name: null, roles: [] });
  });

  it("POST /api/account/password: the current password, the policy, then every other session closes", async () => {
    const c = await crew("Mot de passe SARL");
    const here = c.token.compagnon;
    const elsewhere = (await login(app, c.emails.compagnon)).token;
    const change = (current_password: string, new_password: string) =>
      api(here, "POST", "/api/account/password", { current_password, new_password });

    expectError(await change("pas-le-bon", STRONG), 400, ACCOUNT_TEXTS.currentPasswordWrong);
    expectError(await change(TEST_PASSWORD, "trop court"), 400, PASSWORD_TEXTS.tooShort);
    const local = c.emails.compagnon.split("@")[0] ?? "";
    expectError(await change(TEST_PASSWORD, `${local}-X9!`), 400, PASSWORD_TEXTS.containsEmail);
    expect((await me(elsewhere)).statusCode).toBe(200);

    const ok = await change(TEST_PASSWORD, STRONG);
    expect(ok.statusCode, ok.body).toBe(204);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await postLogin(c.emails.compagnon, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await postLogin(c.emails.compagnon, STRONG)).statusCode).toBe(200);
  });

  it("a reset link issued before dies when the user changes his password himself (issue 31)", async () => {
    const c = await crew("Lien révoqué SARL");
    const link = await resetLink(c, c.ids.compagnon);
    expect((await getLink("password-reset", tokenOf(link.path))).statusCode).toBe(200);
    const ok = await api(c.token.compagnon, "POST", "/api/account/password", {
      current_password: TEST_PASSWORD,
      new_password: STRONG,
    });
    expect(ok.statusCode, ok.body).toBe(204);
    expectError(await getLink("password-reset", tokenOf(link.path)), 404, ACCOUNT_TEXTS.resetInvalid);
    expectError(await postLink("password-reset", tokenOf(link.path), OTHER_STRONG), 404, ACCOUNT_TEXTS.resetInvalid);
    // The password the user chose stands; a new link from the administrator works again.
    expect((await postLogin(c.emails.compagnon, STRONG)).statusCode).toBe(200);
    const fresh = await resetLink(c, c.ids.compagnon);
    expect((await getLink("password-reset", tokenOf(fresh.path))).statusCode).toBe(200);
  });
});
