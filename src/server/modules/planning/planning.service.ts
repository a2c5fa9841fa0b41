import type { Database } from "@server/db/client";
import { type AuthContext, idOr404, permissions, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import {
  type Booking,
  type CalendarProject,
  type CalendarWeek,
  type CalendarWeekQuery,
  clashesAmong,
  clashesOf,
  occupiedDays,
  type PlanningConflict,
  type ProjectSchedule,
  type ProjectScheduleResponse,
  weekDays,
} from "@shared/planning";
import { PROJECT_TEXTS } from "@shared/project-rules";
import { projectsQueries } from "../projects/projects.queries";
import { checkReferences, restrictedMember, visibleTeams } from "../projects/projects.service";
import { type PlannedProject, planningRepository } from "./planning.repository";

/** Who may see and move what on the planning (docs/domain/planning.md#permissions). */
export const PLANNING_ACCESS = permissions({
  week: "calendar:view",
  schedule: "projects:edit",
});

const noCompany = "Vous devez être connecté à une entreprise pour accéder au planning";

/** Delivered and cancelled worksites hold no team and no vehicle any more: they never clash. */
const isLive = (p: PlannedProject) => p.status !== "livré" && p.status !== "annulé";

const asBooking = (p: PlannedProject): Booking => ({
  id: p.id,
  team_id: p.team?.id ?? null,
  vehicle_id: p.vehicle?.id ?? null,
  start_date: p.start_date,
  estimated_duration_days: p.estimated_duration_days,
});

/** The clashes of `subject` among `others` within [from, to], with the other worksite's reference and name. */
function conflictsOf(
  subject: PlannedProject,
  others: readonly PlannedProject[],
  from: string,
  to: string,
): PlanningConflict[] {
  if (!isLive(subject)) return [];
  const byId = new Map(others.map((p) => [p.id, p]));
  return clashesOf(asBooking(subject), others.filter(isLive).map(asBooking), from, to).map((clash) => {
    const other = byId.get(clash.project_id);
    return { ...clash, reference: other?.reference ?? "", name: other?.name ?? "" };
  });
}

export function createPlanningService(db: Database) {
  return {
    /**
     * GET /api/calendar/week: the seven days from `week_start` (a Monday) and the worksites each holds
     * (docs/domain/planning.md#days). Clashes are computed among every worksite the user sees that
     * week, before the team filter: a vehicle shared with another team's worksite still shows.
     */
    async week(auth: AuthContext, query: CalendarWeekQuery): Promise<CalendarWeek> {
      const t = tenant(auth, PLANNING_ACCESS.week, noCompany);
      const days = weekDays(query.week_start);
      const from = days[0] as string;
      const to = days[6] as string;
      const projects = await planningRepository.between(db, t.scope, t.companyId, from, to, restrictedMember(t));
      const live = projects.filter(isLive);
      const clashes = clashesAmong(live.map(asBooking), from, to);
      const byId = new Map(projects.map((p) => [p.id, p]));
      const byDay = new Map<string, CalendarProject[]>(days.map((d) => [d, []]));
      for (const project of projects) {
        if (query.team_id && project.team?.id !== query.team_id) continue;
        const clashing = clashes.get(project.id) ?? [];
        // Each day's card carries the clashes of that day only (docs/domain/planning.md#conflicts).
        for (const d of occupiedDays(project.start_date, project.estimated_duration_days, from, to)) {
          const conflicts: PlanningConflict[] = [];
          for (const clash of clashing) {
            if (!clash.days.includes(d)) continue;
            const other = byId.get(clash.project_id);
            conflicts.push({ ...clash, reference: other?.reference ?? "", name: other?.name ?? "", days: [d] });
          }
          byDay.get(d)?.push({ ...project, conflicts });
        }
      }
      return { week_start: from, days: days.map((date) => ({ date, projects: byDay.get(date) ?? [] })) };
    },

    /**
     * PATCH /api/projects/:id/schedule: moves a worksite (start date, team, vehicle; keys left out kept)
     * and answers its clashes over its whole span — a warning, not a refusal: the planner decides.
     */
    async schedule(auth: AuthContext, projectId: string, input: ProjectSchedule): Promise<ProjectScheduleResponse> {
      const t = tenant(auth, PLANNING_ACCESS.schedule, noCompany);
      const id = idOr404(projectId, PROJECT_TEXTS.notFound);
      return db.run(t.scope, async (tx) => {
        const current = await projectsQueries.find(tx, t.companyId, id, await visibleTeams(tx, t), true);
        if (!current) throw errors.notFound(PROJECT_TEXTS.notFound);
        const values = {
          start_date: input.start_date,
          team_id: input.team_id === undefined ? current.team_id : input.team_id,
          vehicle_id: input.vehicle_id === undefined ? current.vehicle_id : input.vehicle_id,
        };
        await checkReferences(tx, t.companyId, { client_id: null, ...values });
        await planningRepository.schedule(tx, t.companyId, id, values);
        const moved = await planningRepository.one(tx, t.companyId, id);
        if (!moved) throw errors.notFound(PROJECT_TEXTS.notFound);
        const others = await planningRepository.sharing(
          tx,
          t.companyId,
          id,
          values.team_id,
          values.vehicle_id,
          moved.start_date,
          moved.end_date,
        );
        return { ...moved, conflicts: conflictsOf(moved, others, moved.start_date, moved.end_date) };
      });
    },
  };
}
