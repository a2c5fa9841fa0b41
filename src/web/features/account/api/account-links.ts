import type { accountLinkInfoSchema, setPasswordResponseSchema } from "@shared/accounts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import type { z } from "zod";
import { type AccountLinkKind, accountKeys } from "./account-keys";

export type AccountLinkInfo = z.infer<typeof accountLinkInfoSchema>;
export type SetPasswordResponse = z.infer<typeof setPasswordResponseSchema>;

const linkPath = (kind: AccountLinkKind, token: string) => `/account-links/${kind}/${encodeURIComponent(token)}`;

/**
 * GET /api/account-links/<kind>/:token (public): who the link is for; 404 when it is unknown, used or
 * expired. Asked without the stored session (the visitor may be signed in as someone else), once.
 */
export function accountLinkQueryOptions(kind: AccountLinkKind, token: string) {
  return queryOptions({
    queryKey: accountKeys.link(kind, token),
    queryFn: ({ signal }) => api.get<AccountLinkInfo>(linkPath(kind, token), undefined, { signal, auth: false }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** POST /api/account-links/<kind>/:token: the chosen password; answers a login answer (signed in). */
export function setLinkPassword(kind: AccountLinkKind, token: string, password: string) {
  return api.post<SetPasswordResponse>(linkPath(kind, token), { password }, { auth: false });
}
