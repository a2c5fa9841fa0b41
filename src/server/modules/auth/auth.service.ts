import { randomUUID } from "node:crypto";
import type { Database, Db } from "@server/db/client";
import { type AuthContext, scopeFor } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import type { AuthUser, LoginBody } from "@shared/auth";
import { ERROR_CODES, MESSAGES } from "@shared/errors";
import { SUPERADMIN_ROLE } from "@shared/permissions";
import { authRepository, type SessionContext, throttleRepository } from "./auth.repository";
import { dummyPasswordHash, verifyPassword } from "./passwords";
import type { AccessClaims, TokenService } from "./tokens";

/** Session lifetimes (docs/domain/auth.md#session). */
export const SESSION_IDLE_MS = 7 * 24 * 3600 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;
const TOUCH_INTERVAL_MS = 60 * 1000;

/**
 * A refresh presenting the token the session's last rotation replaced, this many seconds after it at
 * most, is that rotation's twin (two tabs refreshing at once) and gets the current token; later, it is a
 * reuse and revokes the session (ADR 0019).
 */
export const REFRESH_GRACE_SECONDS = 30;

/** Login throttling: 5 failures per account, 20 per IP, in 15 minutes, then 15 minutes of wait. */
export const THROTTLE = { accountLimit: 5, ipLimit: 20, windowMinutes: 15 } as const;

function toAuthUser(ctx: SessionContext): AuthUser {
  return {
    id: ctx.userId,
    email: ctx.email,
    full_name: ctx.fullName,
    avatarUrl: ctx.avatarUrl,
    companyId: ctx.companyId,
    company_id: ctx.companyId,
    company_name: ctx.companyName,
    // The SuperAdmin role comes from the platform flag only: a company role that happened to be called
    // « SuperAdmin » (refused since issue 15, but a name is data) never reads as the platform's role.
    role: ctx.isSuperadmin
      ? SUPERADMIN_ROLE
      : (ctx.roles.find((r) => r.name.toLowerCase() !== SUPERADMIN_ROLE)?.name ?? null),
    roles: ctx.roles,
    permissions: ctx.isSuperadmin ? ["*"] : ctx.permissions,
  };
}

function sessionIsAlive(ctx: SessionContext, now: number): boolean {
  return (
    ctx.revokedAt === null &&
    ctx.expiresAt.getTime() > now &&
    ctx.lastUsedAt.getTime() + SESSION_IDLE_MS > now &&
    ctx.isActive &&
    (ctx.isSuperadmin || ctx.companyStatus === "active")
  );
}

