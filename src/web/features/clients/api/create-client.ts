import type { ClientRecord } from "@shared/clients";
import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { clientRefreshes } from "./client-keys";

/** POST /api/clients (201, the created client). */
export async function createClient(body: Record<string, unknown>): Promise<ClientRecord> {
  return api.post<ClientRecord>("/clients", body);
}

export function useCreateClient() {
  return useMutation({ mutationFn: createClient, meta: { invalidates: clientRefreshes.create } });
}
