import { type Client, clientSchema } from "@shared/clients";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { z } from "zod";

/** What a picker shows of a client. */
export type ClientOption = Pick<Client, "id" | "name" | "is_active" | "city">;

/** How many clients one search shows: type more to narrow (the server searches the whole book). */
export const CLIENT_PICKER_LIMIT = 20;

const optionSchema = clientSchema.pick({ id: true, name: true, is_active: true, city: true });
const searchResponseSchema = z.object({ data: z.array(optionSchema) });

/**
 * Under the clients feature's list prefix (« clients », « list »): creating, editing or deleting a
 * client in its own screen refreshes every picker (features never import each other: the prefix is
 * written here, as quote-keys.ts does for the client details).
 */
export const clientPickerKeys = {
  search: (term: string, activeOnly: boolean) => ["clients", "list", "picker", { term, activeOnly }] as const,
  one: (id: string) => ["clients", "detail", id, "picker"] as const,
};

/** GET /api/clients?search=…&limit=20 (&status=active): the server searches name, e-mail, phone and city. */
export function clientSearchOptions(term: string, activeOnly: boolean) {
  return queryOptions({
    queryKey: clientPickerKeys.search(term, activeOnly),
    queryFn: async ({ signal }): Promise<ClientOption[]> => {
      const answer = await api.get(
        "/clients",
        { search: term || undefined, limit: CLIENT_PICKER_LIMIT, status: activeOnly ? "active" : undefined },
        { signal },
      );
      return searchResponseSchema.parse(answer).data;
    },
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}

/** GET /api/clients/:id: the name of a client chosen before (a quote's client, a filter from the URL). */
export function clientOptionOptions(id: string) {
  return queryOptions({
    queryKey: clientPickerKeys.one(id),
    queryFn: async ({ signal }): Promise<ClientOption> =>
      optionSchema.parse(await api.get(`/clients/${id}`, {}, { signal })),
    staleTime: 5 * 60_000,
  });
}
