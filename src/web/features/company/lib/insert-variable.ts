/**
 * `text` with `token` put in place of the selection [start, end) (the cursor when they are equal), and
 * where the cursor goes after it. A selection outside the text (a field never focused) appends.
 */
export function insertAt(
  text: string,
  token: string,
  start: number | null | undefined,
  end: number | null | undefined,
): { text: string; cursor: number } {
  const from = start === null || start === undefined || start < 0 || start > text.length ? text.length : start;
  const to = end === null || end === undefined || end < from || end > text.length ? from : end;
  return { text: text.slice(0, from) + token + text.slice(to), cursor: from + token.length };
}
