import { RolesPage } from "@web/features/roles/components/roles-page";
import { useViewport } from "@web/hooks/use-viewport";
import { PermissionRoute } from "./permission-route";

/** /app/admin/roles: the company's roles (spec 3 §2.9, docs/domain/accounts.md); roles:view. */
export function RolesRoute() {
  const isMobile = useViewport() !== "desktop";
  return (
    <PermissionRoute permission="roles:view">
      <title>Rôles · Propulse</title>
      <RolesPage isMobile={isMobile} />
    </PermissionRoute>
  );
}
