/** What the template list is filtered by (the query string of GET /api/equipment-templates). */
export interface EquipmentListFilters {
  search: string;
}

/** Query keys of the equipment feature: invalidating `all` refreshes lists and details. */
export const equipmentKeys = {
  all: ["equipment-templates"] as const,
  lists: () => [...equipmentKeys.all, "list"] as const,
  list: (filters: EquipmentListFilters) => [...equipmentKeys.lists(), filters] as const,
  details: () => [...equipmentKeys.all, "detail"] as const,
  detail: (id: string) => [...equipmentKeys.details(), id] as const,
};

/** What each template mutation refreshes (src/web/README.md, « Mutations »). */
export const equipmentRefreshes = {
  save: [equipmentKeys.all],
  /** The deleted template's detail is removed, not refetched. */
  delete: [equipmentKeys.lists()],
} as const;
