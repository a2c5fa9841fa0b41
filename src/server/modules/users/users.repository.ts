import type { Db } from "@server/db/client";
import { permissions, rolePermissions, userRoles, users } from "@server/db/schema";
import { containsPattern, folded } from "@server/lib/search";
import type { CompanyUser } from "@shared/accounts";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";

type RawCompanyUser = Omit<CompanyUser, "last_login_at"> & {
  last_login_at: string | Date | null;
  permission_codes: string[];
};

/** A user as the list reads him, with the codes of the permissions his roles give (never answered). */
export type CompanyUserWithCodes = CompanyUser & { permission_codes: string[] };

/**
 * The company's users as the administration shows them, in ONE statement whatever their number: each
 * with its roles (by name) and whether one of them holds `admin:access`; ordered by name (accents and
 * case aside). `search` in the name or the e-mail, accents and case aside; `roleId` keeps the holders
 * of that role; `ids` these users only. SuperAdmins (no company) never appear.
 */
async function companyUsers(
  tx: Db,
  companyId: string,
  filter: { search?: string | undefined; roleId?: string | undefined; ids?: readonly string[] },
): Promise<CompanyUserWithCodes[]> {
  const conditions: SQL[] = [sql`u.company_id = ${companyId}`, sql`NOT u.is_superadmin`];
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(sql`(${folded(sql`u.full_name`)} LIKE ${pattern} OR ${folded(sql`u.email`)} LIKE ${pattern})`);
  }
  if (filter.roleId) {
    conditions.push(sql`EXISTS (SELECT 1 FROM user_roles f
      WHERE f.company_id = ${companyId} AND f.user_id = u.id AND f.role_id = ${filter.roleId})`);
  }
  if (filter.ids) {
    if (filter.ids.length === 0) return [];
    conditions.push(
      sql`u.id IN (${sql.join(
        filter.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  // The company's roles once — each as its JSON and its permission codes — then each user's from them
  // (his roles, admin:access among the codes, every code for the no-takeover rule): a role is looked up
  // once per statement, not once per user who holds it.
  const result = await tx.execute<RawCompanyUser>(sql`
    WITH company_roles AS MATERIALIZED (
      SELECT ro.id, ${folded(sql`ro.name`)} AS sort_key,
             json_build_object('id', ro.id, 'name', ro.name, 'description', ro.description) AS role,
             ARRAY(SELECT p.code FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
                   WHERE rp.company_id = ${companyId} AND rp.role_id = ro.id) AS codes
      FROM roles ro WHERE ro.company_id = ${companyId}
    )
    SELECT u.id, u.full_name, u.email, u.is_active, u.last_login_at, u.updated_at,
           (u.password_hash IS NULL) AS invitation_pending,
           coalesce(r.roles, '[]'::json) AS roles,
           coalesce(r.is_admin, false) AS is_admin,
           coalesce(pc.codes, '{}') AS permission_codes
    FROM users u
    LEFT JOIN LATERAL (
      SELECT json_agg(cr.role ORDER BY cr.sort_key, cr.id) AS roles,
             bool_or('admin:access' = ANY(cr.codes)) AS is_admin
      FROM user_roles ur JOIN company_roles cr ON cr.id = ur.role_id
      WHERE ur.company_id = ${companyId} AND ur.user_id = u.id
    ) r ON true
    LEFT JOIN LATERAL (
      SELECT array_agg(DISTINCT code) AS codes
      FROM user_roles ur JOIN company_roles cr ON cr.id = ur.role_id, unnest(cr.codes) AS code
      WHERE ur.company_id = ${companyId} AND ur.user_id = u.id
    ) pc ON true
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY ${folded(sql`u.full_name`)}, u.id`);
  return result.rows.map((row) => ({
    ...row,
    last_login_at: row.last_login_at === null ? null : new Date(row.last_login_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  }));
}

/** Accounts: created by company provisioning, the seeds, create-superadmin and (soon) user administration. */
export const usersRepository = {
  async create(
    tx: Db,
    input: {
      companyId: string | null;
      email: string;
      fullName: string;
      /** Null: an invited account, until its password is chosen. */
      passwordHash: string | null;
      isSuperadmin?: boolean;
      roleIds?: string[];
    },
  ): Promise<string> {
    const [user] = await tx
      .insert(users)
      .values({
        companyId: input.companyId,
        email: input.email.trim().toLowerCase(),
        fullName: input.fullName,
        passwordHash: input.passwordHash,
        isSuperadmin: input.isSuperadmin ?? false,
      })
      .returning({ id: users.id });
    if (!user) throw new Error("user not created");
    const companyId = input.companyId;
    if (companyId && input.roleIds?.length) {
      await tx.insert(userRoles).values(input.roleIds.map((roleId) => ({ companyId, userId: user.id, roleId })));
    }
    return user.id;
  },

  async emailsTaken(tx: Db, emails: string[]): Promise<string[]> {
    const rows = await tx
      .select({ email: users.email })
      .from(users)
      .where(
        inArray(
          sql`lower(${users.email})`,
          emails.map((e) => e.toLowerCase()),
        ),
      );
    return rows.map((r) => r.email);
  },

  /** GET /api/company/users: the company's users, filtered, by name, each with his permission codes (one statement). */
  list(tx: Db, companyId: string, filter: { search?: string | undefined; roleId?: string | undefined }) {
    return companyUsers(tx, companyId, filter);
  },

  /** One user of the company as the administration shows it; undefined for another company's or an unknown id. */
  async find(tx: Db, companyId: string, id: string): Promise<CompanyUser | undefined> {
    const found = (await companyUsers(tx, companyId, { ids: [id] }))[0];
    if (!found) return undefined;
    const { permission_codes: _codes, ...user } = found;
    return user;
  },

  /** Which of `ids` are users of the company (any other id, another company's included, is unknown here). */
  async companyUserIds(tx: Db, companyId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.isSuperadmin, false), inArray(users.id, [...ids])));
    return rows.map((r) => r.id);
  },

  /** The role ids the user holds. */
  async roleIds(tx: Db, companyId: string, userId: string): Promise<string[]> {
    const rows = await tx
      .select({ id: userRoles.roleId })
      .from(userRoles)
      .where(and(eq(userRoles.companyId, companyId), eq(userRoles.userId, userId)));
    return rows.map((r) => r.id);
  },

  /**
   * The permission codes each of `userIds` holds through his roles (a user without any is absent):
   * what an action on him must not exceed (docs/domain/accounts.md#no-takeover).
   */
  async permissionCodes(tx: Db, companyId: string, userIds: readonly string[]): Promise<Map<string, string[]>> {
    const held = new Map<string, string[]>();
    if (userIds.length === 0) return held;
    const rows = await tx
      .selectDistinct({ userId: userRoles.userId, code: permissions.code })
      .from(userRoles)
      .innerJoin(
        rolePermissions,
        and(eq(rolePermissions.companyId, companyId), eq(rolePermissions.roleId, userRoles.roleId)),
      )
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(and(eq(userRoles.companyId, companyId), inArray(userRoles.userId, [...userIds])));
    for (const row of rows) held.set(row.userId, [...(held.get(row.userId) ?? []), row.code]);
    return held;
  },

  /** The user's roles become exactly `roleIds` (roles of the company, checked by the caller). */
  async replaceRoles(tx: Db, companyId: string, userId: string, roleIds: readonly string[]): Promise<void> {
    await tx.delete(userRoles).where(and(eq(userRoles.companyId, companyId), eq(userRoles.userId, userId)));
    if (roleIds.length === 0) return;
    await tx.insert(userRoles).values(roleIds.map((roleId) => ({ companyId, userId, roleId })));
  },
};
