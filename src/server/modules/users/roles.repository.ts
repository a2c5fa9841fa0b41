import type { Db } from "@server/db/client";
import { permissions, rolePermissions, roles } from "@server/db/schema";
import { DEFAULT_ROLES, expandPermissionCodes } from "@shared/permissions";

export const rolesRepository = {
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
};
