import { addDays, isIsoDay } from "@shared/dates";
import type { CalendarProject, CalendarWeek } from "@shared/planning";
import {
  dayAndMonth,
  isMonday,
  isoWeekday,
  lastOccupiedDay,
  mondayOf,
  occupiedDays,
  weekdayName,
} from "@shared/planning-rules";

/**
 * The planning screen's pure rules (docs/domain/planning.md#screen): the week of the URL, the days'
 * labels, the lanes of the teams, and the move of a worksite within a cached week (optimistic).
 */

export { isIsoDay };

/**
 * The week `?week=` names: a Monday as `yyyy-mm-dd`; anything else (absent, not a date, another day)
 * is the week of `today`. `src/web/first-answers.ts` asks the same week on a cold start.
 */
export function weekFromParam(value: string | null | undefined, today: string): string {
  return value && isIsoDay(value) && isMonday(value) ? value : mondayOf(today);
}

/** Days from `from` to `to` (both `yyyy-mm-dd`), negative backwards. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const SHORT_WEEKDAYS = ["Lun.", "Mar.", "Mer.", "Jeu.", "Ven.", "Sam.", "Dim."];
const SHORT_MONTHS = [
  "janv.",
  "févr.",
  "mars",
  "avr.",
  "mai",
  "juin",
  "juil.",
  "août",
  "sept.",
  "oct.",
  "nov.",
  "déc.",
];

const weekdayIndex = (day: string) => isoWeekday(day) - 1;

export { dayAndMonth, weekdayName };

/** « Lun. », « Mar. »… (the phone's strip of days). */
export const shortWeekdayName = (day: string): string => SHORT_WEEKDAYS[weekdayIndex(day)] ?? "";

/** « 23 nov. » */
export const shortDate = (day: string): string =>
  `${Number(day.slice(8, 10))}\u00a0${SHORT_MONTHS[Number(day.slice(5, 7)) - 1] ?? ""}`;

/** « Jour 2 sur 4 »: the rank of `day` among the days a worksite occupies, from 1, and their number. */
export function dayOfSpan(
  project: Pick<CalendarProject, "start_date" | "estimated_duration_days">,
  day: string,
): { rank: number; count: number } {
  const count = Math.max(1, Math.floor(project.estimated_duration_days ?? 1));
  const rank = occupiedDays(project.start_date, project.estimated_duration_days, project.start_date, day).length;
  return { rank: Math.min(Math.max(rank, 1), count), count };
}

/** A team row of the desktop board; `id` null: the worksites without a team. */
export interface PlanningLane {
  id: string | null;
  name: string;
}

export const NO_TEAM_LANE = "Sans équipe";

/**
 * The rows of the desktop board: the team filtered on; else every team the user may list (so that a
 * worksite can be dropped in an idle team's row) and those of the week's worksites, by name; then
 * « Sans équipe » when a worksite of the week has none.
 */
export function lanesOf(
  week: CalendarWeek | undefined,
  teams: readonly { id: string; name: string }[],
  teamFilter: string | null,
): PlanningLane[] {
  const byId = new Map<string, string>();
  for (const team of teams) byId.set(team.id, team.name);
  let withoutTeam = false;
  for (const day of week?.days ?? []) {
    for (const project of day.projects) {
      if (project.team) byId.set(project.team.id, project.team.name);
      else withoutTeam = true;
    }
  }
  if (teamFilter !== null) return [{ id: teamFilter, name: byId.get(teamFilter) ?? "" }];
  const lanes: PlanningLane[] = [...byId]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name, "fr"));
  if (withoutTeam) lanes.push({ id: null, name: NO_TEAM_LANE });
  return lanes;
}

/** What a move changes: the start date, and the team and vehicle when given (null removes them). */
export interface PlanningMove {
  start_date: string;
  team?: { id: string; name: string } | null;
  vehicle?: { id: string; name: string } | null;
}

