import type { Db } from "@server/db/client";
import { permissions, rolePermissions, roles, userRoles } from "@server/db/schema";
import { folded } from "@server/lib/search";
import { type ExpectedVersion, lockTenantVersion } from "@server/lib/versions";
import type { Role } from "@shared/accounts";
import { DEFAULT_ROLES, expandPermissionCodes } from "@shared/permissions";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";

/**
 * The company's roles (or the one of `id`) with their permissions and their number of users: one
 * statement, ordered by name, accents and case aside (docs/domain/accounts.md#users-and-roles).
 */
async function companyRoles(tx: Db, companyId: string, id?: string): Promise<Role[]> {
  const only: SQL = id ? sql`AND r.id = ${id}` : sql``;
  const result = await tx.execute<Omit<Role, "updated_at"> & { updated_at: string | Date }>(sql`
    SELECT r.id, r.name, r.description, r.is_default, r.updated_at,
           coalesce((SELECT json_agg(json_build_object('id', p.id, 'code', p.code) ORDER BY p.code)
                     FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
                     WHERE rp.company_id = ${companyId} AND rp.role_id = r.id), '[]'::json) AS permissions,
           (SELECT count(*)::int FROM user_roles ur
            WHERE ur.company_id = ${companyId} AND ur.role_id = r.id) AS user_count
    FROM roles r
    WHERE r.company_id = ${companyId} ${only}
    ORDER BY ${folded(sql`r.name`)}, r.id`);
  return result.rows.map((row) => ({ ...row, updated_at: new Date(row.updated_at).toISOString() }));
}

export const rolesRepository = {
  /** Locks the role and refuses a replaced version (ADR 0024). */
  lockVersion: (tx: Db, companyId: string, id: string, version: ExpectedVersion) =>
    lockTenantVersion(tx, version, roles, companyId, id),

  /** The roles every company starts with (DEFAULT_ROLES), with their permissions; ids by role name. */
  async createDefaults(tx: Db, companyId: string): Promise<Map<string, string>> {
    const catalogue = await tx.select({ id: permissions.id, code: permissions.code }).from(permissions);
    const idByCode = new Map(catalogue.map((p) => [p.code, p.id]));
    const roleIds = new Map<string, string>();
    for (const def of DEFAULT_ROLES) {
      const [role] = await tx
        .insert(roles)
        .values({ companyId, name: def.name, description: def.description, isDefault: def.isDefault })
        .returning({ id: roles.id });
      if (!role) throw new Error("role not created");
      roleIds.set(def.name, role.id);
      const links = expandPermissionCodes(def.permissions).flatMap((code) => {
        const permissionId = idByCode.get(code);
        return permissionId ? [{ companyId, roleId: role.id, permissionId }] : [];
      });
      if (links.length > 0) await tx.insert(rolePermissions).values(links);
    }
    return roleIds;
  },

  list(tx: Db, companyId: string): Promise<Role[]> {
    return companyRoles(tx, companyId);
  },

  /** One role of the company; undefined for another company's or an unknown id. */
  async find(tx: Db, companyId: string, id: string): Promise<Role | undefined> {
    return (await companyRoles(tx, companyId, id))[0];
  },

  /** The names of the company's roles, by id. */
  names(tx: Db, companyId: string): Promise<{ id: string; name: string }[]> {
    return tx.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.companyId, companyId));
  },

  /** Which of `ids` are roles of the company (another company's role is unknown here). */
  async companyRoleIds(tx: Db, companyId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.companyId, companyId), inArray(roles.id, [...ids])));
    return rows.map((r) => r.id);
  },

  /** The permission codes the roles `roleIds` hold together. */
  async codesOfRoles(tx: Db, companyId: string, roleIds: readonly string[]): Promise<string[]> {
    if (roleIds.length === 0) return [];
    const rows = await tx
      .selectDistinct({ code: permissions.code })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(and(eq(rolePermissions.companyId, companyId), inArray(rolePermissions.roleId, [...roleIds])));
    return rows.map((r) => r.code);
  },

  /** The catalogue's permissions among `ids` (an unknown id is absent). */
  async catalogue(tx: Db, ids: readonly string[]): Promise<{ id: string; code: string }[]> {
    if (ids.length === 0) return [];
    return tx
      .select({ id: permissions.id, code: permissions.code })
      .from(permissions)
      .where(inArray(permissions.id, [...ids]));
  },

  async insert(
    tx: Db,
    companyId: string,
    values: { name: string; description: string | null; isDefault: boolean },
  ): Promise<string> {
    const [row] = await tx
      .insert(roles)
      .values({ companyId, ...values })
      .returning({ id: roles.id });
    if (!row) throw new Error("role not inserted");
    return row.id;
  },

  async update(
    tx: Db,
    companyId: string,
    id: string,
    values: { name: string; description: string | null; isDefault: boolean },
  ): Promise<void> {
    await tx
      .update(roles)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(roles.companyId, companyId), eq(roles.id, id)));
  },

  /** Deletes the role; its links to users and permissions go with it (ON DELETE CASCADE). */
  async delete(tx: Db, companyId: string, id: string): Promise<void> {
    await tx.delete(roles).where(and(eq(roles.companyId, companyId), eq(roles.id, id)));
  },

  /** The role's permissions become exactly `permissionIds` (catalogue ids, checked by the caller). */
  async replacePermissions(tx: Db, companyId: string, roleId: string, permissionIds: readonly string[]) {
    await tx
      .update(roles)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(roles.companyId, companyId), eq(roles.id, roleId)));
    await tx
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.companyId, companyId), eq(rolePermissions.roleId, roleId)));
    if (permissionIds.length === 0) return;
    await tx.insert(rolePermissions).values(permissionIds.map((permissionId) => ({ companyId, roleId, permissionId })));
  },

  /** The ids of the role's users. */
  async userIds(tx: Db, companyId: string, roleId: string): Promise<string[]> {
    const rows = await tx
      .select({ id: userRoles.userId })
      .from(userRoles)
      .where(and(eq(userRoles.companyId, companyId), eq(userRoles.roleId, roleId)));
    return rows.map((r) => r.id);
  },

  /** Gives the role to `userIds` (users of the company, checked by the caller); those holding it keep it. */
  async addUsers(tx: Db, companyId: string, roleId: string, userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    await tx
      .insert(userRoles)
      .values(userIds.map((userId) => ({ companyId, userId, roleId })))
      .onConflictDoNothing();
  },

  /** Takes the role from `userIds`; a user who does not hold it is left as is. */
  async removeUsers(tx: Db, companyId: string, roleId: string, userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    await tx
      .delete(userRoles)
      .where(
        and(eq(userRoles.companyId, companyId), eq(userRoles.roleId, roleId), inArray(userRoles.userId, [...userIds])),
      );
  },
};
