import { formatCount, plural } from "@shared/format";
import {
  COUNTED_PROJECT_STATUSES,
  PROJECT_LIMITS,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  PROJECT_TEXTS,
} from "@shared/project-rules";
import type { Project, ProjectStatus, ProjectStatusCounts } from "@shared/projects";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { EmptyState, ListSection, ListSkeleton, LoadMore, listFailed } from "@web/components/ui/list-state";
import { PageHeader } from "@web/components/ui/page-header";
import { SearchField } from "@web/components/ui/search-field";
import { SegmentedControl } from "@web/components/ui/segmented-control";
import { Skeleton } from "@web/components/ui/skeleton";
import { useCan } from "@web/hooks/use-can";
import { useDebouncedValue } from "@web/hooks/use-debounced-value";
import { useOpenedOnce } from "@web/hooks/use-opened-once";
import { useProgressiveList } from "@web/hooks/use-progressive-list";
import { cn } from "@web/lib/cn";
import { paths } from "@web/lib/paths";
import { CalendarDays, HardHat, Plus, SearchX } from "lucide-react";
import { lazy, Suspense, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { projectsInfiniteQueryOptions } from "../api/get-projects";
import { useProjectAccess } from "../hooks/use-project-access";
import { useProjectLaunch } from "../hooks/use-project-launch";
import { ProjectCard } from "./project-card";

/** The forms (react-hook-form, zod) load when first opened, not with the list (ADR 0005 §10). */
const ProjectCreateDialog = lazy(() =>
  import("./project-form-dialog").then((m) => ({ default: m.ProjectCreateDialog })),
);
const ProjectEditDialog = lazy(() => import("./project-form-dialog").then((m) => ({ default: m.ProjectEditDialog })));

type Filter = "all" | ProjectStatus;

/** The cards' grid: one column on a phone, two from a laptop, three on a wide screen. */
const GRID = "grid grid-cols-1 gap-3 lg:grid-cols-2 2xl:grid-cols-3";

const COUNTER_TONE: Record<ProjectStatus, string> = {
  "à faire": "text-foreground",
  "en cours": "text-primary",
  "en pause": "text-warning-soft-foreground",
  livré: "text-success",
  annulé: "text-destructive",
};

function filterOptions(counts: ProjectStatusCounts | undefined) {
  const label = (text: string, n: number | undefined) => (n === undefined ? text : `${text} (${formatCount(n)})`);
  return [
    { value: "all" as const, label: label("Tous", counts?.all) },
    ...PROJECT_STATUSES.map((status) => ({
      value: status,
      label: label(PROJECT_STATUS_LABELS[status], counts?.[status]),
    })),
  ];
}

/** « Mes chantiers » (spec 2 « Worksite list », docs/domain/projects.md#screens-web). */
export function ProjectsPage({ isMobile }: { isMobile: boolean }) {
  const { canCreate } = useProjectAccess();
  const canPlan = useCan("calendar:view");
  const navigate = useNavigate();
  const [term, setTerm] = useState("");
  const [filter, setFilter] = useState<Filter>("all");
  const typed = useDebouncedValue(term, PROJECT_LIMITS.searchDebounceMs).trim();
  // Spec 2 §9: the search starts at 2 characters; one character is no search.
  const search = typed.length >= PROJECT_LIMITS.searchMin ? typed : "";
  const query = useInfiniteQuery(
    projectsInfiniteQueryOptions({ search, status: filter === "all" ? undefined : filter }),
  );
  const projects = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const rendered = useProgressiveList(projects);
  const last = query.data?.pages.at(-1);
  const total = last?.meta.total ?? 0;
  const counts = last?.meta.counts;
  const failed = listFailed(query, projects.length);
  const filtered = search !== "" || filter !== "all";

  const [creating, setCreating] = useState(false);
  const createLoaded = useOpenedOnce(creating);
  const [editing, setEditing] = useState<string | null>(null);
  const editLoaded = useOpenedOnce(editing !== null);
  const launch = useProjectLaunch();

  const create = () => setCreating(true);
  const clearFilters = () => {
    setTerm("");
    setFilter("all");
  };
  const actions = {
    onStart: (project: Project) => launch.start(project.id),
    onContinue: (project: Project) => launch.resume(project.id),
    onEdit: (project: Project) => setEditing(project.id),
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={PROJECT_TEXTS.listTitle}
        count={
          counts && !failed && search === ""
            ? { shown: formatCount(counts.all), label: plural(counts.all, "chantier"), withTitle: true }
            : null
        }
        subtitle={"Vos chantiers, de la préparation à la livraison\u00a0: équipe, véhicule, tâches et avancement."}
        subtitleClassName="hidden sm:block"
        actions={
          <div className={cn("flex gap-2", isMobile && "w-full")}>
            {canPlan && (
              <Button variant="outline" asChild className={cn(isMobile && "flex-1")}>
                <Link to={paths.calendar}>
                  <CalendarDays aria-hidden="true" />
                  Planning
                </Link>
              </Button>
            )}
            {canCreate && (
              <Button onClick={create} className={cn(isMobile && "flex-1")}>
                <Plus aria-hidden="true" />
                {PROJECT_TEXTS.newProject}
              </Button>
            )}
          </div>
        }
      />

      <ul aria-label="Chantiers par statut" className="grid grid-cols-4 gap-2 sm:gap-3">
        {COUNTED_PROJECT_STATUSES.map((status) => (
          <li key={status}>
            <button
              type="button"
              aria-pressed={filter === status}
              onClick={() => setFilter(filter === status ? "all" : status)}
              className={cn(
                "flex w-full flex-col items-start gap-0.5 rounded-lg border bg-card px-2.5 py-2 text-left shadow-card sm:px-4 sm:py-3 hover:border-[#c7cbfb] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                filter === status ? "border-primary ring-1 ring-primary" : "border-border",
              )}
            >
              <span className={cn("text-xl font-semibold tabular-nums sm:text-2xl", COUNTER_TONE[status])}>
                {counts ? formatCount(counts[status]) : "–"}
              </span>
              <span className="text-xs whitespace-nowrap text-muted-foreground sm:text-[0.8125rem]">
                {PROJECT_STATUS_LABELS[status]}
              </span>
            </button>
          </li>
        ))}
      </ul>

      <div className="flex flex-col gap-3 xl:flex-row xl:items-center">
        <SearchField
          value={term}
          onChange={setTerm}
          label="Rechercher un chantier par nom, client ou référence"
          placeholder="Nom, client ou référence…"
          className="xl:max-w-sm xl:flex-1"
        />
        <SegmentedControl
          value={filter}
          options={filterOptions(counts)}
          onChange={setFilter}
          label="Filtrer par statut"
        />
      </div>

      <ListSection
        headingId="projects-found"
        query={query}
        rows={projects.length}
        countLabel={filtered ? plural(total, "chantier trouvé", "chantiers trouvés") : plural(total, "chantier")}
        pendingLabel="Recherche des chantiers"
        refreshing={query.isFetching && !query.isPending && !query.isFetchingNextPage}
        loading={
          <ListSkeleton
            label="Chargement des chantiers…"
            rows={4}
            className={GRID}
            item={<Skeleton className="h-48 w-full rounded-lg" />}
          />
        }
        errorTitle="Erreur lors du chargement des chantiers"
        empty={
          filtered ? (
            <EmptyState
              icon={<SearchX aria-hidden="true" className="size-6" />}
              title={PROJECT_TEXTS.emptyTitle}
              text={
                search ? `Aucun chantier ne correspond à «\u00a0${search}\u00a0».` : "Aucun chantier avec ce statut."
              }
              action={
                <Button variant="outline" onClick={clearFilters}>
                  Effacer les filtres
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<HardHat aria-hidden="true" className="size-6" />}
              title={PROJECT_TEXTS.emptyTitle}
              text={
                "Créez un chantier vierge, ou depuis un devis validé (bouton «\u00a0Créer un chantier\u00a0» de ses actions)."
              }
              action={
                canCreate ? (
                  <Button onClick={create}>
                    <Plus aria-hidden="true" />
                    {PROJECT_TEXTS.newProject}
                  </Button>
                ) : undefined
              }
            />
          )
        }
        footer={
          <LoadMore
            progress={`${formatCount(projects.length)} sur ${formatCount(total)} chantiers affichés`}
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
          />
        }
      >
        {!failed && (
          <ul aria-label="Chantiers de l’entreprise" className={cn(GRID, "items-stretch")}>
            {rendered.map((project) => (
              <li key={project.id}>
                <ProjectCard
                  project={project}
                  on={actions}
                  starting={launch.startingId === project.id}
                  defaultOpen={!isMobile}
                />
              </li>
            ))}
          </ul>
        )}
      </ListSection>

      {createLoaded && (
        <Suspense fallback={null}>
          <ProjectCreateDialog
            open={creating}
            onOpenChange={setCreating}
            quoteId={null}
            isMobile={isMobile}
            onCreated={(project) => void navigate(paths.project(project.id))}
          />
        </Suspense>
      )}
      {editLoaded && editing && (
        <Suspense fallback={null}>
          <ProjectEditDialog
            open={editing !== null}
            onOpenChange={(open) => !open && setEditing(null)}
            projectId={editing}
            isMobile={isMobile}
          />
        </Suspense>
      )}
    </div>
  );
}
