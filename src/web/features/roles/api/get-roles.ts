import type { CompanyUser, Role } from "@shared/accounts";
import type { PermissionGroup } from "@shared/auth";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { roleKeys, USER_KEYS } from "./role-keys";

const rolePath = (id: string) => `/company/roles/${encodeURIComponent(id)}`;

/** GET /api/company/roles — the company's roles, ordered by name, with their user counts. */
export function rolesQueryOptions() {
  return queryOptions({
    queryKey: roleKeys.list(),
    queryFn: ({ signal }) => api.get<{ data: Role[] }>("/company/roles", undefined, { signal }),
    staleTime: 30_000,
  });
}

/** GET /api/company/roles/:id — the role with its permissions. */
export function roleQueryOptions(id: string) {
  return queryOptions({
    queryKey: roleKeys.detail(id),
    queryFn: ({ signal }) => api.get<Role>(rolePath(id), undefined, { signal }),
    staleTime: 30_000,
  });
}

/** GET /api/company/permissions/grouped — the catalogue a role picks from. */
export function permissionGroupsQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: roleKeys.permissionGroups,
    queryFn: ({ signal }) => api.get<PermissionGroup[]>("/company/permissions/grouped", undefined, { signal }),
    enabled,
    staleTime: 10 * 60_000,
  });
}

/** GET /api/company/users?search= — the users the role users page lists (users:view). */
export function roleCandidatesQueryOptions(search: string) {
  return queryOptions({
    queryKey: USER_KEYS.list({ search, roleId: "" }),
    queryFn: ({ signal }) =>
      api.get<{ data: CompanyUser[] }>("/company/users", { search: search || undefined }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
