import type { ReactNode } from "react";
import { AccessDenied } from "../../components/access-denied";
import { Spinner } from "../../components/ui/spinner";
import { usePermissions } from "../../features/auth/hooks/use-permissions";

/**
 * A screen for holders of `permission` only: a spinner while permissions load, 'Accès refusé'
 * without it. The server refuses the data anyway; this keeps the screen honest.
 */
export function PermissionRoute({ permission, children }: { permission: string; children: ReactNode }) {
  const { can, isLoading } = usePermissions();
  if (can(permission)) return children;
  if (isLoading) return <Spinner className="py-24" label="Vérification des permissions..." />;
  return (
    <>
      <title>Accès refusé · Propulse</title>
      <AccessDenied />
    </>
  );
}
