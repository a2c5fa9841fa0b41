import type { Vehicle } from "@shared/vehicles";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { vehicleKeys } from "./vehicle-keys";

/** GET /api/vehicles/:id — the stored vehicle (the form's « Recharger » after a stale save, ADR 0024). */
export function vehicleQueryOptions(id: string) {
  return queryOptions({
    queryKey: vehicleKeys.detail(id),
    queryFn: ({ signal }) => api.get<Vehicle>(`/vehicles/${encodeURIComponent(id)}`, undefined, { signal }),
  });
}
