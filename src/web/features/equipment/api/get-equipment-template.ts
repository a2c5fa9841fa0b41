import type { EquipmentTemplate } from "@shared/equipment-templates";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { equipmentKeys } from "./equipment-keys";

/** GET /api/equipment-templates/:id — the stored template (the form's « Recharger » after a stale save, ADR 0024). */
export function equipmentTemplateQueryOptions(id: string) {
  return queryOptions({
    queryKey: equipmentKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<EquipmentTemplate>(`/equipment-templates/${encodeURIComponent(id)}`, undefined, { signal }),
  });
}
