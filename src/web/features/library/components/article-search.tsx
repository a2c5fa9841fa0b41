import type { LibraryItem } from "@shared/library";
import { LIBRARY_LIMITS } from "@shared/library-rules";
import { useQuery } from "@tanstack/react-query";
import { ComboboxList, useCombobox } from "@web/components/ui/combobox";
import { Input } from "@web/components/ui/input";
import { useDebouncedValue } from "@web/hooks/use-debounced-value";
import { Search } from "lucide-react";
import { useId, useState } from "react";
import { getLibraryItems } from "../api/get-library";
import { libraryKeys } from "../api/library-keys";
import { priceLabel } from "../lib/library-format";

export interface ArticleSearchProps {
  /** Articles already chosen: not proposed again. */
  exclude: ReadonlySet<string>;
  onPick: (article: LibraryItem) => void;
}

/**
 * « Ajouter un article » to an ouvrage: a combobox over the company's active articles, asked to the
 * server as the user types. Enter adds the highlighted article and never submits the ouvrage's form.
 */
export function ArticleSearch({ exclude, onPick }: ArticleSearchProps) {
  const listId = useId();
  const [term, setTerm] = useState("");
  const search = useDebouncedValue(term, LIBRARY_LIMITS.searchDebounceMs).trim();
  const filters = { search, kind: "article" as const, category: undefined, status: "active" as const };
  const [asked, setAsked] = useState(false);
  const query = useQuery({
    queryKey: [...libraryKeys.list(filters), "picker"],
    queryFn: ({ signal }) => getLibraryItems({ ...filters, page: 1, limit: 8 }, signal),
    enabled: asked,
    staleTime: 30_000,
  });
  // Until the answer for what is typed now arrives, the list of an earlier term is not offered (Enter
  // would add an article the user no longer looks for).
  const upToDate = term.trim() === search;
  const options = upToDate ? (query.data?.data ?? []).filter((article) => !exclude.has(article.id)) : [];
  const combobox = useCombobox(options, (article) => pick(article));
  const pick = (article: LibraryItem) => {
    onPick(article);
    setTerm("");
  };
  const waiting = query.isPending || !upToDate;

  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        role="combobox"
        aria-label="Ajouter un article à l’ouvrage"
        aria-expanded={combobox.expanded}
        aria-controls={combobox.open ? listId : undefined}
        aria-activedescendant={combobox.expanded && combobox.current ? `${listId}-${combobox.current.id}` : undefined}
        aria-autocomplete="list"
        placeholder="Ajouter un article (nom, référence…)"
        className="pl-9"
        value={term}
        onChange={(event) => {
          setTerm(event.target.value);
          combobox.onInput();
        }}
        onFocus={() => {
          setAsked(true);
          combobox.setOpen(true);
        }}
        onBlur={() => combobox.setOpen(false)}
        onKeyDown={(event) => {
          // Enter in this search adds an article; it never submits the ouvrage's form.
          if (event.key === "Enter") event.preventDefault();
          combobox.onKeyDown(event);
        }}
      />
      {combobox.open &&
        (combobox.expanded ? (
          <ComboboxList id={listId} label="Articles" options={options} current={combobox.current} onPick={pick}>
            {(article) => (
              <span className="flex flex-col">
                <span className="text-sm font-medium">{article.name}</span>
                <span className="text-xs text-muted-foreground tabular-nums">
                  {priceLabel(article.unit_price, article.unit)}
                </span>
              </span>
            )}
          </ComboboxList>
        ) : (
          <p
            id={listId}
            className="absolute inset-x-0 top-full z-30 mt-1 rounded-md border border-border bg-card px-3 py-2 text-sm text-muted-foreground shadow-elevated"
          >
            {waiting
              ? "Recherche…"
              : search
                ? `Aucun article ne correspond à "${search}"`
                : "Aucun autre article actif"}
          </p>
        ))}
    </div>
  );
}
