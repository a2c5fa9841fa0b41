import { RoleUsersPage } from "@web/features/roles/components/role-users-page";
import { useViewport } from "@web/hooks/use-viewport";
import { useParams } from "react-router";
import { PermissionRoute } from "./permission-route";

/**
 * /app/admin/roles/:roleId/users (spec 3 §2.12): guarded by « roles.assign_users », the dotted spelling
 * the spec gives (the check reads both spellings, docs/domain/permissions.md).
 */
export function RoleUsersRoute() {
  const isMobile = useViewport() !== "desktop";
  const { roleId = "" } = useParams();
  return (
    <PermissionRoute permission="roles.assign_users">
      <title>Utilisateurs du rôle · Propulse</title>
      <RoleUsersPage key={roleId} roleId={roleId} isMobile={isMobile} />
    </PermissionRoute>
  );
}
