import type { LibraryItem } from "@shared/library";
import { LIBRARY_LIMITS } from "@shared/library-rules";
import { useQuery } from "@tanstack/react-query";
import { Input } from "@web/components/ui/input";
import { useDebouncedValue } from "@web/hooks/use-debounced-value";
import { cn } from "@web/lib/cn";
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
 * « Ajouter un article » to an ouvrage: a combobox over the company's active articles (arrow keys,
 * Enter to add, Escape to close), asked to the server as the user types.
 */
export function ArticleSearch({ exclude, onPick }: ArticleSearchProps) {
  const listId = useId();
  const [term, setTerm] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebouncedValue(term, LIBRARY_LIMITS.searchDebounceMs).trim();
  const filters = { search, kind: "article" as const, category: undefined, status: "active" as const };
  const query = useQuery({
    queryKey: [...libraryKeys.list(filters), "picker"],
    queryFn: ({ signal }) => getLibraryItems({ ...filters, page: 1, limit: 8 }, signal),
    enabled: open,
    staleTime: 30_000,
  });
  // Until the answer for what is typed now arrives, the list of an earlier term is not offered (Enter
  // would add an article the user no longer looks for).
  const upToDate = term.trim() === search;
  const options = upToDate ? (query.data?.data ?? []).filter((article) => !exclude.has(article.id)) : [];
  const current = options[Math.min(active, options.length - 1)];

  const pick = (article: LibraryItem | undefined) => {
    if (!article) return;
    onPick(article);
    setTerm("");
    setActive(0);
  };

  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        role="combobox"
        aria-label="Ajouter un article à l'ouvrage"
        aria-expanded={open && options.length > 0}
        aria-controls={listId}
        aria-activedescendant={open && current ? `${listId}-${current.id}` : undefined}
        aria-autocomplete="list"
        placeholder="Ajouter un article (nom, référence…)"
        className="pl-9"
        value={term}
        onChange={(event) => {
          setTerm(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setOpen(true);
            setActive((i) => Math.min(i + 1, options.length - 1));
          } else if (event.key === "ArrowUp") {
            event.preventDefault();
            setActive((i) => Math.max(i - 1, 0));
          } else if (event.key === "Enter") {
            // Enter in the search adds the highlighted article; it never submits the ouvrage's form.
            event.preventDefault();
            if (open) pick(current);
          } else if (event.key === "Escape" && open) {
            event.stopPropagation();
            setOpen(false);
          }
        }}
      />
      {open && (
        <div
          id={listId}
          role="listbox"
          aria-label="Articles"
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-md border border-border bg-card p-1 shadow-elevated"
        >
          {query.isPending || !upToDate ? (
            <p className="px-3 py-2 text-sm text-muted-foreground">Recherche…</p>
          ) : options.length === 0 ? (
            <p className="px-3 py-2 text-sm text-muted-foreground">
              {search ? `Aucun article ne correspond à "${search}"` : "Aucun autre article actif"}
            </p>
          ) : (
            options.map((article) => (
              <div
                key={article.id}
                id={`${listId}-${article.id}`}
                role="option"
                aria-selected={article.id === current?.id}
                tabIndex={-1}
                // Chosen on mousedown: before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(article);
                }}
                className={cn(
                  "flex min-h-10 cursor-default flex-col justify-center rounded-sm px-3 py-1.5 pointer-coarse:min-h-11",
                  article.id === current?.id && "bg-muted",
                )}
              >
                <span className="text-sm font-medium">{article.name}</span>
                <span className="text-xs text-muted-foreground tabular-nums">
                  {priceLabel(article.unit_price, article.unit)}
                </span>
              </div>
            ))
          )}
        </div>
      )}
    </div>
  );
}
