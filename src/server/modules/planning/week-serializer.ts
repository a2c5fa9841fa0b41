import { type CalendarProject, type CalendarWeek, calendarProjectSchema } from "@shared/planning";

/**
 * The week's answer as the generic serializer would write it (`JSON.stringify` of what the schema
 * keeps), but each worksite checked and written once: the answer names a worksite on every day it
 * occupies — the same object, a five-day worksite five times — and a large company's week is some
 * 200 placements of 40 worksites (docs/domain/planning.md#performance, the bench's week line).
 */
export function serializeWeek(week: CalendarWeek): string {
  const written = new Map<CalendarProject, string>();
  const project = (p: CalendarProject) => {
    let json = written.get(p);
    if (json === undefined) {
      json = JSON.stringify(calendarProjectSchema.parse(p));
      written.set(p, json);
    }
    return json;
  };
  const days = week.days.map(
    (day) => `{"date":${JSON.stringify(day.date)},"projects":[${day.projects.map(project).join(",")}]}`,
  );
  return `{"week_start":${JSON.stringify(week.week_start)},"days":[${days.join(",")}]}`;
}
