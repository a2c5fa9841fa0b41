import { parisToday } from "@shared/dates";
import { storedHtAfterDiscount } from "@shared/documents";
import type { SortOrder } from "@shared/fields";
import { formatDate, formatEuro } from "@shared/format";
import { fromCents } from "@shared/money";
import { EXPIRED_LABEL, isExpiredQuote, PENDING_QUOTE_STATUSES, type QuoteSort } from "@shared/quote-rules";
import type { Quote } from "@shared/quotes";
import { type DataColumn, ExportSelection, SelectableDataTable } from "@web/components/data-table/data-table";
import type { RowSelection } from "@web/components/data-table/use-row-selection";
import { RemindSelection } from "@web/components/send-message/remind-selection";
import { saveCsv } from "@web/lib/save-file";
import { toast } from "@web/lib/toast";
import { useQuoteAccess } from "../hooks/use-quote-access";
import { QuoteStatusBadge } from "./quote-status-badge";

/** HT after the discount, as the card shows it, in cents then euros. */
const netHt = (quote: Quote) => fromCents(storedHtAfterDiscount(quote));

/** A reminder may go to a sent or reminded quote still valid (docs/domain/messages.md#sending). */
export const remindableQuote = (quote: Quote, today: string) =>
  PENDING_QUOTE_STATUSES.includes(quote.status) && !isExpiredQuote(quote, today);

const COLUMNS: readonly DataColumn<Quote, QuoteSort>[] = [
  {
    id: "reference",
    header: "Référence",
    cell: (q) => <span className="font-medium tabular-nums">{q.reference}</span>,
    className: "w-[8.5rem]",
  },
  { id: "name", header: "Objet", cell: (q) => q.name },
  { id: "client", header: "Client", cell: (q) => q.client.name, sort: { key: "client", direction: "ascending" } },
  {
    id: "date",
    header: "Date",
    cell: (q) => <time dateTime={q.date}>{formatDate(q.date)}</time>,
    numeric: true,
    sort: { key: "date", direction: "descending" },
    className: "w-[6.75rem]",
  },
  {
    id: "status",
    header: "Statut",
    // An expired quote says so, as its card does (the validity date is in the CSV).
    cell: (q) => (
      <span className="inline-flex flex-wrap gap-1">
        <QuoteStatusBadge status={q.status} />
        {isExpiredQuote(q, parisToday()) && (
          <span className="inline-flex items-center rounded-full border border-[#fecaca] bg-destructive-soft px-2 py-0.5 text-xs font-medium whitespace-nowrap text-destructive-soft-foreground">
            {EXPIRED_LABEL}
          </span>
        )}
      </span>
    ),
    wrap: true,
    className: "w-[9rem]",
  },
  {
    id: "ht",
    header: "Total HT",
    cell: (q) => formatEuro(netHt(q)),
    numeric: true,
    money: netHt,
    sort: { key: "amount", direction: "descending" },
    className: "w-[7.5rem]",
  },
  {
    id: "ttc",
    header: "Total TTC",
    cell: (q) => <span className="font-semibold">{formatEuro(q.total)}</span>,
    numeric: true,
    money: (q) => q.total,
    className: "w-[7.5rem]",
  },
];

export interface QuoteTableProps {
  quotes: readonly Quote[];
  sort: QuoteSort;
  /** The sort's direction; left out, its own. */
  order?: SortOrder | undefined;
  onSortChange: (sort: QuoteSort, order?: SortOrder) => void;
  onOpen: (quote: Quote) => void;
  busy: boolean;
}

/** The quotes of the page as a table (docs/domain/quotes.md#as-a-table), with its selection's actions. */
export function QuoteTable({ quotes, sort, order, onSortChange, onOpen, busy }: QuoteTableProps) {
  const { canEdit } = useQuoteAccess();
  const today = parisToday();

  const exportSelection = async (rows: readonly Quote[]) => {
    const { quotesCsv } = await import("../lib/quote-csv");
    const name = saveCsv(quotesCsv(rows), "devis", today);
    toast.success("Devis exportés", { description: name });
  };

  const actions = (selection: RowSelection<Quote>) => {
    const remindable = selection.selectedRows.filter((q) => remindableQuote(q, today)).map((q) => q.id);
    return (
      <>
        <ExportSelection onExport={() => exportSelection(selection.selectedRows)} />
        {canEdit && (
          <RemindSelection
            type="quote"
            remindable={remindable}
            notRemindable={selection.selected.size - remindable.length}
            noun={{ one: "devis", many: "devis" }}
          />
        )}
      </>
    );
  };

  return (
    <SelectableDataTable
      label="Devis"
      noun={{ one: "devis", many: "devis" }}
      actions={actions}
      rows={quotes}
      columns={COLUMNS}
      rowKey={(q) => q.id}
      rowLabel={(q) => `le devis ${q.reference}`}
      onOpen={onOpen}
      sort={sort}
      order={order}
      onSortChange={onSortChange}
      busy={busy}
    />
  );
}
