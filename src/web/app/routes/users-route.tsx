import { UsersPage } from "@web/features/users/components/users-page";
import { useViewport } from "@web/hooks/use-viewport";
import { PermissionRoute } from "./permission-route";

/** /users: the company's users (spec 3 §2.8, docs/domain/accounts.md); without users:view, « Accès refusé ». */
export function UsersRoute() {
  const isMobile = useViewport() !== "desktop";
  return (
    <PermissionRoute permission="users:view">
      <title>Utilisateurs · Propulse</title>
      <UsersPage isMobile={isMobile} />
    </PermissionRoute>
  );
}
