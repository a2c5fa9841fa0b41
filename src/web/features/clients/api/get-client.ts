import type { ClientDetail, ClientRecord } from "@shared/clients";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { clientKeys } from "./client-keys";

/** GET /api/clients/:id?include=projects,quotes,stats */
export async function getClient(id: string, signal?: AbortSignal): Promise<ClientDetail> {
  return api.get<ClientDetail>(`/clients/${encodeURIComponent(id)}`, { include: "projects,quotes,stats" }, { signal });
}

/** The detail; the row already shown in the list fills the header and Infos tab meanwhile. */
export function clientDetailQueryOptions(id: string, fromList?: ClientRecord) {
  return queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => getClient(id, signal),
    placeholderData: fromList,
    staleTime: 30_000,
  });
}
