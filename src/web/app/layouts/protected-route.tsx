import { isSuperAdmin } from "@shared/permissions";
import { Spinner } from "@web/components/ui/spinner";
import { useAuth } from "@web/features/auth/hooks/auth-context";
import { usePermissions } from "@web/features/auth/hooks/use-permissions";
import { loginUrlFor } from "@web/features/auth/lib/redirect-target";
import { paths } from "@web/lib/paths";
import type { ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";

/**
 * Signed-in users only; others go to /login with the requested path remembered (docs/domain/shell.md#routes).
 * A stored session renders at once while it is verified: a refusal signs out and lands here signed out.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  if (!isAuthenticated) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={loginUrlFor(from)} state={{ from }} replace />;
  }
  return <>{children}</>;
}

/** SuperAdmin-only area: others go to '/' (docs/domain/shell.md#routes). */
export function SuperAdminRoute() {
  const { user, isLoading } = useAuth();
  const { isLoading: permissionsLoading } = usePermissions();
  if (isLoading || permissionsLoading) return <Spinner className="py-24" label="Vérification des permissions…" />;
  if (!isSuperAdmin(user)) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}

/** Company screens: a SuperAdmin belongs to no company and is sent to the platform area. */
export function CompanyRoute() {
  const { user } = useAuth();
  if (isSuperAdmin(user)) return <Navigate to={paths.superadmin} replace />;
  return <Outlet />;
}
