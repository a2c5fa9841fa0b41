import { inArray, sql } from "drizzle-orm";
import { DEFAULT_ROLES, expandPermissionCodes } from "../../../shared/permissions";
import type { Db } from "../../db/client";
import { companies, permissions, rolePermissions, roles, userRoles, users } from "../../db/schema";

export const companiesRepository = {
  /** A new company with the default roles of design §5.7 (run in platform scope). */
  async provision(tx: Db, input: { name: string }): Promise<{ id: string; roleIds: Map<string, string> }> {
    const [company] = await tx.insert(companies).values({ name: input.name }).returning({ id: companies.id });
    if (!company) throw new Error("company not created");
    const catalogue = await tx.select({ id: permissions.id, code: permissions.code }).from(permissions);
    const idByCode = new Map(catalogue.map((p) => [p.code, p.id]));
    const roleIds = new Map<string, string>();
    for (const def of DEFAULT_ROLES) {
      const [role] = await tx
        .insert(roles)
        .values({ companyId: company.id, name: def.name, description: def.description, isDefault: def.isDefault })
        .returning({ id: roles.id });
      if (!role) throw new Error("role not created");
      roleIds.set(def.name, role.id);
      const links = expandPermissionCodes(def.permissions).flatMap((code) => {
        const permissionId = idByCode.get(code);
        return permissionId ? [{ companyId: company.id, roleId: role.id, permissionId }] : [];
      });
      if (links.length > 0) await tx.insert(rolePermissions).values(links);
    }
    return { id: company.id, roleIds };
  },

  async createUser(
    tx: Db,
    input: {
      companyId: string | null;
      email: string;
      fullName: string;
      passwordHash: string;
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
};
