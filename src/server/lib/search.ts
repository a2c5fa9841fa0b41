import { type SQL, sql } from "drizzle-orm";

/**
 * One search rule (ADR 0032): every search column is `fold()`ed text (drizzle/0042: accents and case
 * aside, œ/æ spelt out, typographic apostrophes straight), every pattern folded the same way by the
 * same SQL function, and every name-sorted list ordered by `fold(name)`. No other lowering anywhere.
 */

/** `term` with LIKE's wildcards (% and _) and its escape character taken literally. */
function literal(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The pattern of a "contains" search over a folded column: `fold('%term%')`. */
export function containsPattern(term: string): SQL {
  return sql`fold(${`%${literal(term)}%`}::text)`;
}

/** The pattern of a "starts with" search over a folded column: `fold('term%')`. */
export function prefixPattern(term: string): SQL {
  return sql`fold(${`${literal(term)}%`}::text)`;
}

/** `value` folded: what a search compares and a list sorts by. */
export function folded(value: SQL): SQL {
  return sql`fold(${value})`;
}
