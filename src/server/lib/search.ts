/**
 * The LIKE pattern of a "contains" search over a lower-cased search_text column: the term lower-cased,
 * its wildcards (% and _) and the escape character taken literally.
 */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
