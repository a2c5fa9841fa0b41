import type { AuthUser } from "@shared/auth";

/**
 * The scope of what a user types and the device keeps until it is saved (a quote's draft): one per
 * company and user, so that another account on a shared device never sees it. None without a company.
 */
export function draftScopeOf(user: AuthUser | null): string | null {
  return user?.companyId ? `${user.companyId}:${user.id}` : null;
}
