import { cn } from "@web/lib/cn";
import { Search, X } from "lucide-react";
import { useRef } from "react";
import { Input } from "./input";

export interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Accessible name, e.g. « Rechercher un client ». */
  label: string;
  placeholder: string;
  className?: string;
}

/** A search box with a clear button; Escape empties it. Callers debounce what they send to the server. */
export function SearchField({ value, onChange, label, placeholder, className }: SearchFieldProps) {
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
        placeholder={placeholder}
        aria-label={label}
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
          className="absolute top-1/2 right-1 flex size-9 pointer-coarse:size-11 pointer-coarse:right-0 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </search>
  );
}
