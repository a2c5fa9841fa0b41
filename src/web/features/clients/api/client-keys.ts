/** Query keys of the clients feature: invalidating `all` refreshes lists, counters and details. */
export interface ClientListFilters {
  search: string;
  status: "active" | "inactive" | undefined;
}

export const clientKeys = {
  all: ["clients"] as const,
  lists: () => [...clientKeys.all, "list"] as const,
  list: (filters: ClientListFilters) => [...clientKeys.lists(), filters] as const,
  counters: () => [...clientKeys.all, "counters"] as const,
  details: () => [...clientKeys.all, "detail"] as const,
  detail: (id: string) => [...clientKeys.details(), id] as const,
};
