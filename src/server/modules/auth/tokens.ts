import { randomUUID } from "node:crypto";
import { compactVerify, errors as joseErrors, jwtVerify, SignJWT } from "jose";

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

  /** Full verification: signature, algorithm, issuer, audience, type and expiry. */
  async verify(token: string): Promise<AccessClaims | TokenFailure> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ["sub", "jti", "exp"],
      });
      return toClaims(payload) ?? "invalid";
    } catch (error) {
      return error instanceof joseErrors.JWTExpired ? "expired" : "invalid";
    }
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
      const aud = claims.aud;
      if (!(aud === AUDIENCE || (Array.isArray(aud) && aud.includes(AUDIENCE)))) return null;
      return toClaims(claims);
    } catch {
      return null;
    }
  }
}

function toClaims(payload: Record<string, unknown>): AccessClaims | null {
  const { sub, sid, jti, company, exp, typ } = payload;
  if (typ !== "access" || typeof sub !== "string" || typeof sid !== "string" || typeof jti !== "string") return null;
  if (typeof exp !== "number") return null;
  if (company !== null && typeof company !== "string") return null;
  return { sub, sid, jti, company, exp };
}
