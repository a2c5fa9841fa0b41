import type { Database, Db } from "@server/db/client";
import { type AuthContext, assertCan, idOr404, permissions, type TenantAccess, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import { isUniqueViolation } from "@server/lib/pg-errors";
import type { ExpectedVersion } from "@server/lib/versions";
import {
  ACCOUNT_TEXTS,
  type Role,
  type roleCreateSchema,
  type rolePermissionsBodySchema,
  type roleUpdateSchema,
  type roleUsersBodySchema,
} from "@shared/accounts";
import type { z } from "zod";
import { assertCompanyKeepsAnAdmin, lockCompanyAccounts } from "./admin-guard";
import { assertCanGrant, assertMayActOn } from "./grants";
import { rolesRepository } from "./roles.repository";
import { usersRepository } from "./users.repository";

/**
 * Who may do what with the roles (spec 3 §6, docs/domain/accounts.md#users-and-roles). Creating a role
 * with permissions also needs `roles:assign_permissions` (checked in `create`).
 */
export const ROLES_ACCESS = permissions({
  list: "roles:view",
  get: "roles:view",
  create: "roles:create",
  update: "roles:edit",
  remove: "roles:delete",
  setPermissions: "roles:assign_permissions",
  addUsers: "roles:assign_users",
  removeUsers: "roles:assign_users",
});

const noCompany = ACCOUNT_TEXTS.companyRequired;

const invalid = (path: string, message: string) => errors.validation(message, [{ path, message }]);

/** A role's description as stored: trimmed, blank → none. */
const descriptionOf = (description: string | null | undefined) => (description?.trim() ? description.trim() : null);

/**
 * The permissions as sent, checked: catalogue ids (400 unknownPermission), never a `superadmin:` code
 * (400 superadminPermission), and each one the role does not hold yet held by the caller (400
 * cannotGrantUnheld). Answers the ids without duplicates.
 */
async function checkPermissions(
  tx: Db,
  auth: AuthContext,
  ids: readonly string[],
  held: readonly string[],
): Promise<string[]> {
  const wanted = [...new Set(ids)];
  const found = await rolesRepository.catalogue(tx, wanted);
  if (found.length !== wanted.length) throw invalid("permission_ids", ACCOUNT_TEXTS.unknownPermission);
  if (found.some((p) => p.code.startsWith("superadmin:"))) {
    throw invalid("permission_ids", ACCOUNT_TEXTS.superadminPermission);
  }
  const already = new Set(held);
  assertCanGrant(
    auth,
    found.filter((p) => !already.has(p.code)).map((p) => p.code),
    "permission_ids",
  );
  return wanted;
}

/** The users as sent, checked: users of the company (another company's or an unknown id: 400 unknownUser). */
async function checkUsers(tx: Db, companyId: string, ids: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(ids)];
  const found = await usersRepository.companyUserIds(tx, companyId, wanted);
  if (found.length !== wanted.length) throw invalid("user_ids", ACCOUNT_TEXTS.unknownUser);
  return wanted;
}

/**
 * A role's name must be unused in the company, case aside (409 roleNameTaken). The unique index
 * roles_company_name_key compares lower(name), which under the database's C collation lowers ASCII
 * letters only: the names are compared here too, lower-cased in full (« ÉQUIPE » is « Équipe »), the
 * company's accounts locked so that two writes cannot cross; the index stays the last word.
 */
async function nameChecked<T>(
  tx: Db,
  companyId: string,
  name: string,
  self: string | null,
  write: () => Promise<T>,
): Promise<T> {
  await lockCompanyAccounts(tx, companyId);
  const wanted = name.toLowerCase();
  const names = await rolesRepository.names(tx, companyId);
  if (names.some((r) => r.id !== self && r.name.toLowerCase() === wanted)) {
    throw errors.conflict(ACCOUNT_TEXTS.roleNameTaken);
  }
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, "roles_company_name_key")) throw errors.conflict(ACCOUNT_TEXTS.roleNameTaken);
    throw error;
  }
}

