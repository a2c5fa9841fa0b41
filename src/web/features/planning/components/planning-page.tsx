import { addDays, parisToday } from "@shared/dates";
import { formatDate, formatLongDate, plural } from "@shared/format";
import type { CalendarProject, PlanningConflict, ProjectScheduleResponse } from "@shared/planning";
import { mondayOf, PLANNING_TEXTS, weekRangeLabel } from "@shared/planning-rules";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { ListSkeleton, LoadError } from "@web/components/ui/list-state";
import { NativeSelect } from "@web/components/ui/native-select";
import { Skeleton } from "@web/components/ui/skeleton";
import { useOpenedOnce } from "@web/hooks/use-opened-once";
import { useWhenIdle } from "@web/hooks/use-when-idle";
import { fieldErrorsOf, toastFailure, toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { toast } from "@web/lib/toast";
import { ChevronLeft, ChevronRight, LoaderCircle } from "lucide-react";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { planningTeamsQueryOptions } from "../api/get-planning-options";
import { weekQueryOptions } from "../api/get-week";
import { useScheduleProject } from "../api/schedule-project";
import { usePlanningAccess } from "../hooks/use-planning-access";
import {
  daysBetween,
  lanesOf,
  type PlanningLane,
  type PlanningMove,
  weekdayName,
  weekFromParam,
} from "../lib/planning-week";
import { conflictLabel } from "./planning-card";
import { PlanningDayView } from "./planning-day-view";

/**
 * The desktop board and its drag and drop (dnd-kit, two thirds of the screen's code): a chunk of its own,
 * asked as soon as the page renders on a wide screen, never on a phone, which shows the day view
 * (ADR 0005 §10 (l)).
 */
const loadBoard = () => import("./planning-board");
const PlanningBoard = lazy(() => loadBoard().then((m) => ({ default: m.PlanningBoard })));

/** The move dialog loads when first opened, not with the week (ADR 0005 §10). */
const MoveProjectDialog = lazy(() => import("./move-project-dialog").then((m) => ({ default: m.MoveProjectDialog })));

/** « Erreur de chargement » and « Impossible de charger les données du calendrier. » (spec 2 §2). */
const [LOAD_FAILED_TITLE, LOAD_FAILED_TEXT] = PLANNING_TEXTS.loadFailed.split(" - ");

/** « Équipe déjà prise par CH-2026-0004 (Remplacement du chauffe-eau) le 24/11/2026 ». */
function conflictSentence(conflict: PlanningConflict): string {
  const first = conflict.days[0];
  const when =
    conflict.days.length > 1
      ? ` sur ${plural(conflict.days.length, "jour")} à partir du ${formatDate(first)}`
      : first
        ? ` le ${formatDate(first)}`
        : "";
  return `${conflictLabel(conflict)} par ${conflict.reference} (${conflict.name})${when}`;
}

/**
 * What a move did: « Chantier déplacé », or the same as a warning naming its clashes; with « Annuler »,
 * which puts the worksite back (`undo`) — a drop on the wrong day is undone in one tap (issue 32).
 */
function announceMove(moved: ProjectScheduleResponse, undo?: () => void) {
  const action = undo ? { action: { label: PLANNING_TEXTS.undoMove, onClick: undo } } : {};
  const when = `Début le ${weekdayName(moved.start_date).toLowerCase()} ${formatLongDate(moved.start_date)}`;
  if (moved.conflicts.length === 0) {
    toast.success(PLANNING_TEXTS.scheduled, {
      description: `${moved.name}\u00a0: ${when}${moved.team ? `, ${moved.team.name}` : ""}.`,
      ...action,
    });
    return;
  }
  toast.warning(`${PLANNING_TEXTS.scheduled}, avec ${plural(moved.conflicts.length, "conflit")}`, {
    description: `${moved.name}\u00a0: ${moved.conflicts.map(conflictSentence).join("\u00a0; ")}.`,
    duration: 10_000,
    ...action,
  });
}

/**
 * « Planning » (spec 2 §2 « Planning / calendar », docs/domain/planning.md#screen): the week of `?week=`
 * (this week without it), its worksites day by day — a board by team on desktop, one day at a time on a
 * phone — the team filter for those who see every team, and the move of a worksite (drag, « Déplacer »).
 */
export function PlanningPage({ isMobile }: { isMobile: boolean }) {
  const access = usePlanningAccess();
  const [params, setParams] = useSearchParams();
  const today = parisToday();
  const monday = weekFromParam(params.get("week"), today);
  const [teamChoice, setTeamChoice] = useState<string | null>(null);
  const teamId = access.canFilterTeams ? teamChoice : null;
  const query = useQuery(weekQueryOptions(monday, teamId));
  // The page idle: the weeks around are prefetched, and on a phone the filter's teams asked (only its
  // options need them: the day's cards paint without sharing the first requests with them, ADR 0005 §10 (n)).
  const idle = useWhenIdle();
  const teams = useQuery(
    planningTeamsQueryOptions(access.canFilterTeams && access.canListTeams && (!isMobile || idle)),
  );
  const week = query.data?.week_start === monday ? query.data : undefined;
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const day = chosenDay && mondayOf(chosenDay) === monday ? chosenDay : mondayOf(today) === monday ? today : monday;

  const [moving, setMoving] = useState<CalendarProject | null>(null);
  const dialogLoaded = useOpenedOnce(moving !== null);
  const schedule = useScheduleProject();

  useEffect(() => {
    if (!isMobile) void loadBoard();
  }, [isMobile]);

  // The weeks before and after, once the page is idle: « Semaine suivante » shows at once.
  const queryClient = useQueryClient();
  const loaded = week !== undefined;
  useEffect(() => {
    if (!idle || !loaded) return;
    for (const other of [addDays(monday, 7), addDays(monday, -7)]) {
      void queryClient.prefetchQuery(weekQueryOptions(other, teamId));
    }
  }, [idle, loaded, monday, teamId, queryClient]);

  /** Another week in the URL (this week: no parameter), the day shown on a phone moved with it. */
  const goToWeek = (next: string, nextDay: string | null = null) => {
    setChosenDay(nextDay);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === mondayOf(today)) updated.delete("week");
        else updated.set("week", next);
        return updated;
      },
      { preventScrollReset: true },
    );
  };
  const shiftWeek = (weeks: number) => goToWeek(addDays(monday, 7 * weeks), addDays(day, 7 * weeks));
  const chooseDay = (next: string) => {
    if (mondayOf(next) === monday) setChosenDay(next);
    else goToWeek(mondayOf(next), next);
  };

  const skeleton = (
    <ListSkeleton
      label="Chargement du planning…"
      rows={isMobile ? 3 : 7}
      className={isMobile ? "grid-cols-1" : "grid-cols-7 gap-2 lg:grid-cols-7"}
      item={<Skeleton className={cn("w-full rounded-lg", isMobile ? "h-32" : "h-64")} />}
    />
  );

  const knownTeams = useMemo(
    () => lanesOf(week, teams.data ?? [], null).filter((l) => l.id !== null),
    [week, teams.data],
  );
  const lanes = useMemo(() => lanesOf(week, teams.data ?? [], teamId), [week, teams.data, teamId]);
  const total = useMemo(() => new Set(week?.days.flatMap((d) => d.projects.map((p) => p.id))).size, [week]);

  /** Sends a move; a failure is a toast (the dialog shows field errors at their field instead). */
  const send = async (project: CalendarProject, move: PlanningMove, fromDialog = false) => {
    try {
      const moved = await schedule.mutateAsync({ project, move });
      announceMove(moved, () => {
        // Back to where it was: its date, and its team and vehicle when the move changed them.
        const back: PlanningMove = {
          start_date: project.start_date,
          ...(move.team === undefined ? {} : { team: project.team }),
          ...(move.vehicle === undefined ? {} : { vehicle: project.vehicle }),
        };
        schedule
          .mutateAsync({ project: moved, move: back })
          .then(() => toastSuccess(PLANNING_TEXTS.moveUndone, `${project.name} est revenu à sa place.`))
          .catch((error: unknown) => toastFailure(PLANNING_TEXTS.scheduleFailed, error));
      });
    } catch (error) {
      if (!fromDialog || fieldErrorsOf(error).length === 0) toastFailure(PLANNING_TEXTS.scheduleFailed, error);
      throw error;
    }
  };
  /** A card dropped on another day (the whole worksite shifts by as many days) or another team's row. */
  const drop = (project: CalendarProject, fromDay: string, toDay: string, lane: PlanningLane | null) => {
    const start = addDays(project.start_date, daysBetween(fromDay, toDay));
    const newTeam = lane !== null && lanes.length > 1 && lane.id !== (project.team?.id ?? null);
    if (start === project.start_date && !newTeam) return;
    const move: PlanningMove = {
      start_date: start,
      ...(newTeam ? { team: lane.id === null ? null : { id: lane.id, name: lane.name } } : {}),
    };
    send(project, move).catch(() => {});
  };
  const openMove = (project: CalendarProject) => setMoving(project);

  const navigation = (
    <div className={cn("flex items-center gap-1", isMobile && "w-full")}>
      <Button variant="outline" size="icon" aria-label={PLANNING_TEXTS.previousWeek} onClick={() => shiftWeek(-1)}>
        <ChevronLeft aria-hidden="true" />
      </Button>
      {isMobile ? (
        <h2 aria-live="polite" className="min-w-0 flex-1 text-center text-sm font-semibold">
          <RangeLabel monday={monday} />
        </h2>
      ) : (
        <Button variant="outline" onClick={() => goToWeek(mondayOf(today), today)}>
          {PLANNING_TEXTS.today}
        </Button>
      )}
      <Button variant="outline" size="icon" aria-label={PLANNING_TEXTS.nextWeek} onClick={() => shiftWeek(1)}>
        <ChevronRight aria-hidden="true" />
      </Button>
    </div>
  );

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-[1.75rem]">{PLANNING_TEXTS.title}</h1>
          {!isMobile && (
            <p className="text-sm text-muted-foreground">
              {access.canMove
                ? "Les chantiers de la semaine par équipe. Glissez un chantier pour le déplacer."
                : "Les chantiers de la semaine par équipe."}
            </p>
          )}
        </div>
        {isMobile ? (
          <Button variant="outline" size="sm" onClick={() => goToWeek(mondayOf(today), today)}>
            {PLANNING_TEXTS.today}
          </Button>
        ) : (
          access.canFilterTeams && (
            <TeamFilter teams={knownTeams} value={teamId} onChange={setTeamChoice} className="mt-1 w-60 shrink-0" />
          )
        )}
      </div>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        {navigation}
        {!isMobile && (
          <h2 aria-live="polite" className="text-lg font-semibold">
            {weekRangeLabel(monday)}
          </h2>
        )}
        {query.isFetching && week && (
          <LoaderCircle aria-label="Mise à jour du planning…" className="size-4 animate-spin text-muted-foreground" />
        )}
        {!isMobile && week && (
          <span className="ml-auto text-sm whitespace-nowrap text-muted-foreground">
            {total > 0 ? `${plural(total, "chantier")} cette semaine` : "Aucun chantier cette semaine"}
          </span>
        )}
        {isMobile && access.canFilterTeams && (
          <TeamFilter teams={knownTeams} value={teamId} onChange={setTeamChoice} className="w-full" />
        )}
      </div>

      {week ? (
        isMobile ? (
          <PlanningDayView
            week={week}
            today={today}
            day={day}
            onDay={chooseDay}
            canMove={access.canMove}
            onMove={openMove}
          />
        ) : (
          <Suspense fallback={skeleton}>
            <PlanningBoard
              week={week}
              today={today}
              lanes={lanes}
              canMove={access.canMove}
              onDrop={drop}
              onMove={openMove}
            />
          </Suspense>
        )
      ) : query.isError ? (
        <LoadError
          title={LOAD_FAILED_TITLE ?? PLANNING_TEXTS.loadFailed}
          message={LOAD_FAILED_TEXT}
          onRetry={() => void query.refetch()}
        />
      ) : (
        skeleton
      )}

      {dialogLoaded && (
        <Suspense fallback={null}>
          <MoveProjectDialog
            project={moving}
            isMobile={isMobile}
            onClose={() => setMoving(null)}
            onSubmit={(project, move) => send(project, move, true)}
          />
        </Suspense>
      )}
    </div>
  );
}

/** « 23–29 novembre 2026 »; across two months, broken after the dash when the phone is narrow. */
function RangeLabel({ monday }: { monday: string }) {
  const [first, second] = weekRangeLabel(monday).split("\u2013 ");
  if (second === undefined) return <span className="inline-block">{first}</span>;
  return (
    <>
      <span className="inline-block">{`${first}\u2013`}</span> <span className="inline-block">{second}</span>
    </>
  );
}

/** « Toutes les équipes » or one (spec 2 §2, for `team:view` or `admin:access`). */
function TeamFilter({
  teams,
  value,
  onChange,
  className,
}: {
  teams: PlanningLane[];
  value: string | null;
  onChange: (teamId: string | null) => void;
  className?: string;
}) {
  return (
    <NativeSelect
      aria-label="Filtrer par équipe"
      wrapperClassName={className}
      value={value ?? ""}
      onChange={(event) => onChange(event.target.value || null)}
    >
      <option value="">{PLANNING_TEXTS.allTeams}</option>
      {teams.map((team) => (
        <option key={team.id ?? "none"} value={team.id ?? ""}>
          {team.name}
        </option>
      ))}
    </NativeSelect>
  );
}
