import type { ClientRecord } from "@shared/clients";
import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { clientRefreshes } from "./client-keys";

/** PUT /api/clients/:id (same fields plus is_active). */
export async function updateClient({ id, body }: { id: string; body: Record<string, unknown> }): Promise<ClientRecord> {
  return api.put<ClientRecord>(`/clients/${encodeURIComponent(id)}`, body);
}

export function useUpdateClient() {
  return useMutation({ mutationFn: updateClient, meta: { invalidates: clientRefreshes.update } });
}
