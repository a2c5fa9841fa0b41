import { CLIENT_LIMITS, CLIENT_SORT_ORDERS, type ClientSort } from "@shared/client-rules";
import type { ClientRecord } from "@shared/clients";
import { formatCount } from "@shared/format";
import { useInfiniteQuery } from "@tanstack/react-query";
import { DataTableSkeleton } from "@web/components/data-table/data-table";
import { useListView } from "@web/components/data-table/use-list-view";
import { useTableSort } from "@web/components/data-table/use-table-sort";
import { ViewToggle } from "@web/components/data-table/view-toggle";
import { Button } from "@web/components/ui/button";
import { EmptyState, ListSection, ListSkeleton, LoadMore, listFailed } from "@web/components/ui/list-state";
import { ExportImportActions, PageHeader } from "@web/components/ui/page-header";
import { SearchField } from "@web/components/ui/search-field";
import { SegmentedControl } from "@web/components/ui/segmented-control";
import { useDebouncedValue } from "@web/hooks/use-debounced-value";
import { useOpenedOnce } from "@web/hooks/use-opened-once";
import { useProgressiveList } from "@web/hooks/use-progressive-list";
import { toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { Plus, SearchX, UserPlus, Users } from "lucide-react";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useExportClients } from "../api/client-csv";
import type { ClientListFilters } from "../api/client-keys";
import { clientsInfiniteQueryOptions } from "../api/get-clients";
import { useClientAccess } from "../hooks/use-client-access";
import { filterClients, foundLabel, normaliseSearch, STATUS_FILTERS, type StatusFilter } from "../lib/client-filter";
import { ClientCard } from "./client-card";
import { ClientCounters } from "./client-counters";
import { ClientTable } from "./client-table";
import { DeleteClientDialog } from "./delete-client-dialog";

/** The client form (react-hook-form, zod) loads when first opened, not with the list (ADR 0005 §10). */
const ClientFormDialog = lazy(() => import("./client-form-dialog").then((m) => ({ default: m.ClientFormDialog })));
/** The CSV import (its preview, mapping and duplicates) loads when first opened. */
const ClientImportDialog = lazy(() =>
  import("./client-import-dialog").then((m) => ({ default: m.ClientImportDialog })),
);
/** The detail (tabs, quotes, figures) loads when a client is first opened. */
const ClientDetailDialog = lazy(() =>
  import("./client-detail-dialog").then((m) => ({ default: m.ClientDetailDialog })),
);

export interface ClientsPageProps {
  isMobile: boolean;
  /** The signed-in user belongs to a company (creating a client needs one). */
  hasCompany: boolean;
  /** /clients/new: open the create form on arrival. */
  createRequested?: boolean;
  /** The create form opened by /clients/new was closed (the route goes back to /clients). */
  onCreateRequestDone?: () => void;
}

type FormState = { mode: "create" } | { mode: "edit"; client: ClientRecord } | null;

const STATUS_QUERY: Record<StatusFilter, ClientListFilters["status"]> = {
  all: undefined,
  active: "active",
  inactive: "inactive",
};

