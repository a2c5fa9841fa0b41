import { ACCOUNT_TEXTS } from "@shared/account-rules";
import type { Role } from "@shared/accounts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { roleKeys, roleRefreshes } from "./role-keys";

const rolePath = (id: string) => `/company/roles/${encodeURIComponent(id)}`;

export interface RoleFields {
  name: string;
  description: string | null;
  is_default: boolean;
}

/** POST /api/company/roles with its first permissions. The form shows its own failure. */
export function useCreateRole() {
  return useMutation({
    mutationFn: (body: RoleFields & { permission_ids: string[] }) => api.post<Role>("/company/roles", body),
    meta: { invalidates: roleRefreshes.save },
  });
}

/**
 * PUT /api/company/roles/:id, then, when they changed, POST /api/company/roles/:id/permissions: the
 * « Informations » and « Permissions » tabs saved together. The form shows its own failure.
 */
export function useUpdateRole() {
  return useMutation({
    mutationFn: async ({
      id,
      body,
      permissionIds,
      version,
    }: {
      id: string;
      body: RoleFields;
      permissionIds: string[] | null;
      /** The version the form was opened on (ADR 0024). */
      version?: string | null;
    }) => {
      const role = await api.put<Role>(rolePath(id), body, { version });
      return permissionIds === null
        ? role
        : api.post<Role>(`${rolePath(id)}/permissions`, { permission_ids: permissionIds });
    },
    meta: { invalidates: roleRefreshes.save },
  });
}

/** POST /api/company/roles/:id/permissions (replaces the set). The page shows its own failure. */
export function useSaveRolePermissions() {
  return useMutation({
    mutationFn: ({ id, permissionIds }: { id: string; permissionIds: string[] }) =>
      api.post<Role>(`${rolePath(id)}/permissions`, { permission_ids: permissionIds }),
    meta: { invalidates: roleRefreshes.permissions },
  });
}

/** DELETE /api/company/roles/:id (409 for a default role, or the last administrator's). */
export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(rolePath(id)),
    meta: { invalidates: roleRefreshes.delete, errorTitle: ACCOUNT_TEXTS.deleteRoleFailed },
    onSuccess: (_data, id) => queryClient.removeQueries({ queryKey: roleKeys.detail(id) }),
  });
}

/** POST (add) or DELETE (remove) /api/company/roles/:id/users with user_ids. The page shows its own failure. */
export function useChangeRoleUsers() {
  return useMutation({
    mutationFn: ({ id, userIds, add }: { id: string; userIds: string[]; add: boolean }) =>
      add
        ? api.post<Role>(`${rolePath(id)}/users`, { user_ids: userIds })
        : api.delete<Role>(`${rolePath(id)}/users`, { body: { user_ids: userIds } }),
    meta: { invalidates: roleRefreshes.users },
  });
}
