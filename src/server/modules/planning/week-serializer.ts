import {
  type CalendarProject,
  type CalendarWeek,
  calendarProjectSchema,
  type PlanningConflict,
  planningConflictSchema,
} from "@shared/planning";

const placedSchema = calendarProjectSchema.omit({ conflicts: true });
const clashSchema = planningConflictSchema.omit({ days: true });
const daysSchema = planningConflictSchema.shape.days;

/**
 * The week's answer as the generic serializer would write it (`JSON.stringify` of what the schema
 * keeps), as bytes, each worksite checked, written and encoded once: the answer names a worksite on
 * every day it occupies — a five-day worksite five times, each day with that day's clashes — and a large
 * company's week is some 200 placements of 70 worksites, 120 kB (docs/domain/planning.md#performance,
 * the bench's week line). Encoding the whole text to UTF-8 at each answer cost more than building it:
 * the distinct worksites and clashes are encoded once, the rest (dates, punctuation: ASCII) kept as text,
 * and every part copied once into the answer's single buffer. `conflicts` is the schema's last key: the worksite's JSON
 * is written without it, then each placement closes it with its own; a clash likewise with its `days`.
 */
export function serializeWeek(week: CalendarWeek): Buffer {
  const worksites = new Map<string, Buffer>();
  const clashes = new Map<string, Buffer>();
  /** The answer's parts in order: ASCII text, or the bytes of a worksite or a clash. */
  const parts: (string | Buffer)[] = [];
  let size = 0;
  /** ASCII text waiting to be added to `parts`. */
  let text = `{"week_start":${JSON.stringify(week.week_start)},"days":[`;
  const push = (bytes: Buffer) => {
    parts.push(text, bytes);
    size += text.length + bytes.length;
    text = "";
  };
  const conflict = (c: PlanningConflict) => {
    const key = `${c.project_id}|${c.kind}`;
    let bytes = clashes.get(key);
    if (bytes === undefined) {
      bytes = Buffer.from(`${JSON.stringify(clashSchema.parse(c)).slice(0, -1)},"days":`);
      clashes.set(key, bytes);
    }
    push(bytes);
    text += `${JSON.stringify(daysSchema.parse(c.days))}}`;
  };
  const project = (p: CalendarProject) => {
    let bytes = worksites.get(p.id);
    if (bytes === undefined) {
      bytes = Buffer.from(`${JSON.stringify(placedSchema.parse(p)).slice(0, -1)},"conflicts":[`);
      worksites.set(p.id, bytes);
    }
    push(bytes);
    p.conflicts.forEach((c, i) => {
      if (i > 0) text += ",";
      conflict(c);
    });
    text += "]}";
  };
  week.days.forEach((day, d) => {
    text += `${d > 0 ? "," : ""}{"date":${JSON.stringify(day.date)},"projects":[`;
    day.projects.forEach((p, i) => {
      if (i > 0) text += ",";
      project(p);
    });
    text += "]}";
  });
  text += "]}";
  parts.push(text);
  size += text.length;
  const answer = Buffer.allocUnsafe(size);
  let at = 0;
  for (const part of parts) at += typeof part === "string" ? answer.write(part, at, "latin1") : part.copy(answer, at);
  return answer;
}
