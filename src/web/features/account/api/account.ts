import type { accountPatchSchema, accountSchema, passwordChangeSchema } from "@shared/accounts";
import { queryOptions, useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import type { z } from "zod";
import { accountKeys, accountRefreshes } from "./account-keys";

export type Account = z.infer<typeof accountSchema>;
export type AccountPatch = z.infer<typeof accountPatchSchema>;
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** GET /api/account — the signed-in user's own account. */
export function accountQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.me(),
    queryFn: ({ signal }) => api.get<Account>("/account", undefined, { signal }),
    staleTime: 30_000,
  });
}

/** PATCH /api/account — the name. The form shows its own failure. */
export function useUpdateAccount() {
  return useMutation({
    mutationFn: (body: AccountPatch) => api.patch<Account>("/account", body),
    meta: { invalidates: accountRefreshes.save },
  });
}

/** POST /api/account/password (204; 400 currentPasswordWrong). The form shows its own failure. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: PasswordChange) => api.post<void>("/account/password", body),
  });
}
