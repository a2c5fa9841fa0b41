import { formatCount, plural } from "@shared/format";
import { TEAM_LIMITS, TEAM_TEXTS } from "@shared/team-rules";
import type { Team } from "@shared/teams";
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
import { Plus, SearchX, UsersRound } from "lucide-react";
import { lazy, Suspense, useMemo, useRef, useState } from "react";
import { teamsInfiniteQueryOptions } from "../api/get-teams";
import { useDeleteTeam } from "../api/team-mutations";
import { useTeamAccess } from "../hooks/use-team-access";
import { TeamCard } from "./team-card";

/** The team form (react-hook-form, zod, the member picker) loads when first opened, not with the list. */
const TeamFormDialog = lazy(() => import("./team-form-dialog").then((m) => ({ default: m.TeamFormDialog })));

/** What the form edits: a new team, or a team of the list. */
export type TeamFormState = { mode: "create" } | { mode: "edit"; team: Team } | null;

/** « Équipes » (spec 3 §2.13, docs/domain/teams.md#screen): the count, the search, the team cards and their dialogs. */
export function TeamsPage({ isMobile }: { isMobile: boolean }) {
  const { canCreate } = useTeamAccess();
  const [term, setTerm] = useState("");
  const search = useDebouncedValue(term, TEAM_LIMITS.searchDebounceMs).trim();
  const query = useInfiniteQuery(teamsInfiniteQueryOptions(search));
  const teams = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const total = query.data?.pages.at(-1)?.meta.total ?? 0;
  const failed = listFailed(query, teams.length);
  // The header counts the company's teams: the total without a search, kept while one is typed.
  const companyTotal = useRef<number | null>(null);
  if (!query.isPlaceholderData && query.data && search === "") companyTotal.current = total;

  const [form, setForm] = useState<TeamFormState>(null);
  const formLoaded = useOpenedOnce(form !== null);
  const [toDelete, setToDelete] = useState<Team | null>(null);
  const remove = useDeleteTeam();
  const openCreate = () => setForm({ mode: "create" });

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Équipes"
        count={
          companyTotal.current !== null && !failed
            ? {
                shown: formatCount(companyTotal.current),
                label: plural(companyTotal.current, "équipe"),
                withTitle: true,
              }
            : null
        }
        subtitle="Vos équipes, leurs membres et leur chef d’équipe."
        actions={
          canCreate && (
            <Button onClick={openCreate} className={cn(isMobile && "w-full")}>
              <Plus aria-hidden="true" />
              Nouvelle équipe
            </Button>
          )
        }
      />

      <SearchField
        value={term}
        onChange={setTerm}
        label="Rechercher une équipe"
        placeholder={TEAM_TEXTS.searchPlaceholder}
        className="sm:max-w-md"
      />

      <ListSection
        headingId="teams-found"
        query={query}
        rows={teams.length}
        countLabel={search ? plural(total, "équipe trouvée", "équipes trouvées") : plural(total, "équipe")}
        pendingLabel="Recherche des équipes"
        refreshing={query.isFetching && !query.isPending && !query.isFetchingNextPage}
        loading={
          <ListSkeleton
            label="Chargement des équipes…"
            rows={4}
            className="sm:grid-cols-2 lg:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4"
          />
        }
        errorTitle={TEAM_TEXTS.loadFailed}
        empty={
          search ? (
            <EmptyState
              icon={<SearchX aria-hidden="true" className="size-6" />}
              title="Aucune équipe trouvée"
              text={`Aucune équipe ne correspond à «\u00a0${search}\u00a0».`}
              action={
                <Button variant="outline" onClick={() => setTerm("")}>
                  Effacer la recherche
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<UsersRound aria-hidden="true" className="size-6" />}
              title={TEAM_TEXTS.emptyTitle}
              text={TEAM_TEXTS.emptyText}
              action={
                canCreate ? (
                  <Button onClick={openCreate}>
                    <Plus aria-hidden="true" />
                    Nouvelle équipe
                  </Button>
                ) : undefined
              }
            />
          )
        }
        footer={
          <LoadMore
            progress={`${formatCount(teams.length)} sur ${formatCount(total)} équipes affichées`}
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
          />
        }
      >
        {!failed && (
          <ul
            aria-label="Équipes de l’entreprise"
            className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4"
          >
            {teams.map((team) => (
              <li key={team.id}>
                <TeamCard team={team} onEdit={(t) => setForm({ mode: "edit", team: t })} onDelete={setToDelete} />
              </li>
            ))}
          </ul>
        )}
      </ListSection>

      {formLoaded && (
        <Suspense fallback={null}>
          <TeamFormDialog form={form} isMobile={isMobile} onClose={() => setForm(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        destructive
        title={TEAM_TEXTS.deleteTitle}
        description={
          <>
            {"Cette action est irréversible\u00a0: l’équipe "}
            <strong className="font-semibold text-foreground">{toDelete?.name}</strong>
            {" sera supprimée et ses membres n’en feront plus partie."}
          </>
        }
        confirmLabel="Supprimer"
        pendingLabel="Suppression…"
        onConfirm={async () => {
          if (!toDelete) return;
          await remove.mutateAsync(toDelete.id);
          toastSuccess(TEAM_TEXTS.deleted, TEAM_TEXTS.deletedDescription);
        }}
      />
    </div>
  );
}
