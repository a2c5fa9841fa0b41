/**
 * Query keys of the roles screens. The users list the role users page reads is the users feature's
 * (`features/users/api/user-keys.ts`, `userKeys`): the same keys, written again here (features never
 * import each other), so both screens share one cache.
 */
export const roleKeys = {
  all: ["roles"] as const,
  list: () => [...roleKeys.all, "list"] as const,
  details: () => [...roleKeys.all, "detail"] as const,
  detail: (id: string) => [...roleKeys.details(), id] as const,
  /** The permission catalogue, grouped by category (it changes only with a release). */
  permissionGroups: ["permissions", "grouped"] as const,
};

/** `userKeys` of features/users: all and one list (search, role filter). */
export const USER_KEYS = {
  all: ["company-users"] as const,
  list: (filters: { search: string; roleId: string }) => ["company-users", "list", filters] as const,
};

/** What each roles mutation refreshes (src/web/README.md, « Mutations »): a role shows on the users' cards too. */
export const roleRefreshes = {
  save: [roleKeys.all, USER_KEYS.all],
  delete: [roleKeys.list(), USER_KEYS.all],
  permissions: [roleKeys.all],
  users: [roleKeys.all, USER_KEYS.all],
} as const;
