import { ACCOUNT_TEXTS } from "@shared/account-rules";
import type { AccountLink, CompanyUser, InvitationBody } from "@shared/accounts";
import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { userRefreshes } from "./user-keys";

const userPath = (id: string) => `/company/users/${encodeURIComponent(id)}`;

export interface InvitationResponse {
  user: CompanyUser;
  link: AccountLink;
}

/** POST /api/company/user-roles/user/:userId — replaces the user's roles. The dialog shows its own failure. */
export function useSaveUserRoles() {
  return useMutation({
    mutationFn: ({ userId, roleIds }: { userId: string; roleIds: string[] }) =>
      api.post<CompanyUser>(`/company/user-roles/user/${encodeURIComponent(userId)}`, { role_ids: roleIds }),
    meta: { invalidates: userRefreshes.roles },
  });
}

/** POST /api/company/users/invitations — the user (no password yet) and the 7-day link. The form shows its failure. */
export function useInviteUser() {
  return useMutation({
    mutationFn: (body: InvitationBody) => api.post<InvitationResponse>("/company/users/invitations", body),
    meta: { invalidates: userRefreshes.invite },
  });
}

/** POST /api/company/users/:id/invitation — a new link for a pending user (the previous one dies). */
export function useNewInvitation() {
  return useMutation({
    mutationFn: (userId: string) => api.post<InvitationResponse>(`${userPath(userId)}/invitation`),
    meta: { errorTitle: ACCOUNT_TEXTS.linkFailed },
  });
}

/** POST /api/company/users/:id/password-reset — a 24-hour link to choose a new password. */
export function usePasswordResetLink() {
  return useMutation({
    mutationFn: (userId: string) => api.post<AccountLink>(`${userPath(userId)}/password-reset`),
    meta: { errorTitle: ACCOUNT_TEXTS.linkFailed },
  });
}

/** PATCH /api/company/users/:id — deactivate (sessions closed at once) or reactivate. */
export function useSetUserActive() {
  return useMutation({
    mutationFn: ({ userId, active }: { userId: string; active: boolean }) =>
      api.patch<CompanyUser>(userPath(userId), { is_active: active }),
    meta: { invalidates: userRefreshes.patch, errorTitle: ACCOUNT_TEXTS.userUpdateFailed },
  });
}
