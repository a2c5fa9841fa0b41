import type { Database } from "@server/db/client";
import { type AuthContext, idOr404, permissions, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import {
  ACCOUNT_TEXTS,
  type CompanyUser,
  type companyUsersQuerySchema,
  type userRolesBodySchema,
} from "@shared/accounts";
import type { z } from "zod";
import { assertCompanyKeepsAnAdmin, lockCompanyAccounts } from "./admin-guard";
import { assertCanGrant, assertMayActOn, unheldCodes } from "./grants";
import { rolesRepository } from "./roles.repository";
import { usersRepository } from "./users.repository";

/** Who may see the company's users and change their roles (spec 3 §6, docs/domain/accounts.md#users-and-roles). */
export const COMPANY_USERS_ACCESS = permissions({
  list: "users:view",
  setRoles: "roles:assign_users",
});

const noCompany = ACCOUNT_TEXTS.companyRequired;

export function createCompanyUsersService(db: Database) {
  return {
    /** The company's users by name; `search` in the name or the e-mail, `role_id` the holders of a role. */
    async list(auth: AuthContext, query: z.infer<typeof companyUsersQuerySchema>): Promise<{ data: CompanyUser[] }> {
      const t = tenant(auth, COMPANY_USERS_ACCESS.list, noCompany);
      const data = await db.run(t.scope, async (tx) => {
        const users = await usersRepository.list(tx, t.companyId, {
          search: query.search || undefined,
          roleId: query.role_id,
        });
        // Whom the caller may act on: the no-takeover rule, on the codes read with the list.
        return users.map(({ permission_codes, ...u }) => ({
          ...u,
          may_act: u.id === auth.userId || unheldCodes(auth, permission_codes).length === 0,
        }));
      });
      return { data };
    },

    /**
     * The user's roles become exactly `role_ids`. Another company's user: 404; a role that is not the
     * company's: 400 unknownRole; a role added whose permissions the caller lacks: 400 cannotGrantUnheld;
     * the company left without an administrator: 409 lastAdmin.
     */
    async setRoles(auth: AuthContext, userId: string, body: z.infer<typeof userRolesBodySchema>): Promise<CompanyUser> {
      const t = tenant(auth, COMPANY_USERS_ACCESS.setRoles, noCompany);
      const id = idOr404(userId, ACCOUNT_TEXTS.userNotFound);
      const roleIds = [...new Set(body.role_ids)];
      return db.run(t.scope, async (tx) => {
        await lockCompanyAccounts(tx, t.companyId);
        if ((await usersRepository.companyUserIds(tx, t.companyId, [id])).length === 0) {
          throw errors.notFound(ACCOUNT_TEXTS.userNotFound);
        }
        await assertMayActOn(tx, auth, t.companyId, [id]);
        const known = new Set(await rolesRepository.companyRoleIds(tx, t.companyId, roleIds));
        if (roleIds.some((roleId) => !known.has(roleId))) {
          throw errors.validation(ACCOUNT_TEXTS.unknownRole, [
            { path: "role_ids", message: ACCOUNT_TEXTS.unknownRole },
          ]);
        }
        const current = new Set(await usersRepository.roleIds(tx, t.companyId, id));
        const added = roleIds.filter((roleId) => !current.has(roleId));
        assertCanGrant(auth, await rolesRepository.codesOfRoles(tx, t.companyId, added), "role_ids");
        await usersRepository.replaceRoles(tx, t.companyId, id, roleIds);
        await assertCompanyKeepsAnAdmin(tx, t.companyId);
        const user = await usersRepository.find(tx, t.companyId, id);
        if (!user) throw errors.notFound(ACCOUNT_TEXTS.userNotFound);
        return user;
      });
    },
  };
}
