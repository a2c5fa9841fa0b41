import { createHmac } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { type AccessClaims, type TokenFailure, TokenService } from "./tokens";

/**
 * The access token's check (`TokenService.verify`) is written by hand for speed: it must answer what
 * jose's `jwtVerify` answers with the same options, for good tokens and for every kind of bad one.
 */
const SECRET = "tokens-test-secret-tokens-test-secret-0123";
const key = new TextEncoder().encode(SECRET);
const NOW = 1_790_000_000;
const service = new TokenService(SECRET);

/** What the previous implementation answered: jose, then the same claim checks. */
async function reference(token: string, now: number): Promise<AccessClaims | TokenFailure> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ["HS256"],
      issuer: "propulse",
      audience: "propulse-api",
      requiredClaims: ["sub", "jti", "exp"],
      currentDate: new Date(now * 1000),
    });
    const { sub, sid, jti, company, exp, typ } = payload as Record<string, unknown>;
    if (typ !== "access" || typeof sub !== "string" || typeof sid !== "string" || typeof jti !== "string") {
      return "invalid";
    }
    if (typeof exp !== "number" || (company !== null && typeof company !== "string")) return "invalid";
    return { sub, sid, jti, company, exp };
  } catch (error) {
    return error instanceof joseErrors.JWTExpired ? "expired" : "invalid";
  }
}

const b64 = (value: unknown) =>
  Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

/** A token from raw header and claims, signed with HMAC-SHA256 (whatever the header says). */
function raw(header: unknown, claims: unknown, secret = SECRET): string {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac("sha256", secret).update(input).digest("base64url")}`;
}

const good = {
  typ: "access",
  sub: "6f1c1a52-9f55-4a49-a0c4-3f1f0b8e8a01",
  sid: "0b8e2d7e-8a8f-4a5e-9f8e-7c1f2a3b4c5d",
  jti: "3c2b1a09-8f7e-4d6c-b5a4-938271605f4e",
  company: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  iss: "propulse",
  aud: "propulse-api",
  iat: NOW - 60,
  exp: NOW + 600,
};
const hs256 = { alg: "HS256", typ: "JWT" };

describe("TokenService.verify answers what jose's jwtVerify answers", () => {
  const cases: Record<string, () => Promise<string> | string> = {
    "a token it signed": async () =>
      (await service.sign({ userId: good.sub, sessionId: good.sid, companyId: null })).token,
    "a well-formed token": () => raw(hs256, good),
    "no company (the platform)": () => raw(hs256, { ...good, company: null }),
    "an audience list holding ours": () => raw(hs256, { ...good, aud: ["autre", "propulse-api"] }),
    "another secret": () => raw(hs256, good, "another-secret-another-secret-another-secret"),
    "alg none": () => `${b64({ alg: "none" })}.${b64(good)}.`,
    "alg HS512": async () =>
      new SignJWT(good as unknown as Record<string, unknown>).setProtectedHeader({ alg: "HS512" }).sign(key),
    "alg written otherwise": () => raw({ alg: "hs256" }, good),
    "a crit header": () => raw({ alg: "HS256", crit: ["exp"] }, good),
    "b64 false": () => raw({ alg: "HS256", b64: false, crit: ["b64"] }, good),
    "a header that is not an object": () => raw(["HS256"], good),
    "a payload changed after signing": () => {
      const [h, , s] = raw(hs256, good).split(".");
      return `${h}.${b64({ ...good, sub: "someone-else" })}.${s}`;
    },
    "a signature cut short": () => raw(hs256, good).slice(0, -2),
    "a signature with a foreign character": () => `${raw(hs256, good).slice(0, -1)}+`,
    "four segments": () => `${raw(hs256, good)}.x`,
    "two segments": () => raw(hs256, good).split(".").slice(0, 2).join("."),
    empty: () => "",
    "claims that are not JSON": () => raw(hs256, "pas du JSON"),
    "claims that are a list": () => raw(hs256, [good]),
    "expired now": () => raw(hs256, { ...good, exp: NOW }),
    "valid one more second": () => raw(hs256, { ...good, exp: NOW + 1 }),
    "expired and another issuer": () => raw(hs256, { ...good, exp: NOW - 10, iss: "autre" }),
    "expired and no typ": () => raw(hs256, { ...good, exp: NOW - 10, typ: undefined }),
    "expired and no jti": () => raw(hs256, { ...good, exp: NOW - 10, jti: undefined }),
    "exp as a text": () => raw(hs256, { ...good, exp: String(NOW + 600) }),
    "no exp": () => raw(hs256, { ...good, exp: undefined }),
    "no sub": () => raw(hs256, { ...good, sub: undefined }),
    "no jti": () => raw(hs256, { ...good, jti: undefined }),
    "no sid": () => raw(hs256, { ...good, sid: undefined }),
    "another issuer": () => raw(hs256, { ...good, iss: "autre" }),
    "no issuer": () => raw(hs256, { ...good, iss: undefined }),
    "another audience": () => raw(hs256, { ...good, aud: "autre" }),
    "no audience": () => raw(hs256, { ...good, aud: undefined }),
    "not before later": () => raw(hs256, { ...good, nbf: NOW + 5 }),
    "not before now": () => raw(hs256, { ...good, nbf: NOW }),
    "iat as a text": () => raw(hs256, { ...good, iat: "hier" }),
    "a refresh token's typ": () => raw(hs256, { ...good, typ: "refresh" }),
    "a company that is a number": () => raw(hs256, { ...good, company: 42 }),
  };

  for (const [name, make] of Object.entries(cases)) {
    it(name, async () => {
      const token = await make();
      const now = name === "a token it signed" ? Math.floor(Date.now() / 1000) : NOW;
      const expected = await reference(token, now);
      expect(service.verifyNow(token, now)).toEqual(expected);
    });
  }

  it("refuses base64 padding, which jose tolerates (RFC 7515 compact serialisation has none)", async () => {
    const padded = `${raw(hs256, good)}=`;
    expect(await reference(padded, NOW)).toMatchObject({ sub: good.sub });
    expect(service.verifyNow(padded, NOW)).toBe("invalid");
  });

  it("accepts good tokens and tells an expired one from an invalid one (the cases are not all alike)", () => {
    expect(service.verifyNow(raw(hs256, good), NOW)).toMatchObject({ sub: good.sub, sid: good.sid });
    expect(service.verifyNow(raw(hs256, { ...good, exp: NOW }), NOW)).toBe("expired");
    expect(service.verifyNow(raw(hs256, good, "another-secret-another-secret-another-secret"), NOW)).toBe("invalid");
  });
});
