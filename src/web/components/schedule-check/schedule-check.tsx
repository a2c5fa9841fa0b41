import { isIsoDay } from "@shared/dates";
import { formatDate, plural } from "@shared/format";
import type { CalendarWeek } from "@shared/planning";
import {
  availabilityOn,
  type ForeseenClash,
  lastOccupiedDay,
  mondayOf,
  occupiedDays,
  PLANNING_LIMITS,
  PLANNING_TEXTS,
} from "@shared/planning-rules";
import { useQueries } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { CircleCheck, TriangleAlert } from "lucide-react";
import { useMemo } from "react";

/** A team or a vehicle to choose. */
export interface ScheduleChoice {
  id: string;
  name: string;
}

export interface ScheduleCheckProps {
  /** The worksite being moved or edited (left out of its own clashes); null for a new one. */
  projectId: string | null;
  /** The start date typed (`yyyy-mm-dd`; anything else: nothing is said). */
  start: string;
  durationDays: number | null | undefined;
  teamId: string | null;
  vehicleId: string | null;
  /** The teams and vehicles offered: those free on the days are named. */
  teams: readonly ScheduleChoice[];
  vehicles: readonly ScheduleChoice[];
  /** The user may read the planning (`calendar:view`): else nothing is asked nor said. */
  enabled: boolean;
}

/**
 * The planning's week, under the planning's own key (`features/planning/api/planning-keys.ts`:
 * ["planning", "week", monday, team]): the weeks the planning already holds answer at once, and a move
 * refreshes them here too. Every team's worksites (no team filter).
 */
const weekQuery = (monday: string) => ({
  queryKey: ["planning", "week", monday, null] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<CalendarWeek>("/calendar/week", { week_start: monday }, { signal }),
  staleTime: PLANNING_LIMITS.weekStaleMs,
});

/** « Équipe déjà prise par CH-2026-0004 (Salle de bain) le 26/11/2026 ». */
function clashSentence(clash: ForeseenClash): string {
  const label = clash.kind === "team" ? PLANNING_TEXTS.teamConflict : PLANNING_TEXTS.vehicleConflict;
  const first = clash.days[0] ?? "";
  const when =
    clash.days.length > 1
      ? ` sur ${plural(clash.days.length, "jour")} à partir du ${formatDate(first)}`
      : ` le ${formatDate(first)}`;
  return `${label} par ${clash.reference} (${clash.name})${when}`;
}

const names = (choices: readonly ScheduleChoice[], busy: Set<string>) =>
  choices.filter((c) => !busy.has(c.id)).map((c) => c.name);

/**
 * Before saving a worksite's dates, team or vehicle (the « Déplacer » dialog, the worksite form —
 * issue 32): what they would clash with on the days it would occupy, and the teams and vehicles free on
 * those days, from the planning's weeks (docs/domain/planning.md#clashes-before-saving). A warning, not
 * a refusal: the server accepts the move and says the clashes again.
 */
export function ScheduleCheck({
  projectId,
  start,
  durationDays,
  teamId,
  vehicleId,
  teams,
  vehicles,
  enabled,
}: ScheduleCheckProps) {
  const valid = isIsoDay(start);
  const days = useMemo(
    () => (valid ? occupiedDays(start, durationDays, start, lastOccupiedDay(start, durationDays)) : []),
    [valid, start, durationDays],
  );
  const mondays = useMemo(() => [...new Set(days.map(mondayOf))], [days]);
  const weeks = useQueries({
    queries: mondays.map((monday) => ({ ...weekQuery(monday), enabled: enabled && valid })),
  });
  const loaded = weeks.length > 0 && weeks.every((w) => w.data !== undefined);
  const schedule = loaded ? weeks.flatMap((w) => w.data?.days ?? []) : [];
  if (!enabled || !valid || !loaded) return null;

  const { busyTeams, busyVehicles, clashes } = availabilityOn(schedule, days, projectId, teamId, vehicleId);
  const freeTeams = names(teams, busyTeams);
  const freeVehicles = names(vehicles, busyVehicles);
  const span = days.length > 1 ? "ces jours-là" : "ce jour-là";
  return (
    <div role="status" aria-label="Disponibilités" className="flex flex-col gap-2 text-[0.8125rem]">
      {clashes.length > 0 ? (
        <ul
          aria-label="Conflits prévus"
          className="flex flex-col gap-1 rounded-md border border-[#fde68a] bg-warning-soft px-3 py-2 font-medium text-warning-soft-foreground"
        >
          {clashes.map((clash) => (
            <li key={`${clash.kind}-${clash.project_id}`} className="flex items-start gap-2">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{clashSentence(clash)}</span>
            </li>
          ))}
        </ul>
      ) : (
        (teamId || vehicleId) && (
          <p className="flex items-start gap-2 text-muted-foreground">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{`Aucun conflit ${span}.`}</span>
          </p>
        )
      )}
      {teams.length > 0 && (
        <p className="text-muted-foreground">
          {freeTeams.length > 0
            ? `Équipes libres ${span}\u00a0: ${freeTeams.join(", ")}`
            : `Aucune équipe libre ${span}.`}
        </p>
      )}
      {vehicles.length > 0 && (
        <p className="text-muted-foreground">
          {freeVehicles.length > 0
            ? `Véhicules libres ${span}\u00a0: ${freeVehicles.join(", ")}`
            : `Aucun véhicule libre ${span}.`}
        </p>
      )}
    </div>
  );
}
