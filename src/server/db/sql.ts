/**
 * A list of ids as one `uuid[]` parameter (`= ANY(${uuidArray(ids)}::uuid[])`): one bound value whatever
 * the number of ids, where drizzle's `sql` would bind each element apart. The ids are checked UUIDs.
 */
export const uuidArray = (ids: readonly string[]): string => `{${ids.join(",")}}`;
