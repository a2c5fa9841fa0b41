import type { CalendarProject, CalendarWeek, PlanningConflict } from "@shared/planning";

/** The keys the answer writes, in the schema's order (`week-serializer.test.ts` holds them to it). */
export const WORKSITE_KEYS = [
  "id",
  "reference",
  "name",
  "status",
  "client",
  "team",
  "vehicle",
  "address",
  "start_date",
  "end_date",
  "estimated_duration_days",
  "conflicts",
] as const;
export const CLASH_KEYS = ["project_id", "reference", "name", "kind", "days"] as const;
export const NAMED_KEYS = ["id", "name"] as const;

const json = JSON.stringify;
const named = (n: { id: string; name: string } | null) =>
  n === null ? "null" : `{"id":${json(n.id)},"name":${json(n.name)}}`;

/** A worksite's JSON without its last key, `conflicts`, which each placement writes (its own day's). */
const worksiteHead = (p: CalendarProject) =>
  `{"id":${json(p.id)},"reference":${json(p.reference)},"name":${json(p.name)},"status":${json(p.status)},` +
  `"client":${named(p.client)},"team":${named(p.team)},"vehicle":${named(p.vehicle)},"address":${json(p.address)},` +
  `"start_date":${json(p.start_date)},"end_date":${json(p.end_date)},` +
  `"estimated_duration_days":${json(p.estimated_duration_days)},"conflicts":[`;

/** A clash's JSON without its last key, `days`, which each placement writes. */
const clashHead = (c: PlanningConflict) =>
  `{"project_id":${json(c.project_id)},"reference":${json(c.reference)},"name":${json(c.name)},"kind":${json(c.kind)},"days":`;

/**
 * The week's answer as bytes: what the generic serializer writes (`JSON.stringify` of the schema's
 * keys), each worksite written and encoded once. The answer names a worksite on every day it occupies —
 * a five-day worksite five times, each day with that day's clashes — and a large company's week is some
 * 200 placements of 70 worksites, 120 kB (docs/domain/planning.md#performance, the bench's week line).
 *
 * - Each distinct worksite and clash is written once, by hand, key by key in the schema's order, and
 *   encoded to UTF-8 once; the rest (dates, punctuation: ASCII) stays text until it is copied, and
 *   every part is copied once into the answer's single buffer. Encoding 120 kB of accented text at each
 *   answer cost more than building it.
 * - Nothing is validated here: the values come from typed columns, and checking 70 worksites and their
 *   clashes against their zod schemas at each answer made a fifth of the request's allocations (the
 *   garbage collector's work was what made its p99). The tests hold the writer to the schema: the same
 *   bytes as `JSON.stringify(calendarWeekSchema.parse(week))`, the same keys, nothing else written.
 */
export function serializeWeek(week: CalendarWeek): Buffer {
  const worksites = new Map<string, Buffer>();
  const clashes = new Map<string, Map<string, Buffer>>();
  /** The answer's parts in order: ASCII text, or the bytes of a worksite or a clash. */
  const parts: (string | Buffer)[] = [];
  let size = 0;
  /** ASCII text waiting to be added to `parts`. */
  let text = `{"week_start":${json(week.week_start)},"days":[`;
  const push = (bytes: Buffer) => {
    parts.push(text, bytes);
    size += text.length + bytes.length;
    text = "";
  };
  week.days.forEach((day, d) => {
    text += `${d > 0 ? "," : ""}{"date":${json(day.date)},"projects":[`;
    day.projects.forEach((p, i) => {
      if (i > 0) text += ",";
      let bytes = worksites.get(p.id);
      if (bytes === undefined) {
        bytes = Buffer.from(worksiteHead(p));
        worksites.set(p.id, bytes);
      }
      push(bytes);
      p.conflicts.forEach((c, j) => {
        if (j > 0) text += ",";
        let ofKind = clashes.get(c.kind);
        if (ofKind === undefined) {
          ofKind = new Map();
          clashes.set(c.kind, ofKind);
        }
        let clash = ofKind.get(c.project_id);
        if (clash === undefined) {
          clash = Buffer.from(clashHead(c));
          ofKind.set(c.project_id, clash);
        }
        push(clash);
        text += `${json(c.days)}}`;
      });
      text += "]}";
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