/** The worksite once moved, as the week shows it (its clashes are the server's to say again). */
export function movedProject(project: CalendarProject, move: PlanningMove): CalendarProject {
  return {
    ...project,
    start_date: move.start_date,
    end_date: lastOccupiedDay(move.start_date, project.estimated_duration_days),
    team: move.team === undefined ? project.team : move.team,
    vehicle: move.vehicle === undefined ? project.vehicle : move.vehicle,
    conflicts: [],
  };
}

const byStartThenReference = (a: CalendarProject, b: CalendarProject) =>
  a.start_date.localeCompare(b.start_date) || a.reference.localeCompare(b.reference);

/**
 * A cached week with `moved` in its new place: taken off every day, put on the days of the week it now
 * occupies (unless the week is filtered on another team), in the server's order.
 */
export function placeInWeek(week: CalendarWeek, moved: CalendarProject, teamFilter: string | null): CalendarWeek {
  const shown = teamFilter === null || moved.team?.id === teamFilter;
  const days = new Set(
    shown
      ? occupiedDays(moved.start_date, moved.estimated_duration_days, week.week_start, addDays(week.week_start, 6))
      : [],
  );
  return {
    ...week,
    days: week.days.map((day) => {
      const others = day.projects.filter((p) => p.id !== moved.id);
      return { ...day, projects: days.has(day.date) ? [...others, moved].sort(byStartThenReference) : others };
    }),
  };
}

/**
 * A worksite's bar on the board (issue 32): one per run of consecutive days it occupies in the week and
 * the row, across its columns — not a card on each day. `column` is the first day's index (0 = Monday),
 * `span` the number of days, `track` the line of the row it sits on (bars that share a day are stacked).
 * Its `project` carries the clashes of all its days, each with the days it clashes on.
 */
export interface PlanningBar {
  project: CalendarProject;
  days: string[];
  column: number;
  span: number;
  track: number;
}

/**
 * The bars of a row — the worksites of `laneId`'s team (`null`: without a team; `undefined`: every
 * worksite, the board without rows) — and how many lines the row needs: as many as worksites on its
 * busiest day, so that a row is as tall as its content.
 */
export function barsOf(week: CalendarWeek, laneId?: string | null): { bars: PlanningBar[]; tracks: number } {
  const open = new Map<string, PlanningBar>();
  const bars: PlanningBar[] = [];
  week.days.forEach((day, index) => {
    for (const project of day.projects) {
      if (laneId !== undefined && (project.team?.id ?? null) !== laneId) continue;
      const running = open.get(project.id);
      if (running && running.column + running.span === index) {
        running.span += 1;
        running.days.push(day.date);
        running.project = {
          ...running.project,
          conflicts: mergeConflicts(running.project.conflicts, project.conflicts),
        };
        continue;
      }
      const bar: PlanningBar = { project, days: [day.date], column: index, span: 1, track: 0 };
      open.set(project.id, bar);
      bars.push(bar);
    }
  });
  bars.sort((a, b) => a.column - b.column || b.span - a.span || a.project.reference.localeCompare(b.project.reference));
  const ends: number[] = [];
  for (const bar of bars) {
    let track = ends.findIndex((end) => end < bar.column);
    if (track === -1) track = ends.length;
    ends[track] = bar.column + bar.span - 1;
    bar.track = track;
  }
  return { bars, tracks: ends.length };
}

/** The clashes of two days of one worksite: one per other worksite and kind, their days put together. */
function mergeConflicts(
  before: CalendarProject["conflicts"],
  added: CalendarProject["conflicts"],
): CalendarProject["conflicts"] {
  const merged = before.map((c) => ({ ...c, days: [...c.days] }));
  for (const conflict of added) {
    const same = merged.find((c) => c.kind === conflict.kind && c.project_id === conflict.project_id);
    if (!same) merged.push({ ...conflict, days: [...conflict.days] });
    else for (const day of conflict.days) if (!same.days.includes(day)) same.days.push(day);
  }
  return merged;
}
