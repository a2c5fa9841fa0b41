import {
  hasAllPermissions,
  hasAnyPermission,
  hasPermission,
  isAdmin,
  isSuperAdmin,
  isTeamLeader,
  type PermissionSubject,
} from "@shared/permissions";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { permissionsQueryOptions } from "../api/permissions";
import { useAuth } from "./auth-context";

export interface PermissionsState {
  /** Resolved permission codes ('*' for a SuperAdmin); empty while unknown or signed out. */
  permissions: readonly string[];
  /** What the shared checks take; null when signed out (every check fails). */
  subject: PermissionSubject | null;
  isLoading: boolean;
  can: (permission: string) => boolean;
  canAny: (permissions: readonly string[]) => boolean;
  canAll: (permissions: readonly string[]) => boolean;
  isAdmin: boolean;
  isTeamLeader: boolean;
  isSuperAdmin: boolean;
}

const NONE: readonly string[] = [];

/** The signed-in user's permissions, resolved and checked as docs/domain/permissions.md says. */
export function usePermissions(): PermissionsState {
  const { user, isAuthenticated } = useAuth();
  const query = useQuery({ ...permissionsQueryOptions(user), enabled: isAuthenticated && Boolean(user?.id) });
  const permissions = query.data ?? (user && user.permissions.length > 0 ? user.permissions : NONE);
  const role = user?.role ?? null;

  return useMemo(() => {
    const subject: PermissionSubject | null = isAuthenticated ? { role, permissions } : null;
    return {
      permissions: subject ? permissions : NONE,
      subject,
      isLoading: query.isLoading,
      can: (permission) => hasPermission(subject, permission),
      canAny: (list) => hasAnyPermission(subject, list),
      canAll: (list) => hasAllPermissions(subject, list),
      isAdmin: isAdmin(subject),
      isTeamLeader: isTeamLeader(subject),
      isSuperAdmin: isSuperAdmin(subject),
    };
  }, [isAuthenticated, role, permissions, query.isLoading]);
}
