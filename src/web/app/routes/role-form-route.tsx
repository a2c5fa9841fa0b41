import { RoleFormPage } from "@web/features/roles/components/role-form-page";
import { useViewport } from "@web/hooks/use-viewport";
import { useParams } from "react-router";
import { PermissionRoute } from "./permission-route";

/** /app/admin/roles/new (spec 3 §2.10): « Créer un nouveau rôle »; roles:create. */
export function RoleNewRoute() {
  const isMobile = useViewport() !== "desktop";
  return (
    <PermissionRoute permission="roles:create">
      <title>Nouveau rôle · Propulse</title>
      <RoleFormPage roleId={null} isMobile={isMobile} />
    </PermissionRoute>
  );
}

/** /app/admin/roles/:roleId (spec 3 §2.10): « Modifier le rôle »; roles:edit. */
export function RoleEditRoute() {
  const isMobile = useViewport() !== "desktop";
  const { roleId = "" } = useParams();
  return (
    <PermissionRoute permission="roles:edit">
      <title>Modifier le rôle · Propulse</title>
      <RoleFormPage key={roleId} roleId={roleId} isMobile={isMobile} />
    </PermissionRoute>
  );
}
