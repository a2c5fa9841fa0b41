import { EQUIPMENT_LIMITS, EQUIPMENT_TEXTS } from "@shared/equipment-template-rules";
import type { EquipmentTemplate } from "@shared/equipment-templates";
import { formatCount, plural } from "@shared/format";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { EmptyState, ListSection, ListSkeleton, LoadMore, listFailed } from "@web/components/ui/list-state";
import { PageHeader } from "@web/components/ui/page-header";
import { SearchField } from "@web/components/ui/search-field";
import { useDebouncedValue } from "@web/hooks/use-debounced-value";
import { useOpenedOnce } from "@web/hooks/use-opened-once";
import { toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { Plus, SearchX, Wrench } from "lucide-react";
import { lazy, Suspense, useMemo, useState } from "react";
import { useDeleteEquipmentTemplate } from "../api/equipment-mutations";
import { equipmentInfiniteQueryOptions } from "../api/get-equipment-templates";
import { useEquipmentAccess } from "../hooks/use-equipment-access";
import type { EquipmentFormState } from "../lib/equipment-form";
import { EquipmentTemplateCard } from "./equipment-template-card";

/** The template form (react-hook-form, zod) loads when first opened, not with the list (ADR 0005 §10). */
const EquipmentTemplateDialog = lazy(() =>
  import("./equipment-template-dialog").then((m) => ({ default: m.EquipmentTemplateDialog })),
);

/** The cards' grid: one column on a phone, up to four on a wide screen. */
const GRID = "grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4";

/** « Modèles d'équipement » (docs/domain/equipment.md#screen): search, the templates, their form. */
export function EquipmentPage({ isMobile }: { isMobile: boolean }) {
  const { canCreate, canEdit } = useEquipmentAccess();
  const [term, setTerm] = useState("");
  const search = useDebouncedValue(term, EQUIPMENT_LIMITS.searchDebounceMs).trim();
  const query = useInfiniteQuery(equipmentInfiniteQueryOptions({ search }));
  const templates = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const total = query.data?.pages.at(-1)?.meta.total ?? 0;
  const failed = listFailed(query, templates.length);

  const [form, setForm] = useState<EquipmentFormState>(null);
  const formLoaded = useOpenedOnce(form !== null);
  const [toDelete, setToDelete] = useState<EquipmentTemplate | null>(null);
  const remove = useDeleteEquipmentTemplate();

  const create = () => setForm({ mode: "create" });
  const actions = {
    onOpen: (template: EquipmentTemplate) => setForm({ mode: "edit", template }),
    onDuplicate: (template: EquipmentTemplate) => setForm({ mode: "create", copyOf: template }),
    onDelete: setToDelete,
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Modèles d’équipement"
        subtitle="L’outillage, les EPI et les consommables de vos chantiers types, à reprendre sur chaque nouveau chantier."
        actions={
          canCreate && (
            <Button onClick={create} className={cn(isMobile && "w-full")}>
              <Plus aria-hidden="true" />
              Nouveau modèle
            </Button>
          )
        }
      />

      <SearchField
        value={term}
        onChange={setTerm}
        label="Rechercher un modèle"
        placeholder="Rechercher un modèle…"
        className="lg:max-w-sm"
      />

      <ListSection
        headingId="equipment-found"
        query={query}
        rows={templates.length}
        countLabel={plural(total, "modèle")}
        pendingLabel="Recherche des modèles"
        refreshing={query.isFetching && !query.isPending && !query.isFetchingNextPage}
        loading={<ListSkeleton label="Chargement des modèles…" rows={8} className={GRID} />}
        errorTitle="Impossible de charger les modèles d’équipement"
        empty={
          search ? (
            <EmptyState
              icon={<SearchX aria-hidden="true" className="size-6" />}
              title="Aucun modèle trouvé"
              text={`Aucun modèle ne correspond à «\u00a0${search}\u00a0». Essayez un autre nom ou un autre équipement.`}
              action={
                <Button variant="outline" onClick={() => setTerm("")}>
                  Effacer la recherche
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<Wrench aria-hidden="true" className="size-6" />}
              title="Aucun modèle créé"
              text={
                "Préparez les listes d’équipement de vos chantiers types\u00a0: outillage, EPI, consommables. Vous les reprendrez à la création d’un chantier."
              }
              action={
                canCreate ? (
                  <Button onClick={create}>
                    <Plus aria-hidden="true" />
                    Créer mon premier modèle
                  </Button>
                ) : undefined
              }
            />
          )
        }
        footer={
          <LoadMore
            progress={`${formatCount(templates.length)} sur ${formatCount(total)} modèles affichés`}
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
          />
        }
      >
        {!failed && (
          <ul aria-label="Modèles d’équipement" className={cn(GRID, "items-stretch")}>
            {templates.map((template) => (
              <li key={template.id}>
                <EquipmentTemplateCard template={template} on={actions} />
              </li>
            ))}
          </ul>
        )}
      </ListSection>

      {formLoaded && (
        <Suspense fallback={null}>
          <EquipmentTemplateDialog
            form={form}
            isMobile={isMobile}
            readOnly={form?.mode === "edit" && !canEdit}
            onClose={() => setForm(null)}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        destructive
        title={"Supprimer le modèle\u202f?"}
        description={
          <>
            {toDelete ? EQUIPMENT_TEXTS.confirmDelete(toDelete.name) : null} Les chantiers qui en ont repris la liste la
            gardent.
          </>
        }
        confirmLabel="Supprimer"
        pendingLabel="Suppression…"
        onConfirm={async () => {
          if (!toDelete) return;
          await remove.mutateAsync(toDelete.id);
          toastSuccess(EQUIPMENT_TEXTS.deleted);
        }}
      />
    </div>
  );
}
