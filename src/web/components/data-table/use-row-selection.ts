import { useState } from "react";

/**
 * The rows ticked in a table. Only the rows on screen count: a row of another page or filtered out is
 * never exported nor reminded (the ids kept are intersected with the rows at each render).
 */
export function useRowSelection<T>(rows: readonly T[], rowKey: (row: T) => string) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const shown = rows.filter((row) => ticked.has(rowKey(row)));
  const selected: ReadonlySet<string> = new Set(shown.map(rowKey));
  return {
    selected,
    /** The ticked rows, in the list's order. */
    selectedRows: shown,
    setSelected: (next: ReadonlySet<string>) => setTicked(new Set(next)),
    clear: () => setTicked(new Set()),
  };
}

export type RowSelection<T> = ReturnType<typeof useRowSelection<T>>;
