import { VEHICLE_TEXTS } from "@shared/vehicle-rules";
import { VehiclesPage } from "@web/features/vehicles/components/vehicles-page";
import { useViewport } from "@web/hooks/use-viewport";
import { PermissionRoute } from "./permission-route";

/** /vehicles: the company's fleet (spec 3 §2.6, docs/domain/vehicles.md); without vehicles:view, the refusal. */
export function VehiclesRoute() {
  const isMobile = useViewport() !== "desktop";
  return (
    <PermissionRoute permission="vehicles:view" deniedMessage={VEHICLE_TEXTS.accessDenied}>
      <title>Véhicules · Propulse</title>
      <VehiclesPage isMobile={isMobile} />
    </PermissionRoute>
  );
}
