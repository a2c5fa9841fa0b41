import { VEHICLE_STATUS_LABELS, type VehicleStatus } from "@shared/vehicle-rules";
import { Badge } from "@web/components/ui/badge";

const VARIANT = { available: "success", maintenance: "warning", in_use: "default" } as const;

/** « Disponible », « En maintenance », « En utilisation »: the word, a dot of its colour before it. */
export function VehicleStatusBadge({ status }: { status: VehicleStatus }) {
  return (
    <Badge variant={VARIANT[status]}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {VEHICLE_STATUS_LABELS[status]}
    </Badge>
  );
}
