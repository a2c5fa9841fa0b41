import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { compactVerify, SignJWT } from "jose";

/** Access tokens (docs/decisions/0004-sessions.md): HS256 only, 15 minutes, bound to a server-side session. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = "propulse";
const AUDIENCE = "propulse-api";
const ALGORITHM = "HS256";

export interface AccessClaims {
  sub: string;
  sid: string;
  jti: string;
  company: string | null;
  exp: number;
}

export type TokenFailure = "expired" | "invalid";

export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(input: { userId: string; sessionId: string; companyId: string | null; tokenId?: string }) {
    const jti = input.tokenId ?? randomUUID();
    const token = await new SignJWT({ sid: input.sessionId, company: input.companyId, typ: "access" })
      .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
      .setSubject(input.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
    return { token, jti };
  }

  /**
   * Full verification: signature, algorithm, issuer, audience, type and expiry — what jose's `jwtVerify`
   * checks for these options, done synchronously: it runs on every request, and jose's WebCrypto path
   * imports the key and sends the HMAC to the thread pool each time (5 % of a request's processor time
   * on the bench's week). Strict: three base64url segments (no padding,
   * which jose tolerates), `alg` exactly HS256, no `crit` or `b64`
   * header (we never issue them), the MAC compared in constant time, the claims a JSON object whose `exp` has not
   * passed (and `nbf`, when present, reached). `tokens.test.ts` checks it against jose.
   */
  async verify(token: string): Promise<AccessClaims | TokenFailure> {
    return this.verifyNow(token, Math.floor(Date.now() / 1000));
  }

  /** `verify` at `now` (seconds since the epoch). */
  verifyNow(token: string, now: number): AccessClaims | TokenFailure {
    const segments = token.split(".");
    if (segments.length !== 3) return "invalid";
    const [header, payload, signature] = segments as [string, string, string];
    if (!BASE64URL.test(header) || !BASE64URL.test(payload) || !BASE64URL.test(signature)) return "invalid";
    const protectedHeader = parseObject(header);
    if (!protectedHeader || protectedHeader.alg !== ALGORITHM) return "invalid";
    if (protectedHeader.crit !== undefined || protectedHeader.b64 !== undefined) return "invalid";
    const expected = createHmac("sha256", this.key).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, "base64url");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
    const claims = parseObject(payload);
    if (!claims || REQUIRED.some((claim) => !Object.hasOwn(claims, claim))) return "invalid";
    if (claims.iss !== ISSUER || !hasAudience(claims.aud)) return "invalid";
    if (NUMERIC_DATES.some((claim) => claims[claim] !== undefined && typeof claims[claim] !== "number"))
      return "invalid";
    if (typeof claims.nbf === "number" && claims.nbf > now) return "invalid";
    if ((claims.exp as number) <= now) return "expired";
    return toClaims(claims) ?? "invalid";
  }

  /**
   * Verification for refresh and logout: everything but the expiry, which the session decides
   * (a token expired for 2 hours is refreshable while its session lives).
   */
  async verifyIgnoringExpiry(token: string): Promise<AccessClaims | null> {
    try {
      const { payload, protectedHeader } = await compactVerify(token, this.key, { algorithms: [ALGORITHM] });
      if (protectedHeader.alg !== ALGORITHM) return null;
      const claims = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
      if (claims.iss !== ISSUER) return null;
      if (!hasAudience(claims.aud)) return null;
      return toClaims(claims);
    } catch {
      return null;
    }
  }
}

/** The claims jose's `jwtVerify` requires with our options, in its order: presence first. */
const REQUIRED = ["sub", "jti", "exp", "iss", "aud"] as const;
const NUMERIC_DATES = ["iat", "nbf", "exp"] as const;

/** Base64url without padding, as JWS compact serialisation writes it. */
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** A base64url segment holding a JSON object, or null. */
function parseObject(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const hasAudience = (aud: unknown) => aud === AUDIENCE || (Array.isArray(aud) && aud.includes(AUDIENCE));

function toClaims(payload: Record<string, unknown>): AccessClaims | null {
  const { sub, sid, jti, company, exp, typ } = payload;
  if (typ !== "access" || typeof sub !== "string" || typeof sid !== "string" || typeof jti !== "string") return null;
  if (typeof exp !== "number") return null;
  if (company !== null && typeof company !== "string") return null;
  return { sub, sid, jti, company, exp };
}
