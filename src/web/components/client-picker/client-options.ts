import type { Client } from "@shared/clients";
import type { Premises } from "@shared/vat-rules";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

/** What a picker shows of a client. */
export type ClientOption = Pick<Client, "id" | "name" | "is_active" | "city"> & {
  /** Particulier or professionnel, when the answer carries it (one client's: a quote's VAT follows it). */
  type?: Client["type"];
  /** Its worksite addresses, when the answer carries them (one client's: a quote chooses one). */
  addresses?: {
    label: string | null;
    address: string;
    postal_code: string | null;
    city: string | null;
    /** The answer to « Logement achevé depuis plus de 2 ans ? » remembered for it (ADR 0029). */
    premises?: Premises | null;
  }[];
};

/** How many clients one search shows: type more to narrow (the server searches the whole book). */
export const CLIENT_PICKER_LIMIT = 20;

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
      const answer = await api.get<{ data: ClientOption[] }>(
        "/clients",
        { search: term || undefined, limit: CLIENT_PICKER_LIMIT, status: activeOnly ? "active" : undefined },
        { signal },
      );
      return answer.data;
    },
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}

/** GET /api/clients/:id: the name of a client chosen before (a quote's client, a filter from the URL). */
export function clientOptionOptions(id: string) {
  return queryOptions({
    queryKey: clientPickerKeys.one(id),
    queryFn: ({ signal }) => api.get<ClientOption>(`/clients/${id}`, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}