export function createRolesService(db: Database) {
  async function found(tx: Db, t: TenantAccess, id: string): Promise<Role> {
    const role = await rolesRepository.find(tx, t.companyId, id);
    if (!role) throw errors.notFound(ACCOUNT_TEXTS.roleNotFound);
    return role;
  }

  /** `id` checked, then `change` in the company's transaction, answering the role as it then is. */
  function onRole(
    t: TenantAccess,
    id: string,
    change: (tx: Db, role: Role) => Promise<void>,
    guard: boolean,
  ): Promise<Role> {
    const roleId = idOr404(id, ACCOUNT_TEXTS.roleNotFound);
    return db.run(t.scope, async (tx) => {
      if (guard) await lockCompanyAccounts(tx, t.companyId);
      await change(tx, await found(tx, t, roleId));
      if (guard) await assertCompanyKeepsAnAdmin(tx, t.companyId);
      return found(tx, t, roleId);
    });
  }

  return {
    /** Every role of the company by name, with its permissions and number of users. */
    async list(auth: AuthContext): Promise<{ data: Role[] }> {
      const t = tenant(auth, ROLES_ACCESS.list, noCompany);
      return { data: await db.run(t.scope, (tx) => rolesRepository.list(tx, t.companyId)) };
    },

    async get(auth: AuthContext, id: string): Promise<Role> {
      const t = tenant(auth, ROLES_ACCESS.get, noCompany);
      const roleId = idOr404(id, ACCOUNT_TEXTS.roleNotFound);
      return db.run(t.scope, (tx) => found(tx, t, roleId));
    },

    async create(auth: AuthContext, input: z.infer<typeof roleCreateSchema>): Promise<Role> {
      const t = tenant(auth, ROLES_ACCESS.create, noCompany);
      const permissionIds = input.permission_ids ?? [];
      if (permissionIds.length > 0) assertCan(auth, ROLES_ACCESS.setPermissions);
      return db.run(t.scope, async (tx) => {
        const ids = await checkPermissions(tx, auth, permissionIds, []);
        const roleId = await nameChecked(tx, t.companyId, input.name, null, () =>
          rolesRepository.insert(tx, t.companyId, {
            name: input.name,
            description: descriptionOf(input.description),
            isDefault: input.is_default ?? false,
          }),
        );
        await rolesRepository.replacePermissions(tx, t.companyId, roleId, ids);
        return found(tx, t, roleId);
      });
    },

    /** Name, description and the default flag; the permissions and users are left as they are. */
    async update(
      auth: AuthContext,
      id: string,
      input: z.infer<typeof roleUpdateSchema>,
      version?: ExpectedVersion,
    ): Promise<Role> {
      const t = tenant(auth, ROLES_ACCESS.update, noCompany);
      return onRole(
        t,
        id,
        async (tx, role) => {
          await rolesRepository.lockVersion(tx, t.companyId, role.id, version);
          await nameChecked(tx, t.companyId, input.name, role.id, () =>
            rolesRepository.update(tx, t.companyId, role.id, {
              name: input.name,
              description: descriptionOf(input.description),
              isDefault: input.is_default,
            }),
          );
        },
        false,
      );
    },

    /**
     * Deletes a role that is not a default one (409 defaultRoleLocked); its links go with it. Guarded; a
     * holder who holds a permission the caller lacks: 403 roleHolderStronger.
     */
    async remove(auth: AuthContext, id: string): Promise<void> {
      const t = tenant(auth, ROLES_ACCESS.remove, noCompany);
      const roleId = idOr404(id, ACCOUNT_TEXTS.roleNotFound);
      await db.run(t.scope, async (tx) => {
        await lockCompanyAccounts(tx, t.companyId);
        const role = await found(tx, t, roleId);
        if (role.is_default) throw errors.conflict(ACCOUNT_TEXTS.defaultRoleLocked);
        const holders = await rolesRepository.userIds(tx, t.companyId, role.id);
        await assertMayActOn(tx, auth, t.companyId, holders, ACCOUNT_TEXTS.roleHolderStronger);
        await rolesRepository.delete(tx, t.companyId, role.id);
        await assertCompanyKeepsAnAdmin(tx, t.companyId);
      });
    },

    /**
     * The role's permissions become exactly `permission_ids`. Guarded (admin:access taken away); taking
     * any away from a role whose holder holds a permission the caller lacks: 403 roleHolderStronger.
     */
    async setPermissions(
      auth: AuthContext,
      id: string,
      body: z.infer<typeof rolePermissionsBodySchema>,
    ): Promise<Role> {
      const t = tenant(auth, ROLES_ACCESS.setPermissions, noCompany);
      return onRole(
        t,
        id,
        async (tx, role) => {
          const held = role.permissions.map((p) => p.code);
          const ids = await checkPermissions(tx, auth, body.permission_ids, held);
          // Taking permissions away acts on each holder: none may hold more than the caller (no takeover).
          const kept = new Set(ids);
          if (role.permissions.some((p) => !kept.has(p.id))) {
            const holders = await rolesRepository.userIds(tx, t.companyId, role.id);
            await assertMayActOn(tx, auth, t.companyId, holders, ACCOUNT_TEXTS.roleHolderStronger);
          }
          await rolesRepository.replacePermissions(tx, t.companyId, role.id, ids);
        },
        true,
      );
    },

    /**
     * Gives the role to users of the company (those holding it keep it). Giving it to someone who did
     * not hold it needs every permission of the role (400 cannotGrantUnheld), and that he holds none the
     * caller lacks (403 cannotActOnStronger).
     */
    async addUsers(auth: AuthContext, id: string, body: z.infer<typeof roleUsersBodySchema>): Promise<Role> {
      const t = tenant(auth, ROLES_ACCESS.addUsers, noCompany);
      return onRole(
        t,
        id,
        async (tx, role) => {
          const userIds = await checkUsers(tx, t.companyId, body.user_ids);
          const holders = new Set(await rolesRepository.userIds(tx, t.companyId, role.id));
          const added = userIds.filter((userId) => !holders.has(userId));
          if (added.length === 0) return;
          await assertMayActOn(tx, auth, t.companyId, added);
          assertCanGrant(
            auth,
            role.permissions.map((p) => p.code),
            "user_ids",
          );
          await rolesRepository.addUsers(tx, t.companyId, role.id, added);
        },
        false,
      );
    },

    /**
     * Takes the role from users of the company (a user without it is left as is). Guarded; a holder
     * who holds a permission the caller lacks: 403 cannotActOnStronger.
     */
    async removeUsers(auth: AuthContext, id: string, body: z.infer<typeof roleUsersBodySchema>): Promise<Role> {
      const t = tenant(auth, ROLES_ACCESS.removeUsers, noCompany);
      return onRole(
        t,
        id,
        async (tx, role) => {
          const userIds = await checkUsers(tx, t.companyId, body.user_ids);
          const holders = new Set(await rolesRepository.userIds(tx, t.companyId, role.id));
          await assertMayActOn(
            tx,
            auth,
            t.companyId,
            userIds.filter((userId) => holders.has(userId)),
          );
          await rolesRepository.removeUsers(tx, t.companyId, role.id, userIds);
        },
        true,
      );
    },
  };
}
