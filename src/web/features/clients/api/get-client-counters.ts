import type { ClientCounters } from "@shared/clients";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { clientKeys } from "./client-keys";

/** GET /api/clients/counters — header counters over the whole client book. */
export async function getClientCounters(signal?: AbortSignal): Promise<ClientCounters> {
  return api.get<ClientCounters>("/clients/counters", undefined, { signal });
}

export function clientCountersQueryOptions() {
  return queryOptions({
    queryKey: clientKeys.counters(),
    queryFn: ({ signal }) => getClientCounters(signal),
    staleTime: 30_000,
  });
}
