import { addDays, dayNumber, dayOfNumber, weekdayOfNumber } from "./dates";
import { formatDayRange } from "./format";

/**
 * The planning's pure rules (docs/domain/planning.md): which days a worksite occupies, weeks from
 * Monday, the range label, and the clashes of a team or a vehicle. No zod: the calendar screen loads it
 * alone; `planning.ts` re-exports it with the schemas.
 */

export const PLANNING_TEXTS = {
  title: "Planning",
  weekStartNotMonday: "La semaine doit commencer un lundi (week_start au format aaaa-mm-jj)",
  weekStartInvalid: "Date de début de semaine invalide (format aaaa-mm-jj)",
  allTeams: "Toutes les équipes",
  emptyDay: "Aucun chantier",
  loadFailed: "Erreur de chargement - Impossible de charger les données du calendrier.",
  /** Spec 2 §2 « Accès refusé - … »: the refusal screen shows « Accès refusé » as its title, then this. */
  accessDenied: "Vous n'avez pas les permissions nécessaires pour accéder au calendrier.",
  today: "Aujourd'hui",
  previousWeek: "Semaine précédente",
  nextWeek: "Semaine suivante",
  teamConflict: "Équipe déjà prise",
  vehicleConflict: "Véhicule déjà pris",
  scheduled: "Chantier déplacé",
  /** The move toast's button: the worksite goes back to its date, team and vehicle (issue 32). */
  undoMove: "Annuler",
  moveUndone: "Déplacement annulé",
  scheduleFailed: "Impossible de déplacer le chantier",
} as const;

/** Spec 2 §9: the week's data is fresh for 2 minutes. */
export const PLANNING_LIMITS = { weekStaleMs: 2 * 60_000 } as const;

/** ISO day of the week of a `yyyy-mm-dd`: 1 Monday … 7 Sunday. */
export const isoWeekday = (day: string): number => weekdayOfNumber(dayNumber(day));

export const isWeekend = (day: string): boolean => isoWeekday(day) >= 6;
export const isMonday = (day: string): boolean => isoWeekday(day) === 1;

/** The Monday of the week of `day`. */
export const mondayOf = (day: string): string => addDays(day, 1 - isoWeekday(day));

/** The seven days of the week starting on `monday`, Monday to Sunday. */
export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/**
 * The last day a worksite occupies (docs/domain/planning.md#days): its start date — whatever the day, a
 * Saturday intervention is planned on purpose — then the following working days, Saturdays and Sundays
 * skipped, until its estimated duration (at least 1 day; 1 without one) is counted. Whole weeks are
 * jumped at once (five working days are seven calendar days from a working day).
 */
export function lastOccupiedDay(start: string, durationDays: number | null | undefined): string {
  return dayOfNumber(lastOccupiedNumber(dayNumber(start), durationDays));
}

/** `lastOccupiedDay` on day numbers. */
function lastOccupiedNumber(start: number, durationDays: number | null | undefined): number {
  const total = Math.max(1, Math.floor(durationDays ?? 1));
  const weekend = (n: number) => weekdayOfNumber(n) >= 6;
  const nextWorking = (n: number) => {
    let next = n + 1;
    while (weekend(next)) next += 1;
    return next;
  };
  let day = start;
  let counted = 1;
  if (total > 1 && weekend(start)) {
    day = nextWorking(start);
    counted = 2;
  }
  const weeks = Math.floor((total - counted) / 5);
  day += weeks * 7;
  counted += weeks * 5;
  while (counted < total) {
    day = nextWorking(day);
    counted += 1;
  }
  return day;
}

/**
 * The days a worksite occupies within [from, to] (both `yyyy-mm-dd`): its start date, then every
 * working day up to its last day. Bounded by the range, so a 10-year worksite costs a week's work.
 */
