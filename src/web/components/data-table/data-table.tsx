import type { SortOrder } from "@shared/fields";
import { formatEuro, plural } from "@shared/format";
import { fromCents, toCents } from "@shared/money";
import { Button } from "@web/components/ui/button";
import { ListSkeleton } from "@web/components/ui/list-state";
import { Skeleton } from "@web/components/ui/skeleton";
import { cn } from "@web/lib/cn";
import { ArrowDown, ArrowUp, Download, LoaderCircle } from "lucide-react";
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { type RowSelection, useRowSelection } from "./use-row-selection";

/**
 * The office lists as a dense table (docs/architecture.md#office-lists-as-tables): one component for
 * clients, quotes, invoices and the library. The sort is the server's (the page passes the API's `sort`
 * and `order`; a header sorts by its column, clicked again the other way round); the selection is the page's rows; the footer sums the money columns of the
 * rows shown, in integer cents (ADR 0002).
 */

export type SortDirection = "ascending" | "descending";

const directionOf = (order: SortOrder): SortDirection => (order === "asc" ? "ascending" : "descending");

/** A column's `sort`: the API's `key` in that sort's own direction (the shared `*_SORT_ORDERS`). */
export const sortOf = <S extends string>(key: S, own: Readonly<Record<S, SortOrder>>) => ({
  key,
  direction: directionOf(own[key]),
});

export interface DataColumn<T, S extends string = never> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Figures and amounts: right-aligned, tabular numbers. */
  numeric?: boolean;
  /**
   * The API sorts the list by this column: its `sort` value and the order that sort gives when `order`
   * is left out (the direction a first click asks; a second click asks the other).
   */
  sort?: { key: S; direction: SortDirection };
  /** An amount in euros: the footer shows its sum over the rows shown. */
  money?: (row: T) => number;
  /** Badges that may take two lines (never cut); other cells are cut with « … ». */
  wrap?: boolean;
  /**
   * The column's width (`w-28`…), on its header and cells: the table is laid out fixed, so the columns
   * without one (names, objects) share what is left and cut their text.
   */
  className?: string;
}

export interface DataTableProps<T, S extends string = never> {
  /** The table's accessible name (« Devis »). */
  label: string;
  rows: readonly T[];
  columns: readonly DataColumn<T, S>[];
  rowKey: (row: T) => string;
  /** How a row is named to a screen reader (« Devis DEV-2026-0012 »): its checkbox and its opening. */
  rowLabel: (row: T) => string;
  /** Clicking a row, or Enter on it, opens the item as its card does. */
  onOpen: (row: T) => void;
  /**
   * The API's sort in force, its direction (left out: the column's own), and how to change them: a
   * header not in force asks `onSortChange(key)` (that sort's own direction), the one in force
   * `onSortChange(key, the other order)`. Without `onSortChange`, the column of `sort` is marked as the
   * list's order (aria-sort) and no column offers another.
   */
  sort?: S | undefined;
  order?: SortOrder | undefined;
  onSortChange?: ((sort: S, order?: SortOrder) => void) | undefined;
  /** The ticked rows (their keys); without them, no checkboxes. */
  selected?: ReadonlySet<string> | undefined;
  onSelectedChange?: ((next: ReadonlySet<string>) => void) | undefined;
  /** The rows are being replaced (another page, another sort): dimmed. */
  busy?: boolean;
}

export const TABLE_TEXTS = {
  pageTotal: "Total de la page",
  selectPage: "Sélectionner les lignes de la page",
  select: (label: string) => `Sélectionner ${label}`,
  sortBy: (header: string) => `Trier par ${header.toLowerCase()}`,
  clearSelection: "Désélectionner",
} as const;

/** The sum of `amount` over `rows`, in euros computed from integer cents (never a float sum). */
export function pageTotal<T>(rows: readonly T[], amount: (row: T) => number): number {
  return fromCents(rows.reduce((sum, row) => sum + toCents(amount(row)), 0));
}

/** A click or a key inside a control of the row (checkbox, link, button) is that control's, not the row's. */
function fromControl(event: MouseEvent | KeyboardEvent): boolean {
  const target = event.target as HTMLElement;
  return target !== event.currentTarget && target.closest("a, button, input, label, [role='menuitem']") !== null;
}

