import { parisToday } from "@shared/dates";
import { formatCount, plural } from "@shared/format";
import {
  VEHICLE_LIMITS,
  VEHICLE_STATUS_LABELS,
  VEHICLE_STATUSES,
  VEHICLE_TEXTS,
  type VehicleStatus,
  vehicleAttention,
} from "@shared/vehicle-rules";
import type { Vehicle } from "@shared/vehicles";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { EmptyState, ListSection, ListSkeleton, LoadMore, listFailed } from "@web/components/ui/list-state";
import { PageHeader } from "@web/components/ui/page-header";
import { SearchField } from "@web/components/ui/search-field";
import { SegmentedControl } from "@web/components/ui/segmented-control";
import { Skeleton } from "@web/components/ui/skeleton";
import { useDebouncedValue } from "@web/hooks/use-debounced-value";
import { useOpenedOnce } from "@web/hooks/use-opened-once";
import { useProgressiveList } from "@web/hooks/use-progressive-list";
import { toastFailure, toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { Plus, SearchX, TriangleAlert, Truck } from "lucide-react";
import { lazy, Suspense, useMemo, useState } from "react";
import { vehicleSummaryQueryOptions, vehiclesInfiniteQueryOptions } from "../api/get-vehicles";
import { useDeleteVehicle } from "../api/vehicle-mutations";
import { useVehicleAccess } from "../hooks/use-vehicle-access";
import type { VehicleFormState } from "../lib/vehicle-form";
import { VehicleCard } from "./vehicle-card";

/** The form (react-hook-form, zod) and the details load when first opened, not with the list (ADR 0005 §10). */
const VehicleFormDialog = lazy(() => import("./vehicle-form-dialog").then((m) => ({ default: m.VehicleFormDialog })));
const VehicleDetailsDialog = lazy(() =>
  import("./vehicle-details-dialog").then((m) => ({ default: m.VehicleDetailsDialog })),
);

type Filter = "all" | VehicleStatus | "attention";
const FILTERS: readonly { value: Filter; label: string }[] = [
  { value: "all", label: "Tous" },
  ...VEHICLE_STATUSES.map((status) => ({ value: status, label: VEHICLE_STATUS_LABELS[status] })),
  { value: "attention", label: VEHICLE_TEXTS.attention },
];

/** The cards' grid: one column on a phone, up to four on a wide screen. */
const GRID = "grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4";

/** « Véhicules » (spec 3 §2.6, docs/domain/vehicles.md#screen): the fleet, its search and filters, its dialogs. */
export function VehiclesPage({ isMobile }: { isMobile: boolean }) {
  const { canCreate } = useVehicleAccess();
  const [term, setTerm] = useState("");
  const [filter, setFilter] = useState<Filter>("all");
  const search = useDebouncedValue(term, VEHICLE_LIMITS.searchDebounceMs).trim();
  const filters = {
    search,
    status: filter === "all" || filter === "attention" ? undefined : filter,
    needsAttention: filter === "attention",
  };
  const query = useInfiniteQuery(vehiclesInfiniteQueryOptions(filters));
  const summary = useQuery(vehicleSummaryQueryOptions());
  const vehicles = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const rendered = useProgressiveList(vehicles);
  const total = query.data?.pages.at(-1)?.meta.total ?? 0;
  const failed = listFailed(query, vehicles.length);
  const filtered = search !== "" || filter !== "all";
  const today = parisToday();
  const watched = summary.data?.needs_attention ?? 0;

  const [form, setForm] = useState<VehicleFormState>(null);
  const formLoaded = useOpenedOnce(form !== null);
  const [viewing, setViewing] = useState<Vehicle | null>(null);
  const detailsLoaded = useOpenedOnce(viewing !== null);
  const [toDelete, setToDelete] = useState<Vehicle | null>(null);
  const remove = useDeleteVehicle();

  const create = () => setForm({ mode: "create" });
  const clearFilters = () => {
    setTerm("");
    setFilter("all");
  };
  const actions = {
    onView: setViewing,
    onEdit: (vehicle: Vehicle) => setForm({ mode: "edit", vehicle }),
    onPlan: (vehicle: Vehicle) => setForm({ mode: "edit", vehicle, focus: "dates" }),
    onDelete: setToDelete,
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Véhicules"
        count={
          summary.data && !failed
            ? { shown: formatCount(summary.data.total), label: plural(summary.data.total, "véhicule"), withTitle: true }
            : null
        }
        subtitle="Votre flotte, son état, et les contrôles, entretiens et assurances à ne pas laisser passer."
        actions={
          canCreate && (
            <Button onClick={create} className={cn(isMobile && "w-full")}>
              <Plus aria-hidden="true" />
              Ajouter un véhicule
            </Button>
          )
        }
      />

      {watched > 0 && filter !== "attention" && !failed && (
        <button
          type="button"
          onClick={() => setFilter("attention")}
          className="flex items-center gap-2 self-start rounded-md bg-warning-soft px-3 py-2 text-left text-sm font-medium text-warning-soft-foreground hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring pointer-coarse:min-h-11"
        >
          <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
          {plural(watched, "véhicule à surveiller", "véhicules à surveiller")}
          {"\u00a0: une échéance passée ou dans les 30 jours"}
        </button>
      )}

      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <SearchField
          value={term}
          onChange={setTerm}
          label="Rechercher un véhicule par nom, plaque ou marque"
          placeholder="Nom, plaque ou marque…"
          className="lg:max-w-sm lg:flex-1"
        />
        <SegmentedControl value={filter} options={FILTERS} onChange={setFilter} label="Filtrer par statut" />
      </div>

      <ListSection
        headingId="vehicles-found"
        query={query}
        rows={vehicles.length}
        countLabel={filtered ? plural(total, "véhicule trouvé", "véhicules trouvés") : plural(total, "véhicule")}
        pendingLabel="Recherche des véhicules"
        refreshing={query.isFetching && !query.isPending && !query.isFetchingNextPage}
        loading={
          <ListSkeleton
            label="Chargement des véhicules…"
            rows={VEHICLE_LIMITS.skeletons}
            className={GRID}
            item={<Skeleton className="h-44 w-full rounded-lg" />}
          />
        }
        errorTitle={VEHICLE_TEXTS.loadFailed}
        empty={
          filtered ? (
            <EmptyState
              icon={<SearchX aria-hidden="true" className="size-6" />}
              title={VEHICLE_TEXTS.emptyTitle}
              text={
                search
                  ? `Aucun véhicule ne correspond à «\u00a0${search}\u00a0».`
                  : filter === "attention"
                    ? "Aucun véhicule à surveiller\u00a0: aucune échéance passée ni dans les 30 jours."
                    : "Aucun véhicule avec ce statut."
              }
              action={
                <Button variant="outline" onClick={clearFilters}>
                  Effacer les filtres
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<Truck aria-hidden="true" className="size-6" />}
              title={VEHICLE_TEXTS.emptyTitle}
              text={VEHICLE_TEXTS.emptyText}
              action={
                canCreate ? (
                  <Button onClick={create}>
                    <Plus aria-hidden="true" />
                    Ajouter un véhicule
                  </Button>
                ) : undefined
              }
            />
          )
        }
        footer={
          <LoadMore
            progress={`${formatCount(vehicles.length)} sur ${formatCount(total)} véhicules affichés`}
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
          />
        }
      >
        {!failed && (
          <ul aria-label="Véhicules de l’entreprise" className={cn(GRID, "items-stretch")}>
            {rendered.map((vehicle) => (
              <li key={vehicle.id}>
                <VehicleCard vehicle={vehicle} dues={vehicleAttention(vehicle, today)} on={actions} />
              </li>
            ))}
          </ul>
        )}
      </ListSection>

      {formLoaded && (
        <Suspense fallback={null}>
          <VehicleFormDialog form={form} isMobile={isMobile} onClose={() => setForm(null)} />
        </Suspense>
      )}
      {detailsLoaded && (
        <Suspense fallback={null}>
          <VehicleDetailsDialog
            vehicle={viewing}
            today={today}
            isMobile={isMobile}
            onClose={() => setViewing(null)}
            onEdit={(vehicle) => {
              setViewing(null);
              setForm({ mode: "edit", vehicle });
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        destructive
        title={VEHICLE_TEXTS.deleteTitle}
        description={toDelete ? VEHICLE_TEXTS.confirmDelete(toDelete.name) : ""}
        confirmLabel="Supprimer"
        pendingLabel="Suppression…"
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            await remove.mutateAsync(toDelete.id);
            toastSuccess(VEHICLE_TEXTS.deleted);
          } catch (error) {
            toastFailure(VEHICLE_TEXTS.failedTitle, error, VEHICLE_TEXTS.deleteFailed);
          }
        }}
      />
    </div>
  );
}
