import { useCan } from "@web/hooks/use-can";

/** What the signed-in user may do with the vehicles (docs/domain/vehicles.md#permissions), asked once through `useCan`. */
export function useVehicleAccess() {
  return {
    canCreate: useCan("vehicles:create"),
    canEdit: useCan("vehicles:edit"),
    canDelete: useCan("vehicles:delete"),
  };
}
