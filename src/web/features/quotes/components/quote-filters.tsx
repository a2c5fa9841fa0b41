import {
  QUOTE_SORT_LABELS,
  QUOTE_SORTS,
  QUOTE_STATUS_LABELS,
  QUOTE_STATUSES,
  type QuoteSort,
  type QuoteState,
  type QuoteStatus,
} from "@shared/quote-rules";
import { ClientPicker } from "@web/components/client-picker/client-picker";
import { Button } from "@web/components/ui/button";
import { Label } from "@web/components/ui/label";
import { NativeSelect } from "@web/components/ui/native-select";
import { SegmentedControl } from "@web/components/ui/segmented-control";
import { cn } from "@web/lib/cn";
import { SlidersHorizontal } from "lucide-react";
import { useId } from "react";
import { panelFilterCount, QUICK_FILTERS, type QuoteFilterState } from "../lib/quote-filters";

const ALL = "all";

export interface QuickFiltersProps {
  status: QuoteStatus | undefined;
  state: QuoteState | undefined;
  onChange: (filter: { status: QuoteStatus | undefined; state: QuoteState | undefined }) => void;
  className?: string;
}

const QUICK_OPTIONS = QUICK_FILTERS.map((f) => ({ value: f.value, label: f.label }));

/**
 * Validés / Envoyés / Expirés / En cours / Tous (docs/domain/quotes.md#screen): one choice, arrow keys
 * move between them.
 */
export function QuickFilters({ status, state, onChange, className }: QuickFiltersProps) {
  const quick = QUICK_FILTERS.find((f) => f.status === status && f.state === state)?.value ?? "";
  return (
    <SegmentedControl
      value={quick}
      options={QUICK_OPTIONS}
      onChange={(next) => {
        const chosen = QUICK_FILTERS.find((f) => f.value === next);
        onChange({ status: chosen?.status, state: chosen?.state });
      }}
      label="Filtres rapides"
      className={className}
    />
  );
}

export interface SelectFiltersProps {
  filters: QuoteFilterState;
  /** The client filter (a searchable picker) needs clients:view; without it, it is hidden. */
  canFilterByClient: boolean;
  onStatusChange: (status: QuoteStatus | undefined) => void;
  onClientChange: (clientId: string | undefined) => void;
  onSortChange: (sort: QuoteSort) => void;
  /** Visible labels above the selects (side panel) or screen-reader only (toolbar). */
  visibleLabels?: boolean;
  className?: string;
}

/** The status and client selects, and the order. */
export function SelectFilters({
  filters,
  canFilterByClient,
  onStatusChange,
  onClientChange,
  onSortChange,
  visibleLabels = false,
  className,
}: SelectFiltersProps) {
  const id = useId();
  return (
    <div className={className}>
      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={`${id}-status`} className={cn(!visibleLabels && "sr-only")}>
          Statut
        </Label>
        <NativeSelect
          id={`${id}-status`}
          value={filters.status ?? ALL}
          onChange={(event) =>
            onStatusChange(event.target.value === ALL ? undefined : (event.target.value as QuoteStatus))
          }
        >
          <option value={ALL}>Tous les statuts</option>
          {QUOTE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {QUOTE_STATUS_LABELS[status]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {canFilterByClient && (
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-client`} className={cn(!visibleLabels && "sr-only")}>
            Client
          </Label>
          <ClientPicker
            id={`${id}-client`}
            value={filters.clientId}
            onChange={(clientId) => onClientChange(clientId)}
            placeholder="Tous les clients"
            allowClear
          />
        </div>
      )}
      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={`${id}-sort`} className={cn(!visibleLabels && "sr-only")}>
          Trier par
        </Label>
        <NativeSelect
          id={`${id}-sort`}
          value={filters.sort ?? "date"}
          onChange={(event) => onSortChange(event.target.value as QuoteSort)}
        >
          {QUOTE_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {QUOTE_SORT_LABELS[sort]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}

/** The mobile « Filtres » button, with the number of filters set. */
export function FilterButton({ filters, onClick }: { filters: QuoteFilterState; onClick: () => void }) {
  const count = panelFilterCount(filters);
  return (
    <Button variant="outline" onClick={onClick} className="h-11 shrink-0" aria-haspopup="dialog">
      <SlidersHorizontal aria-hidden="true" />
      Filtres
      {count > 0 && (
        <span className="ml-0.5 inline-flex size-5 items-center justify-center rounded-full bg-primary text-[0.6875rem] font-semibold text-primary-foreground">
          {count}
          <span className="sr-only"> {count > 1 ? "actifs" : "actif"}</span>
        </span>
      )}
    </Button>
  );
}
