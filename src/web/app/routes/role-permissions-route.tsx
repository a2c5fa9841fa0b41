import { RolePermissionsPage } from "@web/features/roles/components/role-permissions-page";
import { useViewport } from "@web/hooks/use-viewport";
import { useParams } from "react-router";
import { PermissionRoute } from "./permission-route";

/** /app/admin/roles/:roleId/permissions (spec 3 §2.11); roles:assign_permissions. */
export function RolePermissionsRoute() {
  const isMobile = useViewport() !== "desktop";
  const { roleId = "" } = useParams();
  return (
    <PermissionRoute permission="roles:assign_permissions">
      <title>Permissions du rôle · Propulse</title>
      <RolePermissionsPage key={roleId} roleId={roleId} isMobile={isMobile} />
    </PermissionRoute>
  );
}
