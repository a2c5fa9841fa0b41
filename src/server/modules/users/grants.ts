import type { Db } from "@server/db/client";
import type { AuthContext } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import { ACCOUNT_TEXTS } from "@shared/accounts";
import { hasPermission } from "@shared/permissions";
import { usersRepository } from "./users.repository";

/**
 * No self-escalation (docs/domain/accounts.md#no-self-escalation): what a user gives — permissions to a
 * role, or a role's permissions to a user, himself included — he must hold himself. Held in either
 * spelling (`roles:assign_users`, `roles.assign_users`) or through a wildcard, as `hasPermission` reads.
 */
export function unheldCodes(auth: AuthContext, codes: readonly string[]): string[] {
  const actor = { role: auth.user.role, permissions: auth.permissions };
  return codes.filter((code) => !hasPermission(actor, code));
}

/** 400 cannotGrantUnheld when `codes` holds a permission the caller lacks. */
export function assertCanGrant(auth: AuthContext, codes: readonly string[], path: string): void {
  if (unheldCodes(auth, codes).length > 0) {
    throw errors.validation(ACCOUNT_TEXTS.cannotGrantUnheld, [{ path, message: ACCOUNT_TEXTS.cannotGrantUnheld }]);
  }
}

/**
 * No takeover (docs/domain/accounts.md#no-takeover): an action on another user — a reset link, an
 * invitation link, his activation or name, his roles — is refused (403 cannotActOnStronger) when he
 * holds a permission the caller lacks; otherwise a holder of `users:*` alone could reset an
 * administrator's password and sign in as him. A user acting on himself follows the other rules.
 */
export async function assertMayActOn(
  tx: Db,
  auth: AuthContext,
  companyId: string,
  userIds: readonly string[],
  message: string = ACCOUNT_TEXTS.cannotActOnStronger,
): Promise<void> {
  const others = userIds.filter((id) => id !== auth.userId);
  const held = await usersRepository.permissionCodes(tx, companyId, others);
  for (const codes of held.values()) {
    if (unheldCodes(auth, codes).length > 0) throw errors.forbidden(message);
  }
}
