import { type Database, type Db, isUuid, type Scope } from "@server/db/client";
import { loginThrottle, sessions, users } from "@server/db/schema";
import { and, eq, inArray, sql } from "drizzle-orm";

export interface LoginCandidate {
  id: string;
  companyId: string | null;
  /** Null while an invitation is pending (never signs in). */
  passwordHash: string | null;
  isActive: boolean;
  companyStatus: string | null;
}

/** Everything a request needs about its session, its user and their permissions, in one query. */
export interface SessionContext {
  sessionId: string;
  tokenId: string;
  expiresAt: Date;
  lastUsedAt: Date;
  revokedAt: Date | null;
  userId: string;
  email: string;
  fullName: string;
  avatarUrl: string | null;
  isActive: boolean;
  isSuperadmin: boolean;
  companyId: string | null;
  companyName: string | null;
  companyStatus: string | null;
  roles: { id: string; name: string }[];
  permissions: string[];
}

type SessionContextRow = {
  session_id: string;
  token_id: string;
  expires_at: Date;
  last_used_at: Date;
  revoked_at: Date | null;
  user_id: string;
  email: string;
  full_name: string;
  avatar_url: string | null;
  is_active: boolean;
  is_superadmin: boolean;
  company_id: string | null;
  company_name: string | null;
  company_status: string | null;
  roles: { id: string; name: string }[];
  permissions: string[];
};

const toSessionContext = (r: SessionContextRow): SessionContext => ({
  sessionId: r.session_id,
  tokenId: r.token_id,
  expiresAt: new Date(r.expires_at),
  lastUsedAt: new Date(r.last_used_at),
  revokedAt: r.revoked_at ? new Date(r.revoked_at) : null,
  userId: r.user_id,
  email: r.email,
  fullName: r.full_name,
  avatarUrl: r.avatar_url,
  isActive: r.is_active,
  isSuperadmin: r.is_superadmin,
  companyId: r.company_id,
  companyName: r.company_name,
  companyStatus: r.company_status,
  roles: r.roles,
  permissions: r.permissions,
});

