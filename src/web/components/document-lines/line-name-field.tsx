import { formatEuro } from "@shared/format";
import type { LibraryItem } from "@shared/library";
import { LIBRARY_KIND_LABELS, LIBRARY_LIMITS } from "@shared/library-rules";
import { useQuery } from "@tanstack/react-query";
import { ComboboxList, useCombobox } from "@web/components/ui/combobox";
import { Input } from "@web/components/ui/input";
import { useCan } from "@web/hooks/use-can";
import { useDebouncedValue } from "@web/hooks/use-debounced-value";
import { type ComponentProps, useId, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { librarySuggestionsQueryOptions } from "./library-suggestions";

export interface LineNameFieldProps extends Omit<ComponentProps<"input">, "onChange" | "onBlur" | "name" | "ref"> {
  registration: UseFormRegisterReturn;
  /** An article or an ouvrage of the library was chosen: the line takes its name, unit, price and VAT. */
  onPick: (item: LibraryItem) => void;
}

/**
 * A document line's name (a quote's, an invoice's; docs/domain/quotes.md#screen): free text, and as it
 * is typed the price library's items that match, for users who may read the library. Suggestions of an earlier term are never offered.
 */
export function LineNameField({ registration, onPick, ...props }: LineNameFieldProps) {
  const canSuggest = useCan("library:view");
  const listId = useId();
  const [term, setTerm] = useState("");
  const search = useDebouncedValue(term, LIBRARY_LIMITS.searchDebounceMs).trim();
  const query = useQuery({ ...librarySuggestionsQueryOptions(search), enabled: canSuggest && search.length >= 2 });
  const upToDate = term.trim() === search && !query.isPlaceholderData && search.length >= 2;
  const options = upToDate ? (query.data?.data ?? []) : [];
  const combobox = useCombobox(options, (item) => pick(item));
  const pick = (item: LibraryItem) => {
    onPick(item);
    combobox.setOpen(false);
    setTerm("");
  };

  return (
    <div className="relative">
      <Input
        {...props}
        {...registration}
        role={canSuggest ? "combobox" : undefined}
        aria-autocomplete={canSuggest ? "list" : undefined}
        aria-expanded={canSuggest ? combobox.expanded : undefined}
        aria-controls={combobox.expanded ? listId : undefined}
        aria-activedescendant={combobox.expanded && combobox.current ? `${listId}-${combobox.current.id}` : undefined}
        autoComplete="off"
        onChange={(event) => {
          void registration.onChange(event);
          setTerm(event.target.value);
          combobox.onInput();
        }}
        onBlur={(event) => {
          void registration.onBlur(event);
          combobox.setOpen(false);
        }}
        // Without suggestions on screen, the keys keep their meaning in the form.
        onKeyDown={(event) => combobox.expanded && combobox.onKeyDown(event)}
      />
      {combobox.expanded && (
        <ComboboxList id={listId} label="Bibliothèque" options={options} current={combobox.current} onPick={pick}>
          {(item) => (
            <span className="flex w-full items-center justify-between gap-3">
              <span className="flex min-w-0 flex-col">
                <span className="line-clamp-2 text-sm font-medium break-words">{item.name}</span>
                <span className="text-xs text-muted-foreground">{LIBRARY_KIND_LABELS[item.kind]}</span>
              </span>
              <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                {`${formatEuro(item.unit_price)} HT / ${item.unit}`}
              </span>
            </span>
          )}
        </ComboboxList>
      )}
    </div>
  );
}
