import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { z } from "zod";
import { QUOTE_STALE_TIMES, quoteKeys } from "./quote-keys";

/** What the quote selectors need of a client. */
const clientOptionSchema = z.object({ id: z.string(), name: z.string(), is_active: z.boolean().optional() });
export type ClientOption = z.infer<typeof clientOptionSchema>;
const responseSchema = z.object({ data: z.array(clientOptionSchema) });

/** GET /api/clients?limit=1000 — every client, sorted by name (client filter and client select). */
export async function getQuoteClients(signal?: AbortSignal): Promise<ClientOption[]> {
  const { data } = responseSchema.parse(await api.get("/clients", { limit: 1000 }, { signal }));
  return [...data].sort((a, b) => a.name.localeCompare(b.name, "fr", { sensitivity: "base" }));
}

export function quoteClientsQueryOptions() {
  return queryOptions({
    queryKey: quoteKeys.clientOptions(),
    queryFn: ({ signal }) => getQuoteClients(signal),
    staleTime: QUOTE_STALE_TIMES.clients,
  });
}
