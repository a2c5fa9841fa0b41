import type { ClientSort } from "@shared/clients";
import type { SortOrder } from "@shared/fields";

/** Query keys of the clients feature: invalidating `all` refreshes lists, counters and details. */
export interface ClientListFilters {
  search: string;
  status: "active" | "inactive" | undefined;
  /** The table's order (left out: by name, A → Z); `order` left out: the sort's own direction. */
  sort?: ClientSort | undefined;
  order?: SortOrder | undefined;
}

export const clientKeys = {
  all: ["clients"] as const,
  lists: () => [...clientKeys.all, "list"] as const,
  list: (filters: ClientListFilters) => [...clientKeys.lists(), filters] as const,
  counters: () => [...clientKeys.all, "counters"] as const,
  details: () => [...clientKeys.all, "detail"] as const,
  detail: (id: string) => [...clientKeys.details(), id] as const,
};

/**
 * What each client mutation refreshes (src/web/README.md, « Mutations »), the one place to read it. Keys of
 * other features are written as their prefixes (features never import each other).
 */
export const clientRefreshes = {
  create: [clientKeys.all],
  /** An import adds clients and fills others: every list, counter and detail. */
  import: [clientKeys.all],
  /** A quote shows its client's name and contact: the quotes feature's keys (« quotes »). */
  update: [clientKeys.all, ["quotes"]],
  /** The detail of the deleted client is removed, not refetched. */
  delete: [clientKeys.lists(), clientKeys.counters()],
} as const;
