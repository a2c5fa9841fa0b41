import type { Db } from "@server/db/client";
import { roles, sessions, users } from "@server/db/schema";
import { type ExpectedVersion, lockTenantVersion } from "@server/lib/versions";
import { and, eq, isNull, ne, sql } from "drizzle-orm";

/** The account a link opens, read in the platform scope (docs/domain/accounts.md#links-activation-and-account). */
export interface LinkAccount {
  id: string;
  email: string;
  fullName: string;
  hasPassword: boolean;
  isActive: boolean;
  companyId: string | null;
  companyName: string | null;
  companyStatus: string | null;
}

/** « Mon compte » as read from the database. */
export interface AccountRow {
  id: string;
  full_name: string;
  email: string;
  company_name: string | null;
  roles: string[];
  last_login_at: string | null;
}

/** The SQL of invitations, links, activation and « Mon compte »; the users' rows shown to admins come from users/. */
export const accountsRepository = {
  /** Locks the company's user and refuses a replaced version (ADR 0024). */
  lockVersion: (tx: Db, companyId: string, id: string, version: ExpectedVersion) =>
    lockTenantVersion(tx, version, users, companyId, id),

  /** The ids of the company's default roles (given to an invitee for whom no role is chosen). */
  async defaultRoleIds(tx: Db, companyId: string): Promise<string[]> {
    const rows = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.companyId, companyId), eq(roles.isDefault, true)));
    return rows.map((r) => r.id);
  },

  /** The company's user `id` (never a SuperAdmin), with what the administration checks; undefined elsewhere. */
  async companyUser(
    tx: Db,
    companyId: string,
    id: string,
  ): Promise<{ id: string; email: string; fullName: string; hasPassword: boolean; isActive: boolean } | undefined> {
    const [row] = await tx
      .select({
        id: users.id,
        email: users.email,
        fullName: users.fullName,
        hasPassword: sql<boolean>`${users.passwordHash} IS NOT NULL`,
        isActive: users.isActive,
      })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, id), eq(users.isSuperadmin, false)));
    return row;
  },

  /** Renames and / or (de)activates the company's user `id`. */
  async updateCompanyUser(
    tx: Db,
    companyId: string,
    id: string,
    values: { fullName?: string | undefined; isActive?: boolean | undefined },
  ): Promise<void> {
    const set: Partial<typeof users.$inferInsert> = {};
    if (values.fullName !== undefined) set.fullName = values.fullName;
    if (values.isActive !== undefined) set.isActive = values.isActive;
    if (Object.keys(set).length === 0) return;
    await tx
      .update(users)
      .set({ ...set, updatedAt: sql`now()` })
      .where(and(eq(users.companyId, companyId), eq(users.id, id)));
  },

  /** The account of `userId` with its company (any company: the platform scope of the public links). */
  async linkAccount(tx: Db, userId: string): Promise<LinkAccount | undefined> {
    const result = await tx.execute<{
      id: string;
      email: string;
      full_name: string;
      has_password: boolean;
      is_active: boolean;
      company_id: string | null;
      company_name: string | null;
      company_status: string | null;
    }>(sql`
      SELECT u.id, u.email, u.full_name, (u.password_hash IS NOT NULL) AS has_password, u.is_active,
             u.company_id, c.name AS company_name, c.status AS company_status
      FROM users u LEFT JOIN companies c ON c.id = u.company_id
      WHERE u.id = ${userId}`);
    const r = result.rows[0];
    return r
      ? {
          id: r.id,
          email: r.email,
          fullName: r.full_name,
          hasPassword: r.has_password,
          isActive: r.is_active,
          companyId: r.company_id,
          companyName: r.company_name,
          companyStatus: r.company_status,
        }
      : undefined;
  },

  async passwordHash(tx: Db, userId: string): Promise<string | null> {
    const [row] = await tx.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    return row?.hash ?? null;
  },

  async setPassword(tx: Db, userId: string, passwordHash: string): Promise<void> {
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
  },

  async rename(tx: Db, userId: string, fullName: string): Promise<void> {
    await tx.update(users).set({ fullName, updatedAt: sql`now()` }).where(eq(users.id, userId));
  },

  /** Revokes every live session of `userId` but `keepSessionId` (a password changed from « Mon compte »). */
  async revokeOtherSessions(tx: Db, userId: string, keepSessionId: string, reason: string): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
  },

  /** « Mon compte »: the user, its company's name and its roles' names (by name). */
  async account(tx: Db, userId: string): Promise<AccountRow | undefined> {
    const result = await tx.execute<Omit<AccountRow, "last_login_at"> & { last_login_at: string | Date | null }>(sql`
      SELECT u.id, u.full_name, u.email, c.name AS company_name, u.last_login_at,
             coalesce((SELECT array_agg(r.name ORDER BY r.name)
                       FROM user_roles ur JOIN roles r ON r.id = ur.role_id AND r.company_id = ur.company_id
                       WHERE ur.user_id = u.id AND ur.company_id = u.company_id), '{}') AS roles
      FROM users u LEFT JOIN companies c ON c.id = u.company_id
      WHERE u.id = ${userId}`);
    const r = result.rows[0];
    if (!r) return undefined;
    return { ...r, last_login_at: r.last_login_at === null ? null : new Date(r.last_login_at).toISOString() };
  },
};