export function DataTable<T, S extends string = never>({
  label,
  rows,
  columns,
  rowKey,
  rowLabel,
  onOpen,
  sort,
  order,
  onSortChange,
  selected,
  onSelectedChange,
  busy = false,
}: DataTableProps<T, S>) {
  const selectable = selected !== undefined && onSelectedChange !== undefined;
  const keys = rows.map(rowKey);
  const ticked = keys.filter((key) => selected?.has(key)).length;
  const all = rows.length > 0 && ticked === rows.length;
  const some = ticked > 0 && !all;
  const pageBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (pageBox.current) pageBox.current.indeterminate = some;
  }, [some]);
  const moneyColumns = columns.filter((column) => column.money);
  const firstMoney = moneyColumns.length > 0 ? columns.indexOf(moneyColumns[0] as DataColumn<T, S>) : -1;

  const toggle = (key: string) => {
    if (!onSelectedChange || !selected) return;
    const next = new Set(selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onSelectedChange(next);
  };

  return (
    <div className={cn("overflow-x-auto rounded-lg border border-border bg-card shadow-card", busy && "opacity-60")}>
      <table
        aria-label={label}
        aria-busy={busy || undefined}
        className="w-full table-fixed border-collapse text-[0.8125rem]"
      >
        <thead className="bg-muted/60 text-left text-xs font-semibold text-muted-foreground">
          <tr className="h-10 border-b border-border">
            {selectable && (
              <th scope="col" className="w-10 px-3">
                <input
                  ref={pageBox}
                  type="checkbox"
                  aria-label={TABLE_TEXTS.selectPage}
                  checked={all}
                  disabled={rows.length === 0}
                  onChange={() => onSelectedChange(all ? new Set() : new Set(keys))}
                  className="size-4 accent-primary align-middle"
                />
              </th>
            )}
            {columns.map((column) => {
              const active = column.sort !== undefined && column.sort.key === sort;
              // The column's direction: in force, the order asked (else its own); not in force, its own.
              const shown = active && order ? directionOf(order) : column.sort?.direction;
              const onClick = () => {
                if (!column.sort || !onSortChange) return;
                if (!active) onSortChange(column.sort.key);
                else onSortChange(column.sort.key, shown === "ascending" ? "desc" : "asc");
              };
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={active ? shown : undefined}
                  className={cn("px-2.5 whitespace-nowrap", column.numeric && "text-right", column.className)}
                >
                  {column.sort && onSortChange ? (
                    <button
                      type="button"
                      onClick={onClick}
                      className={cn(
                        "inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                        active && "text-foreground",
                      )}
                    >
                      {column.header}
                      {shown === "ascending" ? (
                        <ArrowUp aria-hidden="true" className={cn("size-3.5", !active && "opacity-40")} />
                      ) : (
                        <ArrowDown aria-hidden="true" className={cn("size-3.5", !active && "opacity-40")} />
                      )}
                    </button>
                  ) : active ? (
                    // The API's one order (no other offered): said, not offered as a button.
                    <span className="inline-flex items-center gap-1 text-foreground">
                      {column.header}
                      {shown === "ascending" ? (
                        <ArrowUp aria-hidden="true" className="size-3.5" />
                      ) : (
                        <ArrowDown aria-hidden="true" className="size-3.5" />
                      )}
                    </span>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const key = rowKey(row);
            const checked = selected?.has(key) ?? false;
            return (
              <tr
                key={key}
                tabIndex={0}
                onClick={(event) => {
                  if (!fromControl(event)) onOpen(row);
                }}
                onKeyDown={(event) => {
                  if (event.key === "Enter" && !fromControl(event)) {
                    event.preventDefault();
                    onOpen(row);
                  }
                }}
                className={cn(
                  "h-10 cursor-pointer border-b border-border last:border-b-0 hover:bg-muted/50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring",
                  checked && "bg-primary-soft/50 hover:bg-primary-soft/70",
                )}
              >
                {selectable && (
                  <td className="px-3">
                    <input
                      type="checkbox"
                      aria-label={TABLE_TEXTS.select(rowLabel(row))}
                      checked={checked}
                      onChange={() => toggle(key)}
                      className="size-4 accent-primary align-middle"
                    />
                  </td>
                )}
                {columns.map((column) => (
                  <td
                    key={column.id}
                    className={cn(
                      "px-2.5 py-1.5",
                      column.wrap ? "leading-none" : "truncate",
                      column.numeric && "text-right tabular-nums",
                      column.className,
                    )}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
        {firstMoney >= 0 && rows.length > 0 && (
          <tfoot className="border-t-2 border-border bg-muted/40 font-semibold">
            <tr className="h-10">
              <th
                scope="row"
                colSpan={firstMoney + (selectable ? 1 : 0)}
                className="truncate px-3 text-left text-xs text-muted-foreground"
              >
                {TABLE_TEXTS.pageTotal}
              </th>
              {columns.slice(firstMoney).map((column) => (
                <td
                  key={column.id}
                  className={cn("truncate px-2.5", column.numeric && "text-right tabular-nums")}
                  data-testid={column.money ? `page-total-${column.id}` : undefined}
                >
                  {column.money ? formatEuro(pageTotal(rows, column.money)) : null}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/** A list's shape while it loads, as a table or as cards (`item`: a card's skeleton). */
export function ListViewSkeleton({ table, label, item }: { table: boolean; label: string; item: ReactNode }) {
  return table ? <DataTableSkeleton label={label} /> : <ListSkeleton label={label} item={item} />;
}

/** The table's shape while the list loads (the scaffold's `loading`). */
export function DataTableSkeleton({ label, rows = 8 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-px rounded-lg border border-border bg-card p-2">
      <Skeleton className="h-8 w-full" />
      {Array.from({ length: rows }, (_, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <Skeleton key={n} className="mt-1 h-8 w-full opacity-70" />
      ))}
    </div>
  );
}

export interface SelectionBarProps {
  /** « 3 devis sélectionnés ». */
  label: string;
  onClear: () => void;
  /** « Exporter la sélection », « Relancer la sélection ». */
  children: ReactNode;
}

/** What can be done with the ticked rows; shown while at least one is. */
export function SelectionBar({ label, onClear, children }: SelectionBarProps) {
  return (
    <section
      aria-label="Sélection"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-primary/30 bg-primary-soft px-4 py-2"
    >
      <p className="text-sm font-semibold text-primary-soft-foreground" aria-live="polite">
        {label}
      </p>
      <div className="flex flex-wrap items-center gap-2">{children}</div>
      <button
        type="button"
        onClick={onClear}
        className="ml-auto text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {TABLE_TEXTS.clearSelection}
      </button>
    </section>
  );
}

/** « 1 devis sélectionné », « 3 factures sélectionnées »: the bar's label, agreed in gender and number. */
export function selectedLabel(count: number, noun: { one: string; many: string; feminine?: boolean }): string {
  const one = noun.feminine ? "sélectionnée" : "sélectionné";
  return plural(count, `${noun.one} ${one}`, `${noun.many} ${one}s`);
}

/**
 * « Exporter la sélection »: runs the list's export of the ticked rows (the server's export with `ids`,
 * or the page's rows written by `toCsv`), a spinner meanwhile; the export toasts its own result.
 */
export function ExportSelection({ onExport }: { onExport: () => Promise<unknown> }) {
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      await onExport();
    } finally {
      setPending(false);
    }
  };
  return (
    <Button size="sm" variant="outline" onClick={() => void run()} disabled={pending}>
      {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
      Exporter la sélection
    </Button>
  );
}

export interface SelectableDataTableProps<T, S extends string = never>
  extends Omit<DataTableProps<T, S>, "selected" | "onSelectedChange"> {
  /** The rows' noun in the bar's label: « 3 factures sélectionnées ». */
  noun: { one: string; many: string; feminine?: boolean };
  /** The bar's actions on the ticked rows (« Exporter la sélection », « Relancer la sélection »). */
  actions: (selection: RowSelection<T>) => ReactNode;
}

/**
 * A table whose rows can be ticked, and the bar of what can be done with them: the selection (rows on
 * screen only), its label and « Désélectionner » in one place for every office list.
 */
export function SelectableDataTable<T, S extends string = never>({
  noun,
  actions,
  ...table
}: SelectableDataTableProps<T, S>) {
  const selection = useRowSelection(table.rows, table.rowKey);
  return (
    <div className="flex flex-col gap-3">
      {selection.selected.size > 0 && (
        <SelectionBar label={selectedLabel(selection.selected.size, noun)} onClear={selection.clear}>
          {actions(selection)}
        </SelectionBar>
      )}
      <DataTable {...table} selected={selection.selected} onSelectedChange={selection.setSelected} />
    </div>
  );
}
