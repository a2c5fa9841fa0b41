import type { SortOrder } from "@shared/fields";
import type { LibrarySort } from "@shared/library";
import type { LibraryCategory, LibraryKind } from "@shared/library-rules";

/** What the library list is filtered by (the query string of GET /api/library/items). */
export interface LibraryListFilters {
  search: string;
  kind: LibraryKind | undefined;
  category: LibraryCategory | undefined;
  status: "active" | "archived";
  /** The table's order (left out: by name, A → Z); `order` left out: the sort's own direction. */
  sort?: LibrarySort | undefined;
  order?: SortOrder | undefined;
}

/** Query keys of the library feature: invalidating `all` refreshes lists, details and suggestions. */
export const libraryKeys = {
  all: ["library"] as const,
  lists: () => [...libraryKeys.all, "list"] as const,
  list: (filters: LibraryListFilters) => [...libraryKeys.lists(), filters] as const,
  details: () => [...libraryKeys.all, "detail"] as const,
  detail: (id: string) => [...libraryKeys.details(), id] as const,
  suggestions: (q: string, kind?: LibraryKind) => [...libraryKeys.all, "suggestions", q, kind ?? "all"] as const,
};

/**
 * What each library mutation refreshes (src/web/README.md, « Mutations »). Changing an article prices
 * again the ouvrages made of it: every list and detail of the library.
 */
export const libraryRefreshes = {
  save: [libraryKeys.all],
  archive: [libraryKeys.all],
  delete: [libraryKeys.lists()],
} as const;
