import { randomUUID } from "node:crypto";
import {
  bearer,
  createTestCompany,
  createTestSuperadmin,
  login,
  setupApp,
  TEST_JWT_SECRET,
  TEST_PASSWORD,
  type TestCompany,
} from "@server/test/helpers";
import { MESSAGES } from "@shared/errors";
import { LOGIN_REQUIRED_MESSAGE } from "@shared/session";
import { sql } from "drizzle-orm";
import { decodeJwt, SignJWT } from "jose";
import pg from "pg";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { REFRESH_GRACE_SECONDS } from "./auth.service";

const { app, db } = await setupApp();
let company: TestCompany;
let other: TestCompany;

beforeAll(async () => {
  company = await createTestCompany(db, "Auth SARL");
  other = await createTestCompany(db, "Autre SARL");
});

/** Ages the session's last rotation past the grace left to its twin (REFRESH_GRACE_SECONDS). */
const pastTheGrace = (sessionId: string) =>
  db.run("platform", (tx) =>
    tx.execute(
      sql`UPDATE sessions SET rotated_at = now() - make_interval(secs => ${REFRESH_GRACE_SECONDS + 1}) WHERE id = ${sessionId}`,
    ),
  );

/** Each test its own client IP, so the per-IP throttle of one test never touches another. */
const ipOf = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

function postLogin(payload: unknown, ip = ipOf()) {
  return app.inject({ method: "POST", url: "/api/auth/login", payload: payload as object, remoteAddress: ip });
}

const key = new TextEncoder().encode(TEST_JWT_SECRET);

async function forge(
  claims: Record<string, unknown>,
  options: { secret?: Uint8Array; exp?: number; aud?: string } = {},
) {
  return new SignJWT({ typ: "access", ...claims })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer("propulse")
    .setAudience(options.aud ?? "propulse-api")
    .setIssuedAt()
    .setExpirationTime(options.exp ?? Math.floor(Date.now() / 1000) + 600)
    .sign(options.secret ?? key);
}

