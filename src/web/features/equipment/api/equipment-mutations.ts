import { EQUIPMENT_TEXTS } from "@shared/equipment-template-rules";
import type { EquipmentTemplate } from "@shared/equipment-templates";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { equipmentKeys, equipmentRefreshes } from "./equipment-keys";

const templatePath = (id: string) => `/equipment-templates/${encodeURIComponent(id)}`;

/** What the form sends: the name and the rows as typed (the server trims, drops blanks, merges repeats). */
export interface EquipmentTemplateBody {
  name: string;
  equipment_items: string[];
}

/**
 * POST /api/equipment-templates, or PUT /api/equipment-templates/:id with the whole template. Its
 * failure is shown by the form (field errors and toast), hence no `errorTitle`.
 */
export function useSaveEquipmentTemplate() {
  return useMutation({
    mutationFn: ({ id, body, version }: { id: string | null; body: EquipmentTemplateBody; version?: string | null }) =>
      id === null
        ? api.post<EquipmentTemplate>("/equipment-templates", body)
        : api.put<EquipmentTemplate>(templatePath(id), body, { version }),
    meta: { invalidates: equipmentRefreshes.save },
  });
}

/** DELETE /api/equipment-templates/:id (204). */
export function useDeleteEquipmentTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(templatePath(id)),
    meta: { invalidates: equipmentRefreshes.delete, errorTitle: EQUIPMENT_TEXTS.deleteFailed },
    onSuccess: (_data, id) => queryClient.removeQueries({ queryKey: equipmentKeys.detail(id) }),
  });
}
