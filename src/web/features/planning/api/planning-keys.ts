/** Query keys of the planning feature: invalidating `all` refreshes every week asked. */
export const planningKeys = {
  all: ["planning"] as const,
  weeks: () => [...planningKeys.all, "week"] as const,
  /** A week from its Monday, for one team or all (`null`). */
  week: (monday: string, teamId: string | null) => [...planningKeys.weeks(), monday, teamId] as const,
};

/**
 * The teams and vehicles the planning offers (filter, move dialog). Features never import each other:
 * the keys sit under the teams' and vehicles' list prefixes, so that saving a team or a vehicle in its
 * own screen refreshes these choices too.
 */
export const planningOptionKeys = {
  teams: () => ["teams", "list", "planning-options"] as const,
  vehicles: () => ["vehicles", "list", "planning-options"] as const,
};

/** The worksites feature's keys, written as their prefix: a moved worksite shows its new dates there too. */
const PROJECTS_KEY = ["projects"] as const;

/** What each planning mutation refreshes (src/web/README.md, « Mutations »). */
export const planningRefreshes = {
  schedule: [planningKeys.all, PROJECTS_KEY],
} as const;

/** The team a cached week was asked for (the last part of its key). */
export function teamOfWeekKey(key: readonly unknown[]): string | null {
  const team = key[3];
  return typeof team === "string" ? team : null;
}