export const authRepository = {
  async findLoginCandidate(tx: Db, email: string): Promise<LoginCandidate | undefined> {
    const rows = await tx.execute<{
      id: string;
      company_id: string | null;
      password_hash: string | null;
      is_active: boolean;
      company_status: string | null;
    }>(sql`
      SELECT u.id, u.company_id, u.password_hash, u.is_active, c.status AS company_status
      FROM users u LEFT JOIN companies c ON c.id = u.company_id
      WHERE lower(u.email) = lower(${email})`);
    const row = rows.rows[0];
    return row
      ? {
          id: row.id,
          companyId: row.company_id,
          passwordHash: row.password_hash,
          isActive: row.is_active,
          companyStatus: row.company_status,
        }
      : undefined;
  },

  async createSession(
    tx: Db,
    input: {
      userId: string;
      companyId: string | null;
      tokenId: string;
      expiresAt: Date;
      userAgent: string | null;
      ip: string | null;
    },
  ): Promise<string> {
    const [row] = await tx.insert(sessions).values(input).returning({ id: sessions.id });
    if (!row) throw new Error("session not created");
    await tx.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, input.userId));
    return row.id;
  },

  /**
   * The session, its user, company, roles and permissions in one call: `session_context()` (migration
   * 0010) keeps the query's plan per connection — planning it cost seven times running it.
   */
  async loadSessionContext(tx: Db, sessionId: string): Promise<SessionContext | undefined> {
    const result = await tx.execute<SessionContextRow>(sql`SELECT * FROM session_context(${sessionId}::uuid)`);
    const row = result.rows[0];
    return row ? toSessionContext(row) : undefined;
  },

  /**
   * The same, outside any transaction, in one round trip (`Database.read`): what every authenticated
   * request asks first. Undefined for an id that is not a UUID (PostgreSQL would refuse the cast).
   */
  async sessionContext(db: Database, scope: Scope, sessionId: string): Promise<SessionContext | undefined> {
    if (!isUuid(sessionId)) return undefined;
    const [row] = await db.read<SessionContextRow>(scope, sql`SELECT * FROM session_context(${sessionId}::uuid)`);
    return row ? toSessionContext(row) : undefined;
  },

  async touchSession(tx: Db, sessionId: string): Promise<void> {
    await tx.update(sessions).set({ lastUsedAt: sql`now()` }).where(eq(sessions.id, sessionId));
  },

  /**
   * Rotation (ADR 0004, with ADR 0019's grace): when `fromTokenId` is the session's current token id it
   * is replaced by `toTokenId` (kept as the previous one, with the time); answers `toTokenId`. When
   * `fromTokenId` is the one the last rotation replaced, less than `graceSeconds` ago — its twin, two
   * tabs refreshing at once — answers the current id unchanged. Otherwise undefined: a reuse. Two
   * twins at the same time: the second's UPDATE waits for the first's commit, then finds the row
   * rotated and reads it as a twin.
   */
  async rotateToken(
    tx: Db,
    sessionId: string,
    fromTokenId: string,
    toTokenId: string,
    graceSeconds: number,
  ): Promise<string | undefined> {
    const rows = await tx
      .update(sessions)
      .set({
        previousTokenId: sql`${sessions.tokenId}`,
        tokenId: toTokenId,
        rotatedAt: sql`now()`,
        lastUsedAt: sql`now()`,
      })
      .where(and(eq(sessions.id, sessionId), eq(sessions.tokenId, fromTokenId), sql`${sessions.revokedAt} IS NULL`))
      .returning({ tokenId: sessions.tokenId });
    if (rows[0]) return rows[0].tokenId;
    const grace = sql.raw(`interval '${Math.trunc(graceSeconds)} seconds'`);
    const [twin] = await tx
      .select({ tokenId: sessions.tokenId })
      .from(sessions)
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.previousTokenId, fromTokenId),
          sql`${sessions.rotatedAt} > now() - ${grace}`,
          sql`${sessions.revokedAt} IS NULL`,
        ),
      );
    return twin?.tokenId;
  },

  async revokeSession(tx: Db, sessionId: string, reason: string): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), sql`${sessions.revokedAt} IS NULL`));
  },

  async revokeUserSessions(tx: Db, userId: string, reason: string): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(and(eq(sessions.userId, userId), sql`${sessions.revokedAt} IS NULL`));
  },
};

/** Login throttling (per IP and per account) in PostgreSQL, so every API process shares it. */
export const throttleRepository = {
  /** Seconds until one of `keys` may try again, or 0. */
  async blockedFor(tx: Db, keys: string[]): Promise<number> {
    const rows = await tx
      .select({ wait: sql<number | null>`ceil(extract(epoch FROM max(${loginThrottle.blockedUntil}) - now()))::int` })
      .from(loginThrottle)
      .where(inArray(loginThrottle.key, keys));
    return Math.max(0, rows[0]?.wait ?? 0);
  },

  /** Counts one failure for `key` in a sliding window; blocks the key when `limit` is reached. */
  async recordFailure(tx: Db, key: string, limit: number, windowMinutes: number): Promise<void> {
    const window = sql.raw(`interval '${Math.trunc(windowMinutes)} minutes'`);
    await tx.execute(sql`
      INSERT INTO login_throttle AS t (key, failures, window_started_at) VALUES (${key}, 1, now())
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN t.window_started_at < now() - ${window} THEN 1 ELSE t.failures + 1 END,
        window_started_at = CASE WHEN t.window_started_at < now() - ${window} THEN now() ELSE t.window_started_at END,
        blocked_until = CASE
          WHEN t.window_started_at >= now() - ${window} AND t.failures + 1 >= ${limit} THEN now() + ${window}
          ELSE t.blocked_until END`);
  },

  async clear(tx: Db, key: string): Promise<void> {
    await tx.delete(loginThrottle).where(eq(loginThrottle.key, key));
  },
};
