import { VEHICLE_LIMITS } from "@shared/vehicle-rules";
import type { VehicleListResponse, VehicleSummary } from "@shared/vehicles";
import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { nextPage } from "@web/lib/next-page";
import { type VehicleListFilters, vehicleKeys } from "./vehicle-keys";

/** Spec 3 §9: the vehicle list is kept 5 minutes. */
const FIVE_MINUTES = 5 * 60_000;

/** GET /api/vehicles — one page, sorted by name, with the filtered total. */
export function getVehicles(
  filters: VehicleListFilters & { page: number; limit?: number },
  signal?: AbortSignal,
): Promise<VehicleListResponse> {
  return api.get<VehicleListResponse>(
    "/vehicles",
    {
      page: filters.page,
      limit: filters.limit ?? VEHICLE_LIMITS.defaultLimit,
      search: filters.search.trim() || undefined,
      status: filters.status,
      needs_attention: filters.needsAttention ? "true" : undefined,
    },
    { signal },
  );
}

/** The list, page after page (« Charger plus »); the previous pages stay while a filter changes. */
export function vehiclesInfiniteQueryOptions(filters: VehicleListFilters) {
  return infiniteQueryOptions({
    queryKey: vehicleKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getVehicles({ ...filters, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    placeholderData: keepPreviousData,
    staleTime: FIVE_MINUTES,
  });
}

/** GET /api/vehicles/summary — the fleet by status and the count « à surveiller ». */
export function vehicleSummaryQueryOptions() {
  return queryOptions({
    queryKey: vehicleKeys.summary(),
    queryFn: ({ signal }) => api.get<VehicleSummary>("/vehicles/summary", undefined, { signal }),
    staleTime: FIVE_MINUTES,
  });
}
