import type { Client } from "@shared/clients";
import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { clientRefreshes } from "./client-keys";

/** POST /api/clients (201, the created client). */
export async function createClient(body: Record<string, unknown>): Promise<Client> {
  return api.post<Client>("/clients", body);
}

export function useCreateClient() {
  return useMutation({ mutationFn: createClient, meta: { invalidates: clientRefreshes.create } });
}
