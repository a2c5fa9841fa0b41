import type { AuthContext } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import { ACCOUNT_TEXTS } from "@shared/accounts";
import { hasPermission } from "@shared/permissions";

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
