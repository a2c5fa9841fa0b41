import type { QueryClient } from "@tanstack/react-query";
import type { EquipmentListFilters } from "./equipment-keys";
import { equipmentInfiniteQueryOptions } from "./get-equipment-templates";

/** What /equipment shows first: every template, no search (the initial state of EquipmentPage). */
export const FIRST_EQUIPMENT_FILTERS: EquipmentListFilters = { search: "" };

/**
 * Starts the first query of /equipment with the page's own queryOptions (same key: the page finds it in
 * the cache), before its code has run (src/web/app/route-preload.ts).
 */
export function prefetchEquipmentScreen(queryClient: QueryClient) {
  return queryClient.prefetchInfiniteQuery(equipmentInfiniteQueryOptions(FIRST_EQUIPMENT_FILTERS));
}