export function occupiedDays(
  start: string,
  durationDays: number | null | undefined,
  from: string = start,
  to?: string,
): string[] {
  const first = dayNumber(start);
  const last = lastOccupiedNumber(first, durationDays);
  const end = to !== undefined ? Math.min(dayNumber(to), last) : last;
  const days: string[] = [];
  for (let day = Math.max(dayNumber(from), first); day <= end; day += 1) {
    if (day === first || weekdayOfNumber(day) < 6) days.push(dayOfNumber(day));
  }
  return days;
}

const MONTHS = [
  "janvier",
  "février",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "août",
  "septembre",
  "octobre",
  "novembre",
  "décembre",
];

const WEEKDAYS = ["Lundi", "Mardi", "Mercredi", "Jeudi", "Vendredi", "Samedi", "Dimanche"];

/** « Lundi », « Mardi »… */
export const weekdayName = (day: string): string => WEEKDAYS[isoWeekday(day) - 1] ?? "";

/** « 23 novembre » (the year is the week's). */
export const dayAndMonth = (day: string): string =>
  `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1] ?? ""}`;

/**
 * « 23–29 novembre 2026 », « 30 novembre – 6 décembre 2026 » (the glossary's day span, `formatDayRange`;
 * spec 2 §2 writes « d month - d month year »: its dash and repeated month are typography, ADR 0010).
 */
export function weekRangeLabel(monday: string): string {
  return formatDayRange(monday, addDays(monday, 6));
}

/** A worksite as the clash check reads it. */
export interface Booking {
  id: string;
  team_id: string | null;
  vehicle_id: string | null;
  start_date: string;
  estimated_duration_days: number | null;
}

export interface Clash {
  /** The other worksite. */
  project_id: string;
  kind: "team" | "vehicle";
  /** The days both occupy (within the range asked). */
  days: string[];
}

/**
 * The clashes of `subject` with `others` (docs/domain/planning.md#conflicts): the same team or the same
 * vehicle on a day both occupy, within [from, to].
 */
export function clashesOf(subject: Booking, others: readonly Booking[], from: string, to: string): Clash[] {
  const mine = new Set(occupiedDays(subject.start_date, subject.estimated_duration_days, from, to));
  if (mine.size === 0) return [];
  const clashes: Clash[] = [];
  for (const other of others) {
    if (other.id === subject.id) continue;
    const sameTeam = subject.team_id !== null && other.team_id === subject.team_id;
    const sameVehicle = subject.vehicle_id !== null && other.vehicle_id === subject.vehicle_id;
    if (!sameTeam && !sameVehicle) continue;
    const days = occupiedDays(other.start_date, other.estimated_duration_days, from, to).filter((d) => mine.has(d));
    if (days.length === 0) continue;
    if (sameTeam) clashes.push({ project_id: other.id, kind: "team", days });
    if (sameVehicle) clashes.push({ project_id: other.id, kind: "vehicle", days });
  }
  return clashes;
}

/**
 * The clashes of every booking among `bookings` within [from, to], by booking id: the same result as
 * `clashesOf` for each, in one pass — each booking's days computed once, compared only with the
 * bookings of its own team and of its own vehicle (a week of a large company: hundreds of worksites,
 * a few per team).
 */
