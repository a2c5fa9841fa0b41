/**
 * What the list tests compare the API's orders with (docs/architecture.md#office-lists-as-tables): the
 * order computed here from the rows themselves, key after key, as PostgreSQL sorts them (NULL after the
 * values ascending, before them descending). Keep the texts compared to lower-case letters without
 * spaces after `fold`: then every collation agrees with JavaScript's `<`.
 */
export interface SortKey<T> {
  value: (row: T) => string | number | null;
  /** This key runs against the order asked (as a client's invoices, most recent first both ways). */
  fixed?: "asc" | "desc";
  /** This key runs the other way (the quotes' amount: highest first, then the id ascending). */
  against?: boolean;
}

/** fold() of drizzle/0042: accents and case aside. */
export { foldOracle as fold } from "./helpers";

function compare(a: string | number | null, b: string | number | null, desc: boolean): number {
  if (a === b) return 0;
  if (a === null) return desc ? -1 : 1;
  if (b === null) return desc ? 1 : -1;
  const n = a < b ? -1 : 1;
  return desc ? -n : n;
}

/** `rows` in the order of `keys`, each in `order` unless fixed. */
export function sortRows<T>(rows: readonly T[], keys: readonly SortKey<T>[], order: "asc" | "desc"): T[] {
  return [...rows].sort((x, y) => {
    for (const key of keys) {
      const desc = (key.fixed ?? order) === "desc";
      const c = compare(key.value(x), key.value(y), key.against ? !desc : desc);
      if (c !== 0) return c;
    }
    return 0;
  });
}
