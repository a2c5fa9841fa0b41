/**
 * The one search rule (ADR 0032) for what the browser filters itself while the server answers: the same
 * folding as the SQL fold() of every search column (drizzle/0042) — the French and Latin-1 accented
 * letters to their base letter, œ and æ spelt out, typographic apostrophes straight, lower case. The
 * two are compared letter by letter in src/server/test/search-fold.test.ts.
 */
const FROM = "ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿŸ’‘";
const TO = "AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyyY''";
const MAP = new Map([...FROM].map((letter, i) => [letter, TO[i] ?? letter]));

export function fold(text: string): string {
  let out = "";
  for (const c of text) out += MAP.get(c) ?? c;
  return out.toLowerCase().replace(/œ/g, "oe").replace(/æ/g, "ae");
}
