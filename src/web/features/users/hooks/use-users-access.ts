import { useCan } from "@web/hooks/use-can";

/** What the signed-in user may do on the users screen (spec 3 §6, docs/domain/accounts.md), asked once through `useCan`. */
export function useUsersAccess() {
  const canViewRoles = useCan("roles:view");
  return {
    canViewRoles,
    /** « Gérer les rôles »: the roles are listed (roles:view) and given (roles:assign_users). */
    canManageRoles: useCan("roles:assign_users") && canViewRoles,
    canInvite: useCan("users:create"),
    canEdit: useCan("users:edit"),
  };
}
