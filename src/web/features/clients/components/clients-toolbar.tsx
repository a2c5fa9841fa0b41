import { Search, X } from "lucide-react";
import { ToggleGroup } from "radix-ui";
import { useRef } from "react";
import { Input } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";

export interface ClientSearchProps {
  value: string;
  onChange: (value: string) => void;
  className?: string;
}

/** The search box (spec 1 §2): the list follows as you type, the server after a 300 ms pause. */
export function ClientSearch({ value, onChange, className }: ClientSearchProps) {
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
        placeholder="Rechercher un client..."
        aria-label="Rechercher un client"
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

export type StatusFilter = "all" | "active" | "inactive";

const OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: "all", label: "Tous" },
  { value: "active", label: "Actifs" },
  { value: "inactive", label: "Inactifs" },
];

export interface StatusFilterControlProps {
  value: StatusFilter;
  onChange: (value: StatusFilter) => void;
  className?: string;
}

/** Tous / Actifs / Inactifs, a segmented control (one choice, arrow keys move between them). */
export function StatusFilterControl({ value, onChange, className }: StatusFilterControlProps) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      onValueChange={(next) => {
        if (next) onChange(next as StatusFilter);
      }}
      aria-label="Filtrer par statut"
      className={cn("inline-flex h-10 shrink-0 items-center gap-1 rounded-lg bg-muted p-1", className)}
    >
      {OPTIONS.map((option) => (
        <ToggleGroup.Item
          key={option.value}
          value={option.value}
          className={cn(
            "inline-flex h-full flex-1 items-center justify-center rounded-md px-3.5 text-sm font-medium text-muted-foreground transition-colors",
            "hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
            "data-[state=on]:bg-card data-[state=on]:text-foreground data-[state=on]:shadow-card",
          )}
        >
          {option.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