/** 'Mes clients' (docs/domain/clients.md#client-screen): counters, search, the client cards, and the form, detail and delete dialogs. */
export function ClientsPage({ isMobile, hasCompany, createRequested = false, onCreateRequestDone }: ClientsPageProps) {
  const permissions = useClientAccess();
  // « Cartes / Tableau » on a laptop (docs/domain/clients.md#as-a-table).
  const listView = useListView("clients");
  const table = listView.view === "table";
  const [term, setTerm] = useState("");
  const [status, setStatus] = useState<StatusFilter>("all");
  const debouncedTerm = useDebouncedValue(term, CLIENT_LIMITS.searchDebounceMs);
  // The table's headers order the list on the server (docs/domain/clients.md#as-a-table).
  const sorting = useTableSort<ClientSort>("name", CLIENT_SORT_ORDERS);
  const filters: ClientListFilters = {
    search: normaliseSearch(debouncedTerm),
    status: STATUS_QUERY[status],
    ...sorting.params,
  };

  const query = useInfiniteQuery(clientsInfiniteQueryOptions(filters));
  const loaded = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  // The typed text filters what is on screen at once; the server search follows after the pause.
  const visible = useMemo(() => filterClients(loaded, term), [loaded, term]);
  const rendered = useProgressiveList(visible);
  const serverTotal = query.data?.pages.at(-1)?.meta.total ?? 0;
  const upToDate = !query.isPlaceholderData && normaliseSearch(term) === filters.search;
  const count = upToDate ? serverTotal : visible.length;
  const searching = normaliseSearch(term) !== "";
  // The list could not be loaded: its error shows alone, without counters over it.
  const failed = listFailed(query, visible.length);

  const [form, setForm] = useState<FormState>(null);
  const formLoaded = useOpenedOnce(form !== null);
  const [detail, setDetail] = useState<ClientRecord | null>(null);
  const detailLoaded = useOpenedOnce(detail !== null);
  const [toDelete, setToDelete] = useState<ClientRecord | null>(null);
  const [importing, setImporting] = useState(false);
  const importLoaded = useOpenedOnce(importing);
  const exporting = useExportClients();

  useEffect(() => {
    if (createRequested && permissions.canCreate) setForm({ mode: "create" });
  }, [createRequested, permissions.canCreate]);

  const closeForm = () => {
    if (form?.mode === "create" && createRequested) onCreateRequestDone?.();
    setForm(null);
  };

  const openCreate = () => setForm({ mode: "create" });
  const clearSearch = () => setTerm("");

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Mes clients"
        subtitle="Votre fichier clients, leurs coordonnées et leur activité."
        actions={
          <div className={cn("flex flex-wrap items-center gap-2", isMobile && "w-full")}>
            <ExportImportActions
              isMobile={isMobile}
              exporting={exporting.isPending}
              onExport={() => exporting.mutate(filters, { onSuccess: () => toastSuccess("Clients exportés") })}
              onImport={permissions.canCreate ? () => setImporting(true) : undefined}
            />
            {permissions.canCreate && (
              <Button onClick={openCreate} className={cn(isMobile && "w-full")}>
                <Plus aria-hidden="true" />
                Créer un client
              </Button>
            )}
          </div>
        }
      />

      {!failed && <ClientCounters />}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchField
          value={term}
          onChange={setTerm}
          label="Rechercher un client"
          placeholder="Rechercher un client…"
          className="sm:max-w-md sm:flex-1"
        />
        <SegmentedControl
          value={status}
          options={STATUS_FILTERS}
          onChange={setStatus}
          label="Filtrer par statut"
          className="sm:ml-auto"
        />
        {listView.choosable && <ViewToggle value={listView.view} onChange={listView.setView} />}
      </div>

      <ListSection
        headingId="clients-found"
        query={query}
        rows={visible.length}
        countLabel={foundLabel(count)}
        pendingLabel="Recherche des clients"
        refreshing={query.isFetching && !query.isPending && !query.isFetchingNextPage}
        loading={
          table ? (
            <DataTableSkeleton label="Chargement de vos clients…" />
          ) : (
            <ListSkeleton label="Chargement de vos clients…" />
          )
        }
        errorTitle="Impossible de charger vos clients"
        empty={
          searching ? (
            <EmptyState
              icon={<SearchX aria-hidden="true" className="size-6" />}
              title="Aucun client trouvé"
              text={`Aucun client ne correspond à "${term.trim()}"`}
              action={
                <Button variant="outline" onClick={clearSearch}>
                  Effacer la recherche
                </Button>
              }
            />
          ) : status !== "all" ? (
            <EmptyState
              icon={<Users aria-hidden="true" className="size-6" />}
              title="Aucun client trouvé"
              text={status === "active" ? "Aucun client actif" : "Aucun client inactif"}
              action={
                <Button variant="outline" onClick={() => setStatus("all")}>
                  Afficher tous les clients
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<UserPlus aria-hidden="true" className="size-6" />}
              title="Aucun client"
              text="Commencez par ajouter votre premier client"
              action={
                permissions.canCreate ? (
                  <Button onClick={openCreate}>
                    <Plus aria-hidden="true" />
                    Créer un client
                  </Button>
                ) : undefined
              }
            />
          )
        }
        footer={
          <LoadMore
            progress={`${formatCount(loaded.length)} sur ${formatCount(serverTotal)} clients affichés`}
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
          />
        }
      >
        {table ? (
          <ClientTable
            clients={visible}
            filters={filters}
            sort={sorting.sort}
            order={sorting.order}
            onSortChange={sorting.setSort}
            onOpen={setDetail}
            busy={query.isPlaceholderData}
          />
        ) : (
          <ul aria-label="Clients" className="grid grid-cols-1 items-start gap-3 lg:grid-cols-2">
            {rendered.map((client) => (
              <li key={client.id}>
                <ClientCard
                  client={client}
                  onView={setDetail}
                  onEdit={(c) => setForm({ mode: "edit", client: c })}
                  onDelete={setToDelete}
                />
              </li>
            ))}
          </ul>
        )}
      </ListSection>

      {formLoaded && (
        <Suspense fallback={null}>
          <ClientFormDialog
            open={form !== null}
            onOpenChange={(open) => {
              if (!open) closeForm();
            }}
            isMobile={isMobile}
            client={form?.mode === "edit" ? form.client : null}
            hasCompany={hasCompany}
            onSaved={(saved) => {
              // A new client opens in its card (issue 32: an action shows its result); an edited one
              // keeps the detail, when open, on the fresh values.
              if (form?.mode === "create") setDetail(saved);
              else setDetail((current) => (current && current.id === saved.id ? saved : current));
            }}
          />
        </Suspense>
      )}
      {detailLoaded && (
        <Suspense fallback={null}>
          <ClientDetailDialog
            client={detail}
            onClose={() => setDetail(null)}
            isMobile={isMobile}
            canEdit={permissions.canEdit}
            onEdit={(c) => setForm({ mode: "edit", client: c })}
          />
        </Suspense>
      )}
      {importLoaded && (
        <Suspense fallback={null}>
          <ClientImportDialog open={importing} isMobile={isMobile} onClose={() => setImporting(false)} />
        </Suspense>
      )}
      <DeleteClientDialog
        client={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(deleted) => setDetail((current) => (current?.id === deleted.id ? null : current))}
      />
    </div>
  );
}
