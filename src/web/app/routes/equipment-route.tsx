import { EquipmentPage } from "@web/features/equipment/components/equipment-page";
import { useViewport } from "@web/hooks/use-viewport";
import { PermissionRoute } from "./permission-route";

/** /equipment: the equipment templates (docs/domain/equipment.md). */
export function EquipmentRoute() {
  const isMobile = useViewport() !== "desktop";
  return (
    <PermissionRoute permission="equipment:view">
      <title>Modèles d’équipement · Propulse</title>
      <EquipmentPage isMobile={isMobile} />
    </PermissionRoute>
  );
}
