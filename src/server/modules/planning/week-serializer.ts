import {
  type CalendarProject,
  type CalendarWeek,
  calendarProjectSchema,
  type PlanningConflict,
  planningConflictSchema,
} from "@shared/planning";

const placedSchema = calendarProjectSchema.omit({ conflicts: true });

/**
 * The week's answer as the generic serializer would write it (`JSON.stringify` of what the schema
 * keeps), but each worksite checked and written once: the answer names a worksite on every day it
 * occupies — a five-day worksite five times, each day with that day's clashes — and a large company's
 * week is some 200 placements of 70 worksites (docs/domain/planning.md#performance, the bench's week
 * line). `conflicts` is the schema's last key: the worksite's JSON is written without it, then each
 * placement closes it with its own.
 */
export function serializeWeek(week: CalendarWeek): string {
  const written = new Map<string, string>();
  const project = (p: CalendarProject) => {
    let json = written.get(p.id);
    if (json === undefined) {
      json = JSON.stringify(placedSchema.parse(p)).slice(0, -1);
      written.set(p.id, json);
    }
    const conflicts = p.conflicts.map((c: PlanningConflict) => JSON.stringify(planningConflictSchema.parse(c)));
    return `${json},"conflicts":[${conflicts.join(",")}]}`;
  };
  const days = week.days.map(
    (day) => `{"date":${JSON.stringify(day.date)},"projects":[${day.projects.map(project).join(",")}]}`,
  );
  return `{"week_start":${JSON.stringify(week.week_start)},"days":[${days.join(",")}]}`;
}
