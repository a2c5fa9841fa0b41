import { z } from "zod";
import { isoDay } from "./fields";
import { isMonday, PLANNING_TEXTS } from "./planning-rules";
import { PROJECT_STATUSES, PROJECT_TEXTS } from "./project-rules";

export * from "./planning-rules";

/** Wire shapes of /api/calendar/week and PATCH /api/projects/:id/schedule (docs/domain/planning.md). */

/** GET /api/calendar/week (spec 2 §7): a Monday, and a team or all. */
export const calendarWeekQuerySchema = z.object({
  week_start: isoDay(PLANNING_TEXTS.weekStartInvalid).refine(isMonday, PLANNING_TEXTS.weekStartNotMonday),
  team_id: z.uuid({ error: "Équipe invalide" }).optional(),
});
export type CalendarWeekQuery = z.output<typeof calendarWeekQuerySchema>;

const named = z.object({ id: z.uuid(), name: z.string() });

/** A clash of a worksite with another one: the same team or vehicle on the days listed. */
export const planningConflictSchema = z.object({
  project_id: z.uuid(),
  reference: z.string(),
  name: z.string(),
  kind: z.enum(["team", "vehicle"]),
  days: z.array(z.string()),
});
export type PlanningConflict = z.infer<typeof planningConflictSchema>;

/** A worksite as the planning shows it (spec 2 §2 « Planning »), with its clashes within the week. */
export const calendarProjectSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  name: z.string(),
  status: z.enum(PROJECT_STATUSES),
  client: named.nullable(),
  team: named.nullable(),
  vehicle: named.nullable(),
  address: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  estimated_duration_days: z.number().nullable(),
  conflicts: z.array(planningConflictSchema),
});
export type CalendarProject = z.infer<typeof calendarProjectSchema>;

/** GET /api/calendar/week: the seven days, Monday to Sunday, each with the worksites it holds. */
export const calendarWeekSchema = z.object({
  week_start: z.string(),
  days: z.array(z.object({ date: z.string(), projects: z.array(calendarProjectSchema) })),
});
export type CalendarWeek = z.infer<typeof calendarWeekSchema>;

/**
 * PATCH /api/projects/:id/schedule: move a worksite to another day, team or vehicle. A key left out
 * keeps its value; null removes the team or the vehicle.
 */
export const projectScheduleSchema = z.object({
  start_date: isoDay(PROJECT_TEXTS.dateInvalid),
  team_id: z.uuid({ error: PROJECT_TEXTS.teamNotFound }).nullable().optional(),
  vehicle_id: z.uuid({ error: PROJECT_TEXTS.vehicleNotFound }).nullable().optional(),
});
export type ProjectSchedule = z.output<typeof projectScheduleSchema>;

/** The answer of the move: the worksite as the planning shows it, its clashes over its whole span. */
export const projectScheduleResponseSchema = calendarProjectSchema;
export type ProjectScheduleResponse = z.infer<typeof projectScheduleResponseSchema>;
