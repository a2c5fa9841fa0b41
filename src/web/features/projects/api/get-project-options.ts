import { EQUIPMENT_LIMITS } from "@shared/equipment-template-rules";
import type { EquipmentTemplateListResponse } from "@shared/equipment-templates";
import { TEAM_LIMITS } from "@shared/team-rules";
import type { TeamListResponse } from "@shared/teams";
import { VEHICLE_LIMITS } from "@shared/vehicle-rules";
import type { VehicleListResponse } from "@shared/vehicles";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

/**
 * What the worksite form offers to choose from: the teams, the vehicles and the equipment templates of
 * the company (spec 2 §7: « Vehicles list: GET /api/vehicles with limit », « Equipment templates list:
 * GET /api/equipment-templates with limit »). Features never import each other: the keys sit under
 * the other features' list prefixes (« teams », « list »…), so that saving a team, a vehicle or a
 * template in its own screen refreshes these choices too.
 */
export const projectOptionKeys = {
  teams: () => ["teams", "list", "project-options"] as const,
  vehicles: () => ["vehicles", "list", "project-options"] as const,
  equipmentTemplates: () => ["equipment-templates", "list", "project-options"] as const,
};

/** A choice of the form's selects. */
export interface ProjectOption {
  id: string;
  name: string;
  /** A detail shown after the name (a vehicle's plate). */
  detail?: string | null;
}

/** An equipment template as the form applies it. */
export interface EquipmentTemplateOption {
  id: string;
  name: string;
  equipment_items: string[];
}

const FIVE_MINUTES = 5 * 60_000;

/** GET /api/teams?limit=100 — the teams by name (a company has a handful). */
export function teamOptionsQueryOptions() {
  return queryOptions({
    queryKey: projectOptionKeys.teams(),
    queryFn: async ({ signal }): Promise<ProjectOption[]> => {
      const answer = await api.get<TeamListResponse>("/teams", { limit: TEAM_LIMITS.maxLimit }, { signal });
      return answer.data.map(({ id, name }) => ({ id, name }));
    },
    staleTime: FIVE_MINUTES,
  });
}

/** GET /api/vehicles?limit=100 — the fleet by name, each with its plate. */
export function vehicleOptionsQueryOptions() {
  return queryOptions({
    queryKey: projectOptionKeys.vehicles(),
    queryFn: async ({ signal }): Promise<ProjectOption[]> => {
      const answer = await api.get<VehicleListResponse>("/vehicles", { limit: VEHICLE_LIMITS.maxLimit }, { signal });
      return answer.data.map(({ id, name, registration_number }) => ({ id, name, detail: registration_number }));
    },
    staleTime: FIVE_MINUTES,
  });
}

/** GET /api/equipment-templates?limit=100 — the templates, newest first, with their items. */
export function equipmentTemplateOptionsQueryOptions() {
  return queryOptions({
    queryKey: projectOptionKeys.equipmentTemplates(),
    queryFn: async ({ signal }): Promise<EquipmentTemplateOption[]> => {
      const answer = await api.get<EquipmentTemplateListResponse>(
        "/equipment-templates",
        { limit: EQUIPMENT_LIMITS.maxLimit },
        { signal },
      );
      return answer.data.map(({ id, name, equipment_items }) => ({ id, name, equipment_items }));
    },
    staleTime: FIVE_MINUTES,
  });
}
