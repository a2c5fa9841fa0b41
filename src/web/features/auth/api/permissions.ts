import type { AuthUser } from "@shared/auth";
import { isSuperAdmin } from "@shared/permissions";
import { queryOptions } from "@tanstack/react-query";
import { api, isApiError } from "@web/lib/api-client";
import { clearSession, getStoredUserRaw, setStoredUser } from "@web/lib/session";
import { normaliseAuthUser } from "./auth-user";

/**
 * Permission resolution order (docs/domain/permissions.md#in-the-browser): superadmin → ['*']; a non-empty list cached in the
 * stored user; else GET /api/auth/permissions (and the stored user is updated). A 401 clears
 * the session (the protected route then sends the visitor to /login); other failures throw so
 * the query retries once, and the hook falls back to an empty list.
 */
export async function resolvePermissions(user: AuthUser): Promise<string[]> {
  if (isSuperAdmin(user)) return ["*"];
  const stored = normaliseAuthUser(getStoredUserRaw());
  if (stored && stored.id === user.id && stored.permissions.length > 0) return stored.permissions;

  let permissions: string[];
  try {
    const data = await api.get<unknown>("/auth/permissions");
    permissions = Array.isArray(data) ? data.filter((p): p is string => typeof p === "string") : [];
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      clearSession("unauthorized");
      return [];
    }
    console.error("Impossible de charger les permissions", error);
    throw error;
  }
  if (permissions.length === 0) {
    console.warn("Aucune permission reçue\u00a0: l’utilisateur risque de ne pas avoir accès aux fonctionnalités.");
  }
  setStoredUser({ ...(stored ?? user), permissions });
  return permissions;
}

export function permissionsQueryOptions(user: AuthUser | null) {
  return queryOptions({
    queryKey: ["auth", "permissions", user?.id ?? null],
    queryFn: () => (user ? resolvePermissions(user) : Promise.resolve<string[]>([])),
    enabled: Boolean(user?.id),
    staleTime: 60_000,
    retry: 1,
    refetchOnWindowFocus: true,
  });
}