describe("POST /api/auth/login", () => {
  it("signs in and returns the token and the signed-in user (docs/domain/auth.md#signed-in-user)", async () => {
    const res = await postLogin({ email: `  ${company.emails.admin.toUpperCase()} `, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      email: company.emails.admin,
      full_name: "Test admin",
      companyId: company.id,
      company_id: company.id,
      role: "Administrateur",
      roles: [{ name: "Administrateur" }],
    });
    expect(body.user.permissions).toContain("admin:access");
    expect(body.user.permissions).toContain("users:view");
    const claims = decodeJwt(body.token);
    expect(claims).toMatchObject({ sub: body.user.id, company: company.id, typ: "access", aud: "propulse-api" });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(15 * 60);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("gives each default role its own permissions", async () => {
    const chef = await login(app, company.emails.chef);
    expect(chef.user.permissions).toContain("team:manage");
    expect(chef.user.permissions).not.toContain("admin:access");
    const compagnon = await login(app, company.emails.compagnon);
    expect(compagnon.user.permissions).toContain("calendar:view");
    expect(compagnon.user.permissions).not.toContain("team:manage");
    expect(compagnon.user.permissions).not.toContain("clients:view");
  });

  it("signs a SuperAdmin in with the wildcard and no company", async () => {
    const email = await createTestSuperadmin(db);
    const { user } = await login(app, email);
    expect(user).toMatchObject({ role: "superadmin", permissions: ["*"], companyId: null });
  });

  it("answers the same for an unknown e-mail and a wrong password", async () => {
    const wrong = await postLogin({ email: company.emails.chef, password: "mauvais" });
    const unknown = await postLogin({ email: `inconnu-${randomUUID()}@test.fr`, password: "mauvais" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      error: MESSAGES.invalidCredentials,
      message: MESSAGES.invalidCredentials,
      code: "INVALID_CREDENTIALS",
    });
  });

  it.each([
    ["no body", undefined],
    ["empty e-mail", { email: "  ", password: "x" }],
    ["missing password", { email: "a@b.fr" }],
    ["empty password", { email: "a@b.fr", password: "" }],
  ])("refuses %s with the spec's message", async (_label, payload) => {
    const res = await postLogin(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: LOGIN_REQUIRED_MESSAGE, code: "VALIDATION_ERROR" });
  });

  it("answers a malformed JSON body with a French 400", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{oops",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MESSAGES.invalidJson);
  });

  it("throttles an account after 5 failures, even with the right password then", async () => {
    const target = await createTestCompany(db, "Throttle");
    for (let i = 0; i < 5; i++) {
      expect((await postLogin({ email: target.emails.chef, password: `faux-${i}` })).statusCode).toBe(401);
    }
    const blocked = await postLogin({ email: target.emails.chef, password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(
      /^Trop de tentatives de connexion\. Veuillez réessayer dans 15\u00a0minutes\.$/,
    );
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(800);
    // Another account of the same company is not affected.
    expect((await postLogin({ email: target.emails.admin, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it("throttles an IP after 20 failures across accounts", async () => {
    const ip = ipOf();
    for (let i = 0; i < 20; i++) {
      await postLogin({ email: `ip-${i}-${randomUUID()}@test.fr`, password: "x" }, ip);
    }
    const res = await postLogin({ email: company.emails.compagnon, password: TEST_PASSWORD }, ip);
    expect(res.statusCode).toBe(429);
    expect((await postLogin({ email: company.emails.compagnon, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it("refuses a deactivated user and a suspended company, and their live sessions", async () => {
    const target = await createTestCompany(db, "Suspendue");
    const live = await login(app, target.emails.chef);
    await db.run("platform", (tx) =>
      tx.execute(sql`UPDATE users SET is_active = false WHERE email = ${target.emails.admin}`),
    );
    const disabled = await postLogin({ email: target.emails.admin, password: TEST_PASSWORD });
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().error).toBe(MESSAGES.accountDisabled);

    await db.run("platform", (tx) =>
      tx.execute(sql`UPDATE companies SET status = 'suspended' WHERE id = ${target.id}`),
    );
    const suspended = await postLogin({ email: target.emails.compagnon, password: TEST_PASSWORD });
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().error).toBe(MESSAGES.companySuspended);
    const verify = await app.inject({ method: "GET", url: "/api/auth/verify", headers: bearer(live.token) });
    expect(verify.statusCode).toBe(401);
  });
});

describe("tokens", () => {
  it("verify restores the user from a valid token", async () => {
    const { token, user } = await login(app, company.emails.chef);
    const res = await app.inject({ method: "GET", url: "/api/auth/verify", headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ valid: true, user: { id: user.id, role: "Chef d'équipe" } });
  });

  it("refuses a missing, malformed or non-bearer token", async () => {
    for (const headers of [{}, { authorization: "Bearer" }, { authorization: "Basic abc" }, bearer("abc.def.ghi")]) {
      const res = await app.inject({ method: "GET", url: "/api/auth/verify", headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe("UNAUTHENTICATED");
    }
  });

  it("refuses forged, alg:none, wrong-audience and expired tokens", async () => {
    const { token } = await login(app, company.emails.chef);
    const claims = decodeJwt(token);
    const base = { sub: claims.sub, sid: claims.sid, jti: claims.jti, company: claims.company };

    const forged = await forge(base, {
      secret: new TextEncoder().encode("another-secret-another-secret-another-secret"),
    });
    const header = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    const none = `${header}.${token.split(".")[1]}.`;
    const wrongAudience = await forge(base, { aud: "another-api" });
    const expired = await forge(base, { exp: Math.floor(Date.now() / 1000) - 60 });

    for (const bad of [forged, none, wrongAudience]) {
      const res = await app.inject({ method: "GET", url: "/api/auth/verify", headers: bearer(bad) });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe(MESSAGES.invalidToken);
    }
    const res = await app.inject({ method: "GET", url: "/api/auth/verify", headers: bearer(expired) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("SESSION_EXPIRED");
  });

  it("refuses a well-signed token pointing at another company's session", async () => {
    const { token } = await login(app, other.emails.chef);
    const claims = decodeJwt(token);
    const crossed = await forge({ sub: claims.sub, sid: claims.sid, jti: claims.jti, company: company.id });
    const res = await app.inject({ method: "GET", url: "/api/auth/verify", headers: bearer(crossed) });
    expect(res.statusCode).toBe(401);
  });

  it("refuses a well-signed token whose session id is not a UUID (never inlined into SQL)", async () => {
    const { token } = await login(app, company.emails.chef);
    const claims = decodeJwt(token);
    const sid = `${String(claims.sid).slice(0, 8)}'::uuid); DELETE FROM sessions; --`;
    const res = await app.inject({
      method: "GET",
      url: "/api/auth/verify",
      headers: bearer(await forge({ sub: claims.sub, sid, jti: claims.jti, company: claims.company })),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(MESSAGES.invalidToken);
    // The genuine session still works.
    expect((await app.inject({ method: "GET", url: "/api/auth/verify", headers: bearer(token) })).statusCode).toBe(200);
  });

  it("refresh rotates: the new token works, the old one no longer does", async () => {
    const { token } = await login(app, company.emails.compagnon);
    const refreshed = await app.inject({ method: "POST", url: "/api/auth/refresh", headers: bearer(token) });
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json().token as string;
    expect(next).not.toBe(token);
    expect((await app.inject({ method: "GET", url: "/api/auth/verify", headers: bearer(next) })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/api/auth/verify", headers: bearer(token) })).statusCode).toBe(401);
  });

  it("refreshes an expired token while its session lives", async () => {
    const { token } = await login(app, company.emails.compagnon);
    const c = decodeJwt(token);
    const expired = await forge(
      { sub: c.sub, sid: c.sid, jti: c.jti, company: c.company },
      { exp: Math.floor(Date.now() / 1000) - 3600 },
    );
    const res = await app.inject({ method: "POST", url: "/api/auth/refresh", headers: bearer(expired) });
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json().token).sid).toBe(c.sid);
  });

  it("reuse of a replaced token revokes the whole session", async () => {
    const { token } = await login(app, company.emails.compagnon);
    const first = await app.inject({ method: "POST", url: "/api/auth/refresh", headers: bearer(token) });
    const current = first.json().token as string;
    // Past the grace of a twin (two tabs, ADR 0019): a real replay.
    await pastTheGrace(String(decodeJwt(token).sid));
    const reuse = await app.inject({ method: "POST", url: "/api/auth/refresh", headers: bearer(token) });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error).toBe(MESSAGES.refreshFailed);
    // The thief's reuse also ends the legitimate holder's session.
    expect((await app.inject({ method: "GET", url: "/api/auth/verify", headers: bearer(current) })).statusCode).toBe(
      401,
    );
    expect((await app.inject({ method: "POST", url: "/api/auth/refresh", headers: bearer(current) })).statusCode).toBe(
      401,
    );
  });

  it("two refreshes of one token at the same moment (two tabs) both succeed, and the session lives on", async () => {
    const { token } = await login(app, company.emails.compagnon);
    const refresh = (t: string) => app.inject({ method: "POST", url: "/api/auth/refresh", headers: bearer(t) });
    const [one, two] = await Promise.all([refresh(token), refresh(token)]);
    expect(one?.statusCode, one?.body).toBe(200);
    expect(two?.statusCode, two?.body).toBe(200);
    const tokens = [one?.json().token as string, two?.json().token as string];
    // Both carry the session's one current token id: each tab goes on with its own.
    expect(new Set(tokens.map((t) => decodeJwt(t).jti)).size).toBe(1);
    expect(decodeJwt(tokens[0] ?? "").jti).not.toBe(decodeJwt(token).jti);
    for (const t of tokens) {
      expect((await app.inject({ method: "GET", url: "/api/auth/verify", headers: bearer(t) })).statusCode).toBe(200);
    }
    // A third twin a moment later is answered the same way; the next rotation goes on from either tab.
    expect((await refresh(token)).statusCode).toBe(200);
    const next = await refresh(tokens[1] ?? "");
    expect(next.statusCode, next.body).toBe(200);
    expect(
      (await app.inject({ method: "GET", url: "/api/auth/verify", headers: bearer(next.json().token) })).statusCode,
    ).toBe(200);
  });

  it("still revokes on a replay later on: past the grace, or once the twin's rotation has itself been replaced", async () => {
    const { token: late } = await login(app, company.emails.compagnon);
    const refresh = (t: string) => app.inject({ method: "POST", url: "/api/auth/refresh", headers: bearer(t) });
    const renewed = (await refresh(late)).json().token as string;
    await pastTheGrace(String(decodeJwt(late).sid));
    expect((await refresh(late)).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: "/api/auth/verify", headers: bearer(renewed) })).statusCode).toBe(
      401,
    );

    // Within the grace, but two rotations ago: not a twin any more.
    const { token: old } = await login(app, company.emails.compagnon);
    const second = (await refresh(old)).json().token as string;
    const third = (await refresh(second)).json().token as string;
    expect((await refresh(old)).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: "/api/auth/verify", headers: bearer(third) })).statusCode).toBe(401);
    const [row] = (
      await db.run("platform", (tx) =>
        tx.execute<{ revoked_reason: string }>(
          sql`SELECT revoked_reason FROM sessions WHERE id = ${String(decodeJwt(old).sid)}`,
        ),
      )
    ).rows;
    expect(row?.revoked_reason).toBe("token_reuse");
  });

  it("refuses to refresh a forged token or a session past its idle limit", async () => {
    const { token } = await login(app, company.emails.compagnon);
    const c = decodeJwt(token);
    const forged = await forge(
      { sub: c.sub, sid: c.sid, jti: c.jti, company: c.company },
      { secret: new TextEncoder().encode("x".repeat(40)) },
    );
    expect((await app.inject({ method: "POST", url: "/api/auth/refresh", headers: bearer(forged) })).statusCode).toBe(
      401,
    );
    await db.run("platform", (tx) =>
      tx.execute(sql`UPDATE sessions SET last_used_at = now() - interval '8 days' WHERE id = ${String(c.sid)}`),
    );
    expect((await app.inject({ method: "POST", url: "/api/auth/refresh", headers: bearer(token) })).statusCode).toBe(
      401,
    );
  });

  it("logout revokes the session server-side", async () => {
    const { token } = await login(app, company.emails.chef);
    const res = await app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(token) });
    expect(res.statusCode).toBe(204);
    expect((await app.inject({ method: "GET", url: "/api/auth/verify", headers: bearer(token) })).statusCode).toBe(401);
    expect((await app.inject({ method: "POST", url: "/api/auth/refresh", headers: bearer(token) })).statusCode).toBe(
      401,
    );
    expect((await app.inject({ method: "POST", url: "/api/auth/logout" })).statusCode).toBe(401);
  });
});

describe("permissions", () => {
  it("GET /api/auth/permissions answers the caller's codes, 401 without a token", async () => {
    const { token } = await login(app, company.emails.chef);
    const res = await app.inject({ method: "GET", url: "/api/auth/permissions", headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expect.arrayContaining(["team:manage", "clients:view"]));
    expect((await app.inject({ method: "GET", url: "/api/auth/permissions" })).statusCode).toBe(401);
  });

  it("GET /api/company/permissions/grouped needs roles:view", async () => {
    const admin = await login(app, company.emails.admin);
    const res = await app.inject({
      method: "GET",
      url: "/api/company/permissions/grouped",
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    const groups = res.json() as { category: string; permissions: { code: string }[] }[];
    expect(groups.map((g) => g.category)).toContain("Clients");
    expect(groups.flatMap((g) => g.permissions.map((p) => p.code))).toContain("roles:assign_users");

    const compagnon = await login(app, company.emails.compagnon);
    const denied = await app.inject({
      method: "GET",
      url: "/api/company/permissions/grouped",
      headers: bearer(compagnon.token),
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: "FORBIDDEN", error: MESSAGES.forbidden });
  });
});

describe("a company role named like the platform's", () => {
  it("never makes its holder a SuperAdmin: the platform flag alone does", async () => {
    // Written in SQL: the roles API refuses the name (issue 15), but a name is data.
    await db.run({ companyId: company.id }, (tx) =>
      tx.execute(sql`UPDATE roles SET name = 'SuperAdmin' WHERE company_id = ${company.id} AND name = 'Compagnon'`),
    );
    try {
      const { token, user } = await login(app, company.emails.compagnon);
      expect(String(user.role).toLowerCase()).not.toBe("superadmin");
      expect(user.permissions).not.toContain("*");
      const denied = await app.inject({
        method: "GET",
        url: "/api/company/permissions/grouped",
        headers: bearer(token),
      });
      expect(denied.statusCode).toBe(403);
    } finally {
      await db.run({ companyId: company.id }, (tx) =>
        tx.execute(sql`UPDATE roles SET name = 'Compagnon' WHERE company_id = ${company.id} AND name = 'SuperAdmin'`),
      );
    }
  });
});

describe("row-level security", () => {
  async function asApp<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: inject("appDatabaseUrl") });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }

  it("shows no rows to a query without company context", async () => {
    await asApp(async (client) => {
      for (const table of ["companies", "users", "roles", "role_permissions", "user_roles", "sessions"]) {
        const { rows } = await client.query(`SELECT count(*)::int AS n FROM ${table}`);
        expect(rows[0].n, table).toBe(0);
      }
    });
  });

  it("shows only the context company's rows, and refuses writes into another company", async () => {
    await asApp(async (client) => {
      await client.query("BEGIN");
      await client.query("SELECT set_config('app.company_id', $1, true)", [company.id]);
      const { rows } = await client.query("SELECT DISTINCT company_id FROM users");
      expect(rows).toEqual([{ company_id: company.id }]);
      await expect(
        client.query("INSERT INTO roles (company_id, name) VALUES ($1, 'Intrus')", [other.id]),
      ).rejects.toThrow(/row-level security/);
      await client.query("ROLLBACK");
    });
  });

  it("applies to the session check too: session_context() shows a session in its own company only", async () => {
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: company.emails.admin, password: TEST_PASSWORD },
    });
    const sid = (decodeJwt(login.json().token) as { sid: string }).sid;
    await asApp(async (client) => {
      const contextIn = async (companyId: string) => {
        await client.query("BEGIN");
        await client.query("SELECT set_config('app.company_id', $1, true)", [companyId]);
        const { rows } = await client.query("SELECT user_id, company_id FROM session_context($1)", [sid]);
        await client.query("ROLLBACK");
        return rows;
      };
      expect(await contextIn(company.id)).toEqual([{ user_id: expect.any(String), company_id: company.id }]);
      expect(await contextIn(other.id)).toEqual([]);
      expect((await client.query("SELECT * FROM session_context($1)", [sid])).rows).toEqual([]);
    });
  });

  it("runs the app as a role that is neither superuser nor BYPASSRLS", async () => {
    await asApp(async (client) => {
      const { rows } = await client.query("SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user");
      expect(rows[0]).toEqual({ rolsuper: false, rolbypassrls: false });
      // Forced RLS on every tenant table: src/server/test/rls.test.ts (tables found in the catalogue).
    });
  });
});
