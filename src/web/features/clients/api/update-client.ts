import type { Client } from "@shared/clients";
import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { clientRefreshes } from "./client-keys";

/** PUT /api/clients/:id (same fields plus is_active). */
export async function updateClient({ id, body }: { id: string; body: Record<string, unknown> }): Promise<Client> {
  return api.put<Client>(`/clients/${encodeURIComponent(id)}`, body);
}

export function useUpdateClient() {
  return useMutation({ mutationFn: updateClient, meta: { invalidates: clientRefreshes.update } });
}
