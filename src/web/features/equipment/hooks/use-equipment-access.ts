import { useCan } from "@web/hooks/use-can";

/** What the signed-in user may do with equipment templates, asked once through `useCan`. */
export function useEquipmentAccess() {
  return {
    canCreate: useCan("equipment:create"),
    canEdit: useCan("equipment:edit"),
    canDelete: useCan("equipment:delete"),
  };
}
