/**
 * Query keys of the users screen. The roles list it reads for the filter and the dialog is the roles
 * feature's (`features/roles/api/role-keys.ts`, `roleKeys.list()`): the same key, written again here
 * (features never import each other), so both screens share one cache entry.
 */
export interface UserFilters {
  search: string;
  roleId: string;
}

export const userKeys = {
  all: ["company-users"] as const,
  lists: () => [...userKeys.all, "list"] as const,
  list: (filters: UserFilters) => [...userKeys.lists(), filters] as const,
};

/** `roleKeys.all` and `roleKeys.list()` of features/roles. */
export const ROLE_KEYS = { all: ["roles"] as const, list: ["roles", "list"] as const };

/** What each mutation of the users screen refreshes (src/web/README.md, « Mutations »). */
export const userRefreshes = {
  /** A user's roles: the users' badges and the roles' user counts. */
  roles: [userKeys.lists(), ROLE_KEYS.all],
  invite: [userKeys.lists(), ROLE_KEYS.all],
  patch: [userKeys.lists()],
} as const;
