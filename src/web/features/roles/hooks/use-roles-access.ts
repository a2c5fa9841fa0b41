import { useCan } from "@web/hooks/use-can";

/** What the signed-in user may do with the roles (spec 3 §6), asked once through `useCan`. */
export function useRolesAccess() {
  return {
    canCreate: useCan("roles:create"),
    canEdit: useCan("roles:edit"),
    canDelete: useCan("roles:delete"),
    canAssignUsers: useCan("roles:assign_users"),
    canAssignPermissions: useCan("roles:assign_permissions"),
  };
}