export function createAuthService(db: Database, tokens: TokenService) {
  async function loadContext(claims: AccessClaims): Promise<SessionContext | undefined> {
    const ctx = await authRepository.sessionContext(db, scopeFor(claims.company), claims.sid);
    // The session must belong to the token's user and company (RLS already hides other companies).
    if (!ctx || ctx.userId !== claims.sub || ctx.companyId !== claims.company) return undefined;
    return ctx;
  }

  async function openSession(
    tx: Db,
    user: { id: string; companyId: string | null },
    meta: { ip: string; userAgent: string | null },
  ): Promise<{ token: string; user: AuthUser }> {
    const tokenId = randomUUID();
    const sessionId = await authRepository.createSession(tx, {
      userId: user.id,
      companyId: user.companyId,
      tokenId,
      expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      ip: meta.ip,
    });
    const ctx = await authRepository.loadSessionContext(tx, sessionId);
    if (!ctx) throw new Error("session vanished");
    const { token } = await tokens.sign({ userId: user.id, sessionId, companyId: user.companyId, tokenId });
    return { token, user: toAuthUser(ctx) };
  }

  return {
    async login(body: LoginBody, meta: { ip: string; userAgent: string | null }) {
      const email = body.email.trim().toLowerCase();
      const accountKey = `account:${email}`;
      const ipKey = `ip:${meta.ip}`;
      return db.run("platform", async (tx) => {
        const wait = await throttleRepository.blockedFor(tx, [accountKey, ipKey]);
        if (wait > 0) throw errors.tooManyRequests(MESSAGES.tooManyAttempts(Math.ceil(wait / 60)), wait);

        const candidate = await authRepository.findLoginCandidate(tx, email);
        // An unknown e-mail or a pending invitation (no password yet) costs the same hash and is refused
        // the same way, whatever the password typed.
        const matches = await verifyPassword(candidate?.passwordHash ?? (await dummyPasswordHash()), body.password);
        const valid = matches && Boolean(candidate?.passwordHash);
        if (!candidate || !valid) {
          // Counted outside this transaction, which the error rolls back.
          await db.run("platform", async (t) => {
            await throttleRepository.recordFailure(t, accountKey, THROTTLE.accountLimit, THROTTLE.windowMinutes);
            await throttleRepository.recordFailure(t, ipKey, THROTTLE.ipLimit, THROTTLE.windowMinutes);
          });
          throw errors.unauthenticated(MESSAGES.invalidCredentials, ERROR_CODES.INVALID_CREDENTIALS);
        }
        if (!candidate.isActive) throw errors.forbidden(MESSAGES.accountDisabled);
        if (candidate.companyId && candidate.companyStatus !== "active")
          throw errors.forbidden(MESSAGES.companySuspended);

        await throttleRepository.clear(tx, accountKey);
        return openSession(tx, { id: candidate.id, companyId: candidate.companyId }, meta);
      });
    },

    /**
     * Signs `user` in within `tx`: a new session and its access token, the answer of a login. Used by
     * the login and by the invitation and reset links (docs/domain/accounts.md#links-activation-and-account),
     * after their own checks.
     */
    openSession,

    /** Verifies a bearer token against its live session; the basis of every authenticated request. */
    async authenticate(token: string): Promise<AuthContext> {
      const claims = await tokens.verify(token);
      if (claims === "expired") throw errors.unauthenticated("Session expirée", ERROR_CODES.SESSION_EXPIRED);
      if (claims === "invalid") throw errors.unauthenticated(MESSAGES.invalidToken);
      const ctx = await loadContext(claims);
      const now = Date.now();
      if (!ctx || ctx.tokenId !== claims.jti || !sessionIsAlive(ctx, now)) {
        throw errors.unauthenticated(MESSAGES.invalidToken);
      }
      if (now - ctx.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
        await db.run(scopeFor(ctx.companyId), (tx) => authRepository.touchSession(tx, ctx.sessionId));
      }
      return {
        userId: ctx.userId,
        sessionId: ctx.sessionId,
        companyId: ctx.companyId,
        isSuperadmin: ctx.isSuperadmin,
        permissions: ctx.isSuperadmin ? ["*"] : ctx.permissions,
        user: toAuthUser(ctx),
        scope: scopeFor(ctx.companyId),
      };
    },

    /**
     * Rotation (docs/decisions/0004-sessions.md): the presented token must be the session's current one,
     * or the one its last rotation replaced less than REFRESH_GRACE_SECONDS ago (a twin: answered with a
     * token of the current id, ADR 0019); any other reuse revokes the session.
     */
    async refresh(token: string): Promise<{ token: string }> {
      const claims = await tokens.verifyIgnoringExpiry(token);
      if (!claims) throw errors.unauthenticated(MESSAGES.refreshFailed);
      const ctx = await loadContext(claims);
      if (!ctx || !sessionIsAlive(ctx, Date.now())) throw errors.unauthenticated(MESSAGES.refreshFailed);
      const tokenId = await db.run(scopeFor(ctx.companyId), async (tx) => {
        const current = await authRepository.rotateToken(
          tx,
          ctx.sessionId,
          claims.jti,
          randomUUID(),
          REFRESH_GRACE_SECONDS,
        );
        if (current) return current;
        await authRepository.revokeSession(tx, ctx.sessionId, "token_reuse");
        return undefined;
      });
      if (!tokenId) throw errors.unauthenticated(MESSAGES.refreshFailed);
      const signed = await tokens.sign({
        userId: ctx.userId,
        sessionId: ctx.sessionId,
        companyId: ctx.companyId,
        tokenId,
      });
      return { token: signed.token };
    },

    /** Revokes the session of a validly signed token, expired or not. */
    async logout(token: string): Promise<void> {
      const claims = await tokens.verifyIgnoringExpiry(token);
      if (!claims) throw errors.unauthenticated(MESSAGES.invalidToken);
      const ctx = await loadContext(claims);
      if (!ctx || ctx.tokenId !== claims.jti) throw errors.unauthenticated(MESSAGES.invalidToken);
      await db.run(scopeFor(ctx.companyId), (tx) => authRepository.revokeSession(tx, ctx.sessionId, "logout"));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
