import { SELECTION_MAX } from "@shared/csv";
import type { SortOrder } from "@shared/fields";
import { formatEuro, formatPercent, plural } from "@shared/format";
import type { LibraryItem } from "@shared/library";
import { LIBRARY_SORT_ORDERS, type LibrarySort } from "@shared/library-rules";
import { type DataColumn, ExportSelection, SelectableDataTable, sortOf } from "@web/components/data-table/data-table";
import { toastSuccess } from "@web/lib/api-errors";
import { toast } from "@web/lib/toast";
import { useExportLibrary } from "../api/library-csv";
import type { LibraryListFilters } from "../api/library-keys";
import { kindLabel, marginText } from "../lib/library-format";

const COLUMNS: readonly DataColumn<LibraryItem, LibrarySort>[] = [
  {
    id: "name",
    header: "Nom",
    sort: sortOf("name", LIBRARY_SORT_ORDERS),
    cell: (i) => <span className="font-medium">{i.name}</span>,
  },
  {
    id: "kind",
    header: "Type",
    cell: (i) => kindLabel(i.kind, i.category),
    sort: sortOf("kind", LIBRARY_SORT_ORDERS),
    className: "w-[8.5rem]",
  },
  { id: "unit", header: "Unité", cell: (i) => i.unit, className: "w-[5rem]" },
  {
    id: "price",
    header: "Prix de vente HT",
    cell: (i) => formatEuro(i.unit_price),
    numeric: true,
    sort: sortOf("unit_price", LIBRARY_SORT_ORDERS),
    className: "w-[9rem]",
  },
  { id: "cost", header: "Déboursé HT", cell: (i) => formatEuro(i.cost_price), numeric: true, className: "w-[7.5rem]" },
  {
    id: "margin",
    header: "Marge",
    cell: (i) => marginText(i.unit_price, i.cost_price),
    numeric: true,
    className: "w-[10rem]",
  },
  { id: "vat", header: "TVA", cell: (i) => formatPercent(i.tax_rate), numeric: true, className: "w-[4.5rem]" },
];

export interface LibraryTableProps {
  items: readonly LibraryItem[];
  /** The list's filters: the export of the selection is taken within them. */
  filters: LibraryListFilters;
  sort: LibrarySort;
  /** The sort's direction; left out, its own. */
  order?: SortOrder | undefined;
  onSortChange: (sort: LibrarySort, order?: SortOrder) => void;
  onOpen: (item: LibraryItem) => void;
  busy: boolean;
}

/**
 * The items loaded as a table (docs/domain/library.md#as-a-table): unit prices are not added up (a
 * sum of prices per m², per hour and per unit means nothing); the name, the type and the selling price
 * sort on the server, both ways. « Exporter la sélection » is the server's export of those ids.
 */
export function LibraryTable({ items, filters, sort, order, onSortChange, onOpen, busy }: LibraryTableProps) {
  const exporting = useExportLibrary();

  const exportSelection = async (ids: ReadonlySet<string>) => {
    if (ids.size > SELECTION_MAX) {
      toast.error(`${plural(SELECTION_MAX, "élément", "éléments")} au plus par export de sélection`, {
        description: "Exportez la liste filtrée avec «\u00a0Exporter\u00a0».",
      });
      return;
    }
    try {
      await exporting.mutateAsync({ ...filters, ids: [...ids] });
      toastSuccess("Bibliothèque exportée");
    } catch {
      // Toasted by the mutation (its errorTitle).
    }
  };

  return (
    <SelectableDataTable
      label="Éléments de la bibliothèque"
      noun={{ one: "élément", many: "éléments" }}
      actions={(selection) => <ExportSelection onExport={() => exportSelection(selection.selected)} />}
      rows={items}
      columns={COLUMNS}
      rowKey={(i) => i.id}
      rowLabel={(i) => i.name}
      onOpen={onOpen}
      sort={sort}
      order={order}
      onSortChange={onSortChange}
      busy={busy}
    />
  );
}
