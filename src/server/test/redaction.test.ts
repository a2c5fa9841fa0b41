import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../app";
import { createDatabase } from "../db/client";
import { LOG_CENSOR, loggerOptions } from "../logger";
import { createTestCompany, TEST_JWT_SECRET, TEST_PASSWORD } from "./helpers";

/**
 * The app with the production logger settings (src/server/logger.ts, the function main.ts calls),
 * at the most verbose level an operator could set, writing into `lines`.
 */
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});
const db = createDatabase(inject("appDatabaseUrl"), { max: 2 });
const app = await buildApp({ db, jwtSecret: TEST_JWT_SECRET, logger: loggerOptions("trace", stream) });
await app.ready();
afterAll(async () => {
  await app.close();
  await db.close();
});

const BEARER = "eyJhbGciOiJIUzI1NiJ9.secret-bearer-payload.secret-bearer-signature";
const COOKIE = "session=secret-cookie-value";
const WRONG_PASSWORD = "secret-wrong-password-42";
let email: string;
let token: string;

beforeAll(async () => {
  email = (await createTestCompany(db, "Journal SARL")).emails.admin;
  await app.inject({
    method: "GET",
    url: "/api/auth/verify",
    headers: { authorization: `Bearer ${BEARER}`, cookie: COOKIE },
  });
  await app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password: WRONG_PASSWORD } });
  const ok = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password: TEST_PASSWORD } });
  expect(ok.statusCode, ok.body).toBe(200);
  token = ok.json().token;
  await app.inject({
    method: "GET",
    url: "/api/auth/me",
    headers: { authorization: `Bearer ${token}`, cookie: COOKIE },
  });
});

const log = () => lines.join("");

describe("logs written with the production settings", () => {
  it("record the requests (so the checks below read a real log)", () => {
    expect(log()).toContain("/api/auth/verify");
    expect(log()).toContain("/api/auth/login");
    expect(log()).toContain("/api/auth/me");
  });

  it("never contain a bearer token, a cookie or a password sent to the API", () => {
    for (const secret of [BEARER, token, "secret-cookie-value", WRONG_PASSWORD, TEST_PASSWORD]) {
      expect(log()).not.toContain(secret);
    }
  });

  it("mask headers and bodies should a log line ever carry them", () => {
    const before = lines.length;
    const headers = { authorization: `Bearer ${BEARER}`, cookie: COOKIE, "set-cookie": COOKIE };
    app.log.info({ headers }, "headers");
    app.log.info({ request: { headers } }, "request with headers");
    app.log.info({ email, password: WRONG_PASSWORD }, "login body");
    app.log.info({ body: { email, password: WRONG_PASSWORD } }, "body");
    app.log.info({ request: { body: { email, password: WRONG_PASSWORD, token: BEARER } } }, "request with body");
    app.log.info({ user: { email, passwordHash: "$argon2id$secret-hash" }, token: BEARER }, "user");
    const written = lines.slice(before);
    expect(written).toHaveLength(6);
    for (const line of written) {
      expect(line).toContain(LOG_CENSOR);
      for (const secret of [BEARER, "secret-cookie-value", WRONG_PASSWORD, "secret-hash"]) {
        expect(line).not.toContain(secret);
      }
    }
    // Only the secrets are masked: the rest of the line stays readable.
    expect(written[2]).toContain(email);
  });
});

describe("one-time links (docs/domain/accounts.md#links-activation-and-account)", () => {
  it("never put a link's token in the log: the request line keeps the path with the token masked", async () => {
    const invited = await app.inject({
      method: "POST",
      url: "/api/company/users/invitations",
      headers: { authorization: `Bearer ${token}` },
      payload: { email: `journal-${Date.now()}@test.fr`, full_name: "Invitée Journal", role_ids: [] },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const path = (invited.json() as { link: { path: string } }).link.path;
    const secret = path.split("/").pop() ?? "";
    expect(secret).toHaveLength(43);
    const before = lines.length;
    const remoteAddress = "10.250.0.1";
    const urls = [
      `/api/account-links/invitation/${secret}`,
      `/api/account-links/password-reset/${secret}`,
      `/api/account-links/invitation/${secret}?source=e-mail`,
      path,
      `/reinitialiser/${secret}`,
      // The signing links' (docs/domain/signing.md#security).
      `/api/signing/${secret}`,
      `/api/signing/${secret}/pdf`,
      `/signer/${secret}`,
    ];
    for (const url of urls)
      expect((await app.inject({ method: "GET", url, remoteAddress })).statusCode).toBeGreaterThan(0);
    const weak = await app.inject({
      method: "POST",
      url: `/api/account-links/invitation/${secret}`,
      payload: { password: "court" },
      remoteAddress,
    });
    expect(weak.statusCode).toBe(400);
    const written = lines.slice(before).join("");
    expect(written).toContain(`/api/account-links/invitation/${LOG_CENSOR}`);
    expect(written).toContain(`/api/account-links/password-reset/${LOG_CENSOR}`);
    expect(written).toContain(`/invitation/${LOG_CENSOR}`);
    expect(written).toContain(`/reinitialiser/${LOG_CENSOR}`);
    expect(written).toContain(`/api/signing/${LOG_CENSOR}/pdf`);
    expect(written).toContain(`/signer/${LOG_CENSOR}`);
    expect(written).not.toContain(secret);
    expect(log()).not.toContain(secret);
  });
});
