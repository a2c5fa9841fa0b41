import type { ReactNode } from "react";
import { usePermissions } from "../hooks/use-permissions";

export interface PermissionGuardProps {
  /** A single permission that must be held. */
  permission?: string;
  /** At least one of these must be held. */
  anyOf?: readonly string[];
  /** All of these must be held. */
  allOf?: readonly string[];
  /** Rendered when access is refused (nothing by default). */
  fallback?: ReactNode;
  children: ReactNode;
}

/**
 * Shows its children only when every given condition passes (docs/domain/permissions.md#in-the-browser). With no condition it
 * only requires a signed-in user. The server stays the authority: this only hides what it refuses.
 */
export function PermissionGuard({ permission, anyOf, allOf, fallback = null, children }: PermissionGuardProps) {
  const { subject, can, canAny, canAll } = usePermissions();
  const allowed =
    subject !== null &&
    (permission === undefined || can(permission)) &&
    (anyOf === undefined || canAny(anyOf)) &&
    (allOf === undefined || canAll(allOf));
  return <>{allowed ? children : fallback}</>;
}
