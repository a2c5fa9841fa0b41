import { parisToday } from "@shared/dates";
import type { SortOrder } from "@shared/fields";
import { formatDate, formatEuro } from "@shared/format";
import { INVOICE_SORT_ORDERS, type InvoiceSort } from "@shared/invoice-rules";
import type { InvoiceRow } from "@shared/invoices";
import { type DataColumn, ExportSelection, SelectableDataTable, sortOf } from "@web/components/data-table/data-table";
import type { RowSelection } from "@web/components/data-table/use-row-selection";
import { RemindSelection } from "@web/components/send-message/remind-selection";
import { saveCsv } from "@web/lib/save-file";
import { toast } from "@web/lib/toast";
import { useInvoiceAccess } from "../hooks/use-invoice-access";
import { InvoiceBadges } from "./invoice-badges";

const COLUMNS: readonly DataColumn<InvoiceRow, InvoiceSort>[] = [
  {
    id: "reference",
    header: "Référence",
    sort: sortOf("reference", INVOICE_SORT_ORDERS),
    cell: (i) => <span className="font-medium tabular-nums">{i.reference}</span>,
    className: "w-[9.5rem]",
  },
  { id: "name", header: "Objet", cell: (i) => i.name },
  { id: "client", header: "Client", cell: (i) => i.client_name, sort: sortOf("client", INVOICE_SORT_ORDERS) },
  {
    id: "date",
    header: "Date",
    sort: sortOf("date", INVOICE_SORT_ORDERS),
    cell: (i) => <time dateTime={i.date}>{formatDate(i.date)}</time>,
    numeric: true,
    className: "w-[6.75rem]",
  },
  {
    id: "status",
    header: "Statut",
    cell: (i) => (
      <span className="inline-flex flex-wrap gap-1">
        <InvoiceBadges invoice={i} />
      </span>
    ),
    wrap: true,
    className: "w-[10rem]",
  },
  {
    id: "ttc",
    header: "Total TTC",
    cell: (i) => <span className="font-semibold">{formatEuro(i.total)}</span>,
    numeric: true,
    money: (i) => i.total,
    sort: sortOf("total", INVOICE_SORT_ORDERS),
    className: "w-[7.5rem]",
  },
  {
    id: "balance",
    header: "Reste dû",
    cell: (i) => formatEuro(i.balance_due),
    numeric: true,
    money: (i) => i.balance_due,
    sort: sortOf("balance", INVOICE_SORT_ORDERS),
    className: "w-[7.5rem]",
  },
];

export interface InvoiceTableProps {
  invoices: readonly InvoiceRow[];
  sort: InvoiceSort;
  /** The sort's direction; left out, its own. */
  order?: SortOrder | undefined;
  onSortChange: (sort: InvoiceSort, order?: SortOrder) => void;
  onOpen: (invoice: InvoiceRow) => void;
  busy: boolean;
}

/** The invoices of the page as a table (docs/domain/invoices.md#as-a-table), with its selection's actions. */
export function InvoiceTable({ invoices, sort, order, onSortChange, onOpen, busy }: InvoiceTableProps) {
  const { canEdit } = useInvoiceAccess();

  const exportSelection = async (rows: readonly InvoiceRow[]) => {
    const { invoicesCsv } = await import("../lib/invoice-csv");
    const name = saveCsv(invoicesCsv(rows), "factures", parisToday());
    toast.success("Factures exportées", { description: name });
  };

  const actions = (selection: RowSelection<InvoiceRow>) => {
    // A reminder goes to a late invoice only (docs/domain/messages.md#sending).
    const remindable = selection.selectedRows.filter((i) => i.overdue).map((i) => i.id);
    return (
      <>
        <ExportSelection onExport={() => exportSelection(selection.selectedRows)} />
        {canEdit && (
          <RemindSelection
            type="invoice"
            remindable={remindable}
            notRemindable={selection.selected.size - remindable.length}
            noun={{ one: "facture", many: "factures" }}
          />
        )}
      </>
    );
  };

  return (
    <SelectableDataTable
      label="Factures"
      noun={{ one: "facture", many: "factures", feminine: true }}
      actions={actions}
      rows={invoices}
      columns={COLUMNS}
      rowKey={(i) => i.id}
      rowLabel={(i) => `la facture ${i.reference}`}
      onOpen={onOpen}
      sort={sort}
      order={order}
      onSortChange={onSortChange}
      busy={busy}
    />
  );
}
