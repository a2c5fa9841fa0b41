import { CLIENT_SORT_ORDERS, CLIENT_TYPE_LABELS, type ClientSort } from "@shared/client-rules";
import type { ClientRecord } from "@shared/clients";
import { SELECTION_MAX } from "@shared/csv";
import type { SortOrder } from "@shared/fields";
import { formatDate, plural } from "@shared/format";
import { type DataColumn, ExportSelection, SelectableDataTable, sortOf } from "@web/components/data-table/data-table";
import { toastSuccess } from "@web/lib/api-errors";
import { toast } from "@web/lib/toast";
import { useExportClients } from "../api/client-csv";
import type { ClientListFilters } from "../api/client-keys";
import { ClientStatusBadge } from "./client-status-badge";

const COLUMNS: readonly DataColumn<ClientRecord, ClientSort>[] = [
  {
    id: "name",
    header: "Nom",
    sort: sortOf("name", CLIENT_SORT_ORDERS),
    cell: (c) => <span className="font-medium">{c.name}</span>,
  },
  { id: "type", header: "Type", cell: (c) => CLIENT_TYPE_LABELS[c.type], className: "w-[7.5rem]" },
  { id: "email", header: "E-mail", cell: (c) => c.email ?? "—" },
  { id: "phone", header: "Téléphone", cell: (c) => c.phone ?? "—", numeric: true, className: "w-[8.5rem]" },
  {
    id: "city",
    header: "Ville",
    cell: (c) => [c.postal_code, c.city].filter(Boolean).join(" ") || "—",
    sort: sortOf("city", CLIENT_SORT_ORDERS),
  },
  {
    id: "status",
    header: "Statut",
    cell: (c) => <ClientStatusBadge active={c.is_active} />,
    wrap: true,
    className: "w-[5.5rem]",
  },
  {
    id: "since",
    header: "Client depuis",
    cell: (c) => <time dateTime={c.created_at}>{formatDate(c.created_at)}</time>,
    numeric: true,
    sort: sortOf("created_at", CLIENT_SORT_ORDERS),
    className: "w-[7.5rem]",
  },
];

export interface ClientTableProps {
  clients: readonly ClientRecord[];
  /** The list's filters: the export of the selection is taken within them. */
  filters: ClientListFilters;
  sort: ClientSort;
  /** The sort's direction; left out, its own. */
  order?: SortOrder | undefined;
  onSortChange: (sort: ClientSort, order?: SortOrder) => void;
  onOpen: (client: ClientRecord) => void;
  busy: boolean;
}

/**
 * The clients loaded as a table (docs/domain/clients.md#as-a-table): no money, so no totals; the name,
 * the city and « Client depuis » sort on the server, both ways. « Exporter la sélection » is the
 * server's export of those ids (ADR 0022's writer).
 */
export function ClientTable({ clients, filters, sort, order, onSortChange, onOpen, busy }: ClientTableProps) {
  const exporting = useExportClients();

  const exportSelection = async (ids: ReadonlySet<string>) => {
    if (ids.size > SELECTION_MAX) {
      toast.error(`${plural(SELECTION_MAX, "client", "clients")} au plus par export de sélection`, {
        description: "Exportez la liste filtrée avec «\u00a0Exporter\u00a0».",
      });
      return;
    }
    try {
      await exporting.mutateAsync({ ...filters, ids: [...ids] });
      toastSuccess("Clients exportés");
    } catch {
      // Toasted by the mutation (its errorTitle).
    }
  };

  return (
    <SelectableDataTable
      label="Clients"
      noun={{ one: "client", many: "clients" }}
      actions={(selection) => <ExportSelection onExport={() => exportSelection(selection.selected)} />}
      rows={clients}
      columns={COLUMNS}
      rowKey={(c) => c.id}
      rowLabel={(c) => `le client ${c.name}`}
      onOpen={onOpen}
      sort={sort}
      order={order}
      onSortChange={onSortChange}
      busy={busy}
    />
  );
}
