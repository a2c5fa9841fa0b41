/** Query keys of the teams feature: invalidating `all` refreshes the lists, details and candidates. */
export const teamKeys = {
  all: ["teams"] as const,
  lists: () => [...teamKeys.all, "list"] as const,
  list: (search: string) => [...teamKeys.lists(), { search }] as const,
  details: () => [...teamKeys.all, "detail"] as const,
  detail: (id: string) => [...teamKeys.details(), id] as const,
  candidates: (search: string) => [...teamKeys.all, "candidates", search] as const,
};

/** What each teams mutation refreshes (src/web/README.md, « Mutations »). */
export const teamRefreshes = {
  save: [teamKeys.lists(), teamKeys.details()],
  delete: [teamKeys.lists()],
} as const;
