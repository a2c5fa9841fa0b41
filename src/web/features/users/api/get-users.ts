import type { companyUsersResponseSchema, Role } from "@shared/accounts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import type { z } from "zod";
import { ROLE_KEYS, type UserFilters, userKeys } from "./user-keys";

export type CompanyUsersResponse = z.infer<typeof companyUsersResponseSchema>;

/** GET /api/company/users?search=&role_id= — every user of the company (ordered by name). */
export function usersQueryOptions(filters: UserFilters) {
  return queryOptions({
    queryKey: userKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<CompanyUsersResponse>(
        "/company/users",
        { search: filters.search || undefined, role_id: filters.roleId || undefined },
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** GET /api/company/roles — the role filter and the « Gérer les rôles » dialog (roles:view). */
export function rolesQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: ROLE_KEYS.list,
    queryFn: ({ signal }) => api.get<{ data: Role[] }>("/company/roles", undefined, { signal }),
    enabled,
    staleTime: 30_000,
  });
}
