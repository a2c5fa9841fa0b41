import { EQUIPMENT_LIMITS } from "@shared/equipment-template-rules";
import type { EquipmentTemplateListResponse } from "@shared/equipment-templates";
import { infiniteQueryOptions, keepPreviousData } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { nextPage } from "@web/lib/next-page";
import { type EquipmentListFilters, equipmentKeys } from "./equipment-keys";

/** GET /api/equipment-templates — one page, newest first (the server's default order), with the total. */
export async function getEquipmentTemplates(
  filters: EquipmentListFilters & { page: number },
  signal?: AbortSignal,
): Promise<EquipmentTemplateListResponse> {
  return api.get<EquipmentTemplateListResponse>(
    "/equipment-templates",
    { page: filters.page, limit: EQUIPMENT_LIMITS.defaultLimit, search: filters.search.trim() || undefined },
    { signal },
  );
}

/** The list, page after page (« Charger plus »); the previous pages stay while the search changes. */
export function equipmentInfiniteQueryOptions(filters: EquipmentListFilters) {
  return infiniteQueryOptions({
    queryKey: equipmentKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getEquipmentTemplates({ ...filters, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
