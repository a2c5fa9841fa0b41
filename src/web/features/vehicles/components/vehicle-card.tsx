import { formatDate } from "@shared/format";
import { formatMileage, type VehicleDue, vehicleMakeAndModel } from "@shared/vehicle-rules";
import type { Vehicle } from "@shared/vehicles";
import { ActionMenu, type ActionMenuItem } from "@web/components/ui/action-menu";
import { cn } from "@web/lib/cn";
import { CalendarClock, CalendarDays, Eye, Gauge, Pencil, Trash2, TriangleAlert, Truck } from "lucide-react";
import { useId } from "react";
import { useVehicleAccess } from "../hooks/use-vehicle-access";
import { VehicleStatusBadge } from "./vehicle-status-badge";

export interface VehicleCardActions {
  onView: (vehicle: Vehicle) => void;
  onEdit: (vehicle: Vehicle) => void;
  onPlan: (vehicle: Vehicle) => void;
  onDelete: (vehicle: Vehicle) => void;
}

/**
 * A vehicle of the list (spec 3 §2.6, docs/domain/vehicles.md#screen): its name, plate, brand and model,
 * status, mileage, and what needs attention — an icon and a sentence, never the colour alone; the card
 * opens its details; its « … » menu holds what the user may do.
 */
export function VehicleCard({ vehicle, dues, on }: { vehicle: Vehicle; dues: VehicleDue[]; on: VehicleCardActions }) {
  const { canEdit, canDelete } = useVehicleAccess();
  const nameId = useId();
  const groups: ActionMenuItem[][] = [
    [
      { label: "Voir les détails", icon: Eye, onSelect: () => on.onView(vehicle) },
      ...(canEdit
        ? [
            { label: "Modifier", icon: Pencil, onSelect: () => on.onEdit(vehicle) },
            { label: "Planifier l’entretien", icon: CalendarClock, onSelect: () => on.onPlan(vehicle) },
          ]
        : []),
    ],
    canDelete
      ? [{ label: "Supprimer", icon: Trash2, onSelect: () => on.onDelete(vehicle), variant: "destructive" as const }]
      : [],
  ];
  const makeAndModel = vehicleMakeAndModel(vehicle);
  const overdue = dues.some((due) => due.overdue);

  return (
    <article
      aria-labelledby={nameId}
      className="relative flex h-full flex-col gap-3 rounded-lg border border-border bg-card p-4 shadow-card hover:border-[#c7cbfb]"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary-soft-foreground"
        >
          <Truck className="size-4" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col items-start gap-1">
          <h3 className="w-full text-[0.9375rem] leading-snug font-semibold break-words">
            <button
              type="button"
              id={nameId}
              onClick={() => on.onView(vehicle)}
              className="line-clamp-2 text-left after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
            >
              {vehicle.name}
            </button>
          </h3>
          {vehicle.registration_number ? (
            <span className="rounded border border-border bg-muted px-1.5 py-0.5 font-mono text-xs font-semibold tracking-wide">
              <span className="sr-only">Plaque </span>
              {vehicle.registration_number}
            </span>
          ) : (
            <span className="text-xs text-muted-foreground">Sans plaque</span>
          )}
          {makeAndModel && <p className="text-[0.8125rem] break-words text-muted-foreground">{makeAndModel}</p>}
        </div>
        <ActionMenu
          className="relative z-10 -mt-1 -mr-2"
          label={`Plus d’actions pour ${vehicle.name}`}
          groups={groups}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <VehicleStatusBadge status={vehicle.status} />
        {vehicle.mileage !== null && (
          <span className="flex items-center gap-1 text-[0.8125rem] text-muted-foreground tabular-nums">
            <Gauge aria-hidden="true" className="size-3.5" />
            {formatMileage(vehicle.mileage)}
          </span>
        )}
      </div>
      <div className="mt-auto border-t border-border pt-3 text-[0.8125rem]">
        {dues.length > 0 ? (
          <ul
            aria-label={`À surveiller pour ${vehicle.name}`}
            className={cn(
              "flex flex-col gap-1 rounded-md px-2.5 py-2",
              overdue ? "bg-destructive-soft" : "bg-warning-soft",
            )}
          >
            {dues.map((due) => (
              <li
                key={due.field}
                className={cn(
                  "flex items-start gap-1.5 font-medium",
                  due.overdue ? "text-destructive-soft-foreground" : "text-warning-soft-foreground",
                )}
              >
                <TriangleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                <span>
                  <span className="sr-only">À surveiller&nbsp;: </span>
                  {due.text}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="flex items-center gap-1.5 text-muted-foreground">
            <CalendarDays aria-hidden="true" className="size-3.5 shrink-0" />
            {vehicle.next_due_date
              ? `Prochaine échéance le ${formatDate(vehicle.next_due_date)}`
              : "Aucune échéance renseignée"}
          </p>
        )}
      </div>
    </article>
  );
}
