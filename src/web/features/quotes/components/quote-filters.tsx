import { Search, SlidersHorizontal, X } from "lucide-react";
import { ToggleGroup } from "radix-ui";
import { useId, useRef } from "react";
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES, type QuoteStatus } from "../../../../shared/quotes";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "../../../components/ui/sheet";
import { cn } from "../../../lib/cn";
import type { ClientOption } from "../api/get-quote-clients";
import { panelFilterCount, QUICK_FILTERS, type QuoteFilterState } from "../lib/quote-filters";

const ALL = "all";

export interface QuickFiltersProps {
  status: QuoteStatus | undefined;
  onChange: (status: QuoteStatus | undefined) => void;
  className?: string;
}

/** Validés / Envoyés / En cours / Tous (spec 2 §2): one choice, arrow keys move between them. */
export function QuickFilters({ status, onChange, className }: QuickFiltersProps) {
  const quick = QUICK_FILTERS.some((f) => f.status === status) ? (status ?? ALL) : "";
  return (
    <ToggleGroup.Root
      type="single"
      value={quick}
      onValueChange={(next) => {
        if (next) onChange(next === ALL ? undefined : (next as QuoteStatus));
      }}
      aria-label="Filtres rapides"
      className={cn("inline-flex h-10 shrink-0 items-center gap-1 rounded-lg bg-muted p-1", className)}
    >
      {QUICK_FILTERS.map((filter) => (
        <ToggleGroup.Item
          key={filter.label}
          value={filter.status ?? ALL}
          className={cn(
            "inline-flex h-full flex-1 items-center justify-center rounded-md px-3.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors",
            "hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
            "data-[state=on]:bg-card data-[state=on]:text-foreground data-[state=on]:shadow-card",
          )}
        >
          {filter.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}

export interface QuoteSearchProps {
  value: string;
  onChange: (value: string) => void;
  className?: string;
}

/** The search box: the server searches 300 ms after the last key. */
export function QuoteSearch({ value, onChange, className }: QuoteSearchProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <search className={cn("relative block", className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        ref={input}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape" && value) {
            event.preventDefault();
            onChange("");
          }
        }}
        placeholder="Rechercher un devis, un client..."
        aria-label="Rechercher un devis"
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        className="pr-10 pl-9 [&::-webkit-search-cancel-button]:appearance-none"
      />
      {value && (
        <button
          type="button"
          onClick={() => {
            onChange("");
            input.current?.focus();
          }}
          aria-label="Vider le champ de recherche"
          className="absolute top-1/2 right-1 flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </search>
  );
}

interface SelectFiltersProps {
  filters: QuoteFilterState;
  /** The client choices; null hides the client filter (no clients:view). */
  clients: readonly ClientOption[] | null;
  onStatusChange: (status: QuoteStatus | undefined) => void;
  onClientChange: (clientId: string | undefined) => void;
  /** Visible labels above the selects (side panel) or screen-reader only (toolbar). */
  visibleLabels?: boolean;
  className?: string;
}

/** The status and client selects. */
export function SelectFilters({
  filters,
  clients,
  onStatusChange,
  onClientChange,
  visibleLabels = false,
  className,
}: SelectFiltersProps) {
  const id = useId();
  const knownClient = !filters.clientId || (clients ?? []).some((c) => c.id === filters.clientId);
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
      {clients && (
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-client`} className={cn(!visibleLabels && "sr-only")}>
            Client
          </Label>
          <NativeSelect
            id={`${id}-client`}
            value={filters.clientId ?? ALL}
            onChange={(event) => onClientChange(event.target.value === ALL ? undefined : event.target.value)}
          >
            <option value={ALL}>Tous les clients</option>
            {!knownClient && filters.clientId && <option value={filters.clientId}>Client sélectionné</option>}
            {clients.map((client) => (
              <option key={client.id} value={client.id}>
                {client.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
    </div>
  );
}

export interface MobileFilterPanelProps extends Omit<SelectFiltersProps, "visibleLabels" | "className"> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onClear: () => void;
  resultCount: string | null;
}

/** The mobile filter side panel (spec 2 §2) with 'Effacer'. */
export function MobileFilterPanel({ open, onOpenChange, onClear, resultCount, ...selects }: MobileFilterPanelProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" className="w-[min(22rem,88vw)] max-w-none">
        <SheetHeader className="border-b border-border pt-4 pb-4">
          <SheetTitle>Filtres</SheetTitle>
          <SheetDescription>Affinez la liste par statut et par client.</SheetDescription>
        </SheetHeader>
        <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-5 py-5">
          <SelectFilters {...selects} visibleLabels className="flex flex-col gap-5" />
        </div>
        <div className="flex gap-2 border-t border-border px-5 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))]">
          <Button variant="outline" className="flex-1" onClick={onClear}>
            Effacer
          </Button>
          <Button className="flex-1" onClick={() => onOpenChange(false)}>
            {resultCount ? `Voir ${resultCount}` : "Appliquer"}
          </Button>
        </div>
      </SheetContent>
    </Sheet>
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
          <span className="sr-only"> actif{count > 1 ? "s" : ""}</span>
        </span>
      )}
    </Button>
  );
}
