import { formatDate, formatDateTime } from "@shared/format";
import {
  formatMileage,
  VEHICLE_DUE_FIELDS,
  VEHICLE_DUE_LABELS,
  VEHICLE_TEXTS,
  vehicleAttention,
  vehicleMakeAndModel,
} from "@shared/vehicle-rules";
import type { Vehicle } from "@shared/vehicles";
import { Button } from "@web/components/ui/button";
import { ModalHeader } from "@web/components/ui/modal-header";
import { ModalFooter, ResponsiveModal } from "@web/components/ui/responsive-modal";
import { cn } from "@web/lib/cn";
import { Pencil, TriangleAlert } from "lucide-react";
import { type ReactNode, useId } from "react";
import { useVehicleAccess } from "../hooks/use-vehicle-access";
import { VehicleStatusBadge } from "./vehicle-status-badge";

export interface VehicleDetailsDialogProps {
  vehicle: Vehicle | null;
  /** The day « à surveiller » is read against (yyyy-mm-dd, Europe/Paris). */
  today: string;
  isMobile: boolean;
  onClose: () => void;
  onEdit: (vehicle: Vehicle) => void;
}

/** « Voir les détails » (docs/domain/vehicles.md#screen): every field of a vehicle, to read; « Modifier » for vehicles:edit. */
export function VehicleDetailsDialog({ vehicle, today, isMobile, onClose, onEdit }: VehicleDetailsDialogProps) {
  const descriptionId = useId();
  return (
    <ResponsiveModal
      open={vehicle !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isMobile={isMobile}
      aria-describedby={descriptionId}
      dialogClassName="flex max-h-[92dvh] max-w-lg flex-col gap-0 overflow-hidden p-0"
      sheetClassName="max-h-[92dvh]"
    >
      {vehicle && (
        <Details
          vehicle={vehicle}
          today={today}
          isMobile={isMobile}
          descriptionId={descriptionId}
          onClose={onClose}
          onEdit={onEdit}
        />
      )}
    </ResponsiveModal>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <dt className="text-[0.8125rem] text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium break-words sm:text-right">{children}</dd>
    </div>
  );
}

const none = <span className="font-normal text-muted-foreground">Non renseigné</span>;

function Details({
  vehicle,
  today,
  isMobile,
  descriptionId,
  onClose,
  onEdit,
}: Omit<VehicleDetailsDialogProps, "vehicle"> & { vehicle: Vehicle; descriptionId: string }) {
  const { canEdit } = useVehicleAccess();
  const dues = new Map(vehicleAttention(vehicle, today).map((due) => [due.field, due]));
  const subtitle = [vehicle.registration_number, vehicleMakeAndModel(vehicle)].filter(Boolean).join(" · ");
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ModalHeader
        title={vehicle.name}
        titleClassName="break-words"
        description={subtitle || "Véhicule sans plaque ni marque renseignée"}
        descriptionId={descriptionId}
        isMobile={isMobile}
      />
      <div className={cn("min-h-0 flex-1 overflow-y-auto", isMobile ? "px-5 py-3" : "px-6 py-4")}>
        {dues.size > 0 && (
          <ul
            aria-label={VEHICLE_TEXTS.attention}
            className="mb-3 flex flex-col gap-1 rounded-md bg-warning-soft px-3 py-2 text-sm font-medium text-warning-soft-foreground"
          >
            {[...dues.values()].map((due) => (
              <li key={due.field} className="flex items-start gap-2">
                <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span>
                  <span className="sr-only">{VEHICLE_TEXTS.attention}&nbsp;: </span>
                  {due.text}
                </span>
              </li>
            ))}
          </ul>
        )}
        <dl className="divide-y divide-border">
          <Row label="Statut">
            <VehicleStatusBadge status={vehicle.status} />
          </Row>
          <Row label="Plaque">
            {vehicle.registration_number ? <span className="font-mono">{vehicle.registration_number}</span> : none}
          </Row>
          <Row label="Marque">{vehicle.brand ?? none}</Row>
          <Row label="Modèle">{vehicle.model ?? none}</Row>
          <Row label="Kilométrage">{vehicle.mileage !== null ? formatMileage(vehicle.mileage) : none}</Row>
          {VEHICLE_DUE_FIELDS.map((field) => {
            const date = vehicle[field];
            const due = dues.get(field);
            return (
              <Row key={field} label={VEHICLE_DUE_LABELS[field]}>
                {date ? (
                  <span
                    className={cn(
                      "inline-flex items-center gap-1.5",
                      due && (due.overdue ? "text-destructive" : "text-warning-soft-foreground"),
                    )}
                  >
                    {due && <TriangleAlert aria-hidden="true" className="size-3.5" />}
                    {formatDate(date)}
                    {due?.overdue && <span className="sr-only"> (dépassé)</span>}
                  </span>
                ) : (
                  none
                )}
              </Row>
            );
          })}
          <Row label="Ajouté le">{formatDateTime(vehicle.created_at)}</Row>
          <Row label="Modifié le">{formatDateTime(vehicle.updated_at)}</Row>
        </dl>
      </div>
      <ModalFooter isMobile={isMobile}>
        <Button variant="outline" onClick={onClose} className={cn(isMobile && "flex-1")}>
          Fermer
        </Button>
        {canEdit && (
          <Button onClick={() => onEdit(vehicle)} className={cn(isMobile && "flex-1")}>
            <Pencil aria-hidden="true" />
            Modifier
          </Button>
        )}
      </ModalFooter>
    </div>
  );
}
