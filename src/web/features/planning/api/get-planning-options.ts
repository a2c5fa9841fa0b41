import { TEAM_LIMITS } from "@shared/team-rules";
import type { TeamListResponse } from "@shared/teams";
import { VEHICLE_LIMITS } from "@shared/vehicle-rules";
import type { VehicleListResponse } from "@shared/vehicles";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { planningOptionKeys } from "./planning-keys";

/** A team or a vehicle to choose. */
export interface PlanningOption {
  id: string;
  name: string;
  /** Shown after the name (a vehicle's plate). */
  detail?: string | null;
}

const FIVE_MINUTES = 5 * 60_000;

/** GET /api/teams?limit=100 — the company's teams by name (the filter, the move dialog). */
export function planningTeamsQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: planningOptionKeys.teams(),
    queryFn: async ({ signal }): Promise<PlanningOption[]> => {
      const answer = await api.get<TeamListResponse>("/teams", { limit: TEAM_LIMITS.maxLimit }, { signal });
      return answer.data.map(({ id, name }) => ({ id, name }));
    },
    staleTime: FIVE_MINUTES,
    enabled,
  });
}

/** GET /api/vehicles?limit=100 — the fleet by name, each with its plate (the move dialog). */
export function planningVehiclesQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: planningOptionKeys.vehicles(),
    queryFn: async ({ signal }): Promise<PlanningOption[]> => {
      const answer = await api.get<VehicleListResponse>("/vehicles", { limit: VEHICLE_LIMITS.maxLimit }, { signal });
      return answer.data.map(({ id, name, registration_number }) => ({ id, name, detail: registration_number }));
    },
    staleTime: FIVE_MINUTES,
    enabled,
  });
}
