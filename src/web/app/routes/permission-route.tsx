import { AccessDenied } from "@web/components/access-denied";
import { Spinner } from "@web/components/ui/spinner";
import { usePermissions } from "@web/features/auth/hooks/use-permissions";
import type { ReactNode } from "react";

/**
 * A screen for holders of `permission` only: a spinner while permissions load, 'Accès refusé'
 * without it (with the screen's own sentence when its spec words one: `deniedMessage`). The server
 * refuses the data anyway; this keeps the screen honest.
 */
export function PermissionRoute({
  permission,
  deniedMessage,
  children,
}: {
  permission: string;
  deniedMessage?: string;
  children: ReactNode;
}) {
  const { can, isLoading } = usePermissions();
  if (can(permission)) return children;
  if (isLoading) return <Spinner className="py-24" label="Vérification des permissions…" />;
  return (
    <>
      <title>Accès refusé · Propulse</title>
      <AccessDenied message={deniedMessage} />
    </>
  );
}
