import type { VehicleStatus } from "@shared/vehicle-rules";

/** The list's filters: the search as sent (trimmed), a status or every one, « à surveiller » only. */
export interface VehicleListFilters {
  search: string;
  status?: VehicleStatus | undefined;
  needsAttention?: boolean;
}

/** Query keys of the vehicles feature: invalidating `all` refreshes the lists, the summary and the details. */
export const vehicleKeys = {
  all: ["vehicles"] as const,
  lists: () => [...vehicleKeys.all, "list"] as const,
  list: (filters: VehicleListFilters) =>
    [
      ...vehicleKeys.lists(),
      { search: filters.search, status: filters.status ?? null, needsAttention: filters.needsAttention ?? false },
    ] as const,
  summary: () => [...vehicleKeys.all, "summary"] as const,
  detail: (id: string) => [...vehicleKeys.all, "detail", id] as const,
};

/** What each vehicles mutation refreshes (src/web/README.md, « Mutations »). */
export const vehicleRefreshes = {
  save: [vehicleKeys.lists(), vehicleKeys.summary()],
  delete: [vehicleKeys.lists(), vehicleKeys.summary()],
} as const;