export function clashesAmong(bookings: readonly Booking[], from: string, to: string): Map<string, Clash[]> {
  const days = bookings.map((b) => occupiedDays(b.start_date, b.estimated_duration_days, from, to));
  // The positions in `bookings` of each team's and each vehicle's bookings, ascending.
  const byTeam = new Map<string, number[]>();
  const byVehicle = new Map<string, number[]>();
  const join = (groups: Map<string, number[]>, key: string, position: number) => {
    const group = groups.get(key);
    if (group) group.push(position);
    else groups.set(key, [position]);
  };
  bookings.forEach((b, i) => {
    if (b.team_id !== null) join(byTeam, b.team_id, i);
    if (b.vehicle_id !== null) join(byVehicle, b.vehicle_id, i);
  });
  const result = new Map<string, Clash[]>();
  bookings.forEach((subject, i) => {
    const clashes: Clash[] = [];
    const mine = days[i] ?? [];
    const team = (subject.team_id !== null && byTeam.get(subject.team_id)) || NOBODY;
    const vehicle = (subject.vehicle_id !== null && byVehicle.get(subject.vehicle_id)) || NOBODY;
    // The two ascending lists merged: the other bookings in the order of `bookings`, as clashesOf
    // reports them, each once.
    let t = 0;
    let v = 0;
    while (mine.length > 0 && (t < team.length || v < vehicle.length)) {
      const nextTeam = team[t] ?? Number.POSITIVE_INFINITY;
      const nextVehicle = vehicle[v] ?? Number.POSITIVE_INFINITY;
      const j = Math.min(nextTeam, nextVehicle);
      if (nextTeam === j) t += 1;
      if (nextVehicle === j) v += 1;
      const other = bookings[j];
      if (j === i || !other) continue;
      const shared = common(mine, days[j] ?? []);
      if (shared === null) continue;
      if (subject.team_id !== null && other.team_id === subject.team_id)
        clashes.push({ project_id: other.id, kind: "team", days: shared });
      if (subject.vehicle_id !== null && other.vehicle_id === subject.vehicle_id)
        clashes.push({ project_id: other.id, kind: "vehicle", days: shared });
    }
    result.set(subject.id, clashes);
  });
  return result;
}

const NOBODY: readonly number[] = [];

/** The days two ascending lists of days share, or null when none (nothing allocated then). */
function common(a: readonly string[], b: readonly string[]): string[] | null {
  let shared: string[] | null = null;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as string;
    const y = b[j] as string;
    if (x === y) {
      shared ??= [];
      shared.push(x);
      i += 1;
      j += 1;
    } else if (x < y) i += 1;
    else j += 1;
  }
  return shared;
}

/** A worksite of a week's day, as far as its availability goes. */
interface BookedProject {
  id: string;
  reference: string;
  name: string;
  status: string;
  team: { id: string } | null;
  vehicle: { id: string } | null;
}

/** A clash found before saving: the other worksite, the team or the vehicle, and the days they share. */
export interface ForeseenClash {
  project_id: string;
  reference: string;
  name: string;
  kind: "team" | "vehicle";
  days: string[];
}

/**
 * Who is busy on `days` and what the chosen team and vehicle would clash with — the warning the move
 * dialog and the worksite form give before saving (issue 32), from the weeks the planning already asks
 * (`schedule`: the days of every week the span covers). The worksite itself is left out; delivered and cancelled
 * worksites hold nothing (docs/domain/planning.md#conflicts). The server says the clashes again on save.
 */
export function availabilityOn(
  schedule: readonly { date: string; projects: readonly BookedProject[] }[],
  days: readonly string[],
  projectId: string | null,
  teamId: string | null,
  vehicleId: string | null,
): { busyTeams: Set<string>; busyVehicles: Set<string>; clashes: ForeseenClash[] } {
  const busyTeams = new Set<string>();
  const busyVehicles = new Set<string>();
  const clashes: ForeseenClash[] = [];
  const wanted = new Set(days);
  const note = (other: BookedProject, kind: ForeseenClash["kind"], day: string) => {
    const found = clashes.find((c) => c.project_id === other.id && c.kind === kind);
    if (found) {
      if (!found.days.includes(day)) found.days.push(day);
    } else clashes.push({ project_id: other.id, reference: other.reference, name: other.name, kind, days: [day] });
  };
  for (const day of schedule) {
    if (!wanted.has(day.date)) continue;
    for (const other of day.projects) {
      if (other.id === projectId || other.status === "livré" || other.status === "annulé") continue;
      if (other.team) {
        busyTeams.add(other.team.id);
        if (other.team.id === teamId) note(other, "team", day.date);
      }
      if (other.vehicle) {
        busyVehicles.add(other.vehicle.id);
        if (other.vehicle.id === vehicleId) note(other, "vehicle", day.date);
      }
    }
  }
  for (const clash of clashes) clash.days.sort();
  return { busyTeams, busyVehicles, clashes };
}
