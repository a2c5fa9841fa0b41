import { formatCount, plural } from "@shared/format";
import type { LibraryItem } from "@shared/library";
import {
  LIBRARY_CATEGORIES,
  LIBRARY_CATEGORY_LABELS,
  LIBRARY_LIMITS,
  LIBRARY_SORT_ORDERS,
  LIBRARY_TEXTS,
  type LibraryCategory,
  type LibraryKind,
  type LibrarySort,
} from "@shared/library-rules";
import { useInfiniteQuery } from "@tanstack/react-query";
import { DataTableSkeleton } from "@web/components/data-table/data-table";
import { useListView } from "@web/components/data-table/use-list-view";
import { useTableSort } from "@web/components/data-table/use-table-sort";
import { ViewToggle } from "@web/components/data-table/view-toggle";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { EmptyState, ListSection, ListSkeleton, LoadMore, listFailed } from "@web/components/ui/list-state";
import { NativeSelect } from "@web/components/ui/native-select";
import { ExportImportActions, PageHeader } from "@web/components/ui/page-header";
import { SearchField } from "@web/components/ui/search-field";
import { SegmentedControl } from "@web/components/ui/segmented-control";
import { useDebouncedValue } from "@web/hooks/use-debounced-value";
import { useOpenedOnce } from "@web/hooks/use-opened-once";
import { useProgressiveList } from "@web/hooks/use-progressive-list";
import { toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { BookOpen, Layers, Plus, SearchX } from "lucide-react";
import { lazy, Suspense, useMemo, useState } from "react";
import { libraryInfiniteQueryOptions } from "../api/get-library";
import { useExportLibrary } from "../api/library-csv";
import type { LibraryListFilters } from "../api/library-keys";
import { useArchiveLibraryItem, useDeleteLibraryItem, useDuplicateLibraryItem } from "../api/library-mutations";
import { useLibraryAccess } from "../hooks/use-library-access";
import { LibraryItemCard } from "./library-item-card";
import { LibraryTable } from "./library-table";

/** The item form (react-hook-form, zod) loads when first opened, not with the list (ADR 0005 §10). */
const LibraryItemDialog = lazy(() => import("./library-item-dialog").then((m) => ({ default: m.LibraryItemDialog })));
const LibraryImportDialog = lazy(() =>
  import("./library-import-dialog").then((m) => ({ default: m.LibraryImportDialog })),
);

type KindFilter = "all" | LibraryKind;
const KIND_FILTERS = [
  { value: "all", label: "Tout" },
  { value: "article", label: "Articles" },
  { value: "ouvrage", label: "Ouvrages" },
] as const satisfies readonly { value: KindFilter; label: string }[];
const STATUS_FILTERS = [
  { value: "active", label: "Actifs" },
  { value: "archived", label: "Archivés" },
] as const satisfies readonly { value: LibraryListFilters["status"]; label: string }[];

/** What the form edits: a new article or ouvrage, or an item of the list. */
export type LibraryFormState = { mode: "create"; kind: LibraryKind } | { mode: "edit"; item: LibraryItem } | null;

/** « Bibliothèque » (docs/domain/library.md): search, filters, the items, and their form. */
export function LibraryPage({ isMobile }: { isMobile: boolean }) {
  const { canEdit } = useLibraryAccess();
  // « Cartes / Tableau » on a laptop (docs/domain/library.md#as-a-table).
  const listView = useListView("library");
  const table = listView.view === "table";
  const [term, setTerm] = useState("");
  const [kind, setKind] = useState<KindFilter>("all");
  const [category, setCategory] = useState<LibraryCategory | "">("");
  const [status, setStatus] = useState<LibraryListFilters["status"]>("active");
  const search = useDebouncedValue(term, LIBRARY_LIMITS.searchDebounceMs).trim();
  // The table's headers order the list on the server (docs/domain/library.md#as-a-table).
  const sorting = useTableSort<LibrarySort>("name", LIBRARY_SORT_ORDERS);
  const filters: LibraryListFilters = {
    search,
    kind: kind === "all" ? undefined : kind,
    category: category || undefined,
    status,
    ...sorting.params,
  };
  const query = useInfiniteQuery(libraryInfiniteQueryOptions(filters));
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const rendered = useProgressiveList(items);
  const total = query.data?.pages.at(-1)?.meta.total ?? 0;
  const failed = listFailed(query, items.length);
  const filtered = search !== "" || kind !== "all" || category !== "" || status !== "active";

  const [form, setForm] = useState<LibraryFormState>(null);
  const formLoaded = useOpenedOnce(form !== null);
  const [toDelete, setToDelete] = useState<LibraryItem | null>(null);
  const [importing, setImporting] = useState(false);
  const importLoaded = useOpenedOnce(importing);
  const exporting = useExportLibrary();
  const duplicate = useDuplicateLibraryItem();
  const archive = useArchiveLibraryItem();
  const remove = useDeleteLibraryItem();
  const busyId = duplicate.isPending ? duplicate.variables : archive.isPending ? archive.variables?.id : undefined;

  const clearFilters = () => {
    setTerm("");
    setKind("all");
    setCategory("");
    setStatus("active");
  };

  const actions = {
    onOpen: (item: LibraryItem) => setForm({ mode: "edit", item }),
    onDuplicate: (item: LibraryItem) =>
      duplicate.mutate(item.id, {
        onSuccess: (copy) => {
          toastSuccess(LIBRARY_TEXTS.duplicated);
          setForm({ mode: "edit", item: copy });
        },
      }),
    onArchive: (item: LibraryItem, archived: boolean) =>
      archive.mutate(
        { id: item.id, archived },
        { onSuccess: () => toastSuccess(archived ? LIBRARY_TEXTS.archived : LIBRARY_TEXTS.restored) },
      ),
    onDelete: setToDelete,
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Bibliothèque"
        subtitle="Vos articles et ouvrages, avec leur prix de vente HT, leur déboursé et leur marge."
        actions={
          <div className={cn("flex flex-wrap items-center gap-2", isMobile && "w-full")}>
            <ExportImportActions
              isMobile={isMobile}
              exporting={exporting.isPending}
              onExport={() => exporting.mutate(filters, { onSuccess: () => toastSuccess("Bibliothèque exportée") })}
              onImport={canEdit ? () => setImporting(true) : undefined}
            />
            {canEdit && (
              <div className={cn("flex gap-2", isMobile && "w-full [&>*]:flex-1")}>
                <Button variant="outline" onClick={() => setForm({ mode: "create", kind: "ouvrage" })}>
                  <Layers aria-hidden="true" />
                  Nouvel ouvrage
                </Button>
                <Button onClick={() => setForm({ mode: "create", kind: "article" })}>
                  <Plus aria-hidden="true" />
                  Nouvel article
                </Button>
              </div>
            )}
          </div>
        }
      />

      <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center">
        <SearchField
          value={term}
          onChange={setTerm}
          label="Rechercher dans la bibliothèque"
          placeholder="Nom, description, référence…"
          className="lg:max-w-sm lg:flex-1"
        />
        <SegmentedControl value={kind} options={KIND_FILTERS} onChange={setKind} label="Filtrer par type" />
        <NativeSelect
          aria-label="Filtrer par catégorie"
          value={category}
          onChange={(event) => setCategory(event.target.value as LibraryCategory | "")}
          wrapperClassName="lg:w-52"
        >
          <option value="">Toutes les catégories</option>
          {LIBRARY_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {LIBRARY_CATEGORY_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
        <SegmentedControl
          value={status}
          options={STATUS_FILTERS}
          onChange={setStatus}
          label="Actifs ou archivés"
          className="lg:ml-auto"
        />
      </div>

      <ListSection
        headingId="library-found"
        query={query}
        rows={items.length}
        countLabel={plural(total, "élément")}
        pendingLabel="Recherche dans la bibliothèque"
        headingAction={
          // Beside the count: the filters' row is full on a laptop.
          listView.choosable && <ViewToggle value={listView.view} onChange={listView.setView} className="ml-auto h-9" />
        }
        refreshing={query.isFetching && !query.isPending && !query.isFetchingNextPage}
        loading={
          table ? (
            <DataTableSkeleton label="Chargement de la bibliothèque…" />
          ) : (
            <ListSkeleton label="Chargement de la bibliothèque…" />
          )
        }
        errorTitle="Impossible de charger la bibliothèque"
        empty={
          filtered ? (
            <EmptyState
              icon={<SearchX aria-hidden="true" className="size-6" />}
              title="Aucun élément trouvé"
              text={search ? `Aucun élément ne correspond à "${search}"` : "Aucun élément pour ces filtres"}
              action={
                <Button variant="outline" onClick={clearFilters}>
                  Effacer les filtres
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<BookOpen aria-hidden="true" className="size-6" />}
              title="Votre bibliothèque est vide"
              text={
                "Ajoutez vos articles (fournitures, main-d’œuvre…) puis composez vos ouvrages\u00a0: vos devis se rempliront en quelques frappes."
              }
              action={
                canEdit ? (
                  <Button onClick={() => setForm({ mode: "create", kind: "article" })}>
                    <Plus aria-hidden="true" />
                    Nouvel article
                  </Button>
                ) : undefined
              }
            />
          )
        }
        footer={
          <LoadMore
            progress={`${formatCount(items.length)} sur ${formatCount(total)} éléments affichés`}
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
          />
        }
      >
        {!failed && table && (
          <LibraryTable
            items={items}
            filters={filters}
            sort={sorting.sort}
            order={sorting.order}
            onSortChange={sorting.setSort}
            onOpen={actions.onOpen}
            busy={query.isPlaceholderData}
          />
        )}
        {!failed && !table && (
          <ul aria-label="Éléments de la bibliothèque" className="grid grid-cols-1 items-start gap-3 xl:grid-cols-2">
            {rendered.map((item) => (
              <li key={item.id}>
                <LibraryItemCard item={item} on={actions} busy={busyId === item.id} />
              </li>
            ))}
          </ul>
        )}
      </ListSection>

      {formLoaded && (
        <Suspense fallback={null}>
          <LibraryItemDialog form={form} isMobile={isMobile} readOnly={!canEdit} onClose={() => setForm(null)} />
        </Suspense>
      )}
      {importLoaded && (
        <Suspense fallback={null}>
          <LibraryImportDialog open={importing} isMobile={isMobile} onClose={() => setImporting(false)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        destructive
        title={"Supprimer cet élément\u202f?"}
        description={
          <>
            {"Cette action est irréversible\u00a0: "}
            <strong className="font-semibold text-foreground">{toDelete?.name}</strong>
            {" sera supprimé de la bibliothèque. Un élément utilisé s’archive plutôt."}
          </>
        }
        confirmLabel="Supprimer"
        pendingLabel="Suppression…"
        onConfirm={async () => {
          if (!toDelete) return;
          await remove.mutateAsync(toDelete.id);
          toastSuccess(LIBRARY_TEXTS.deleted);
        }}
      />
    </div>
  );
}
