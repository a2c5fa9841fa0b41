import type { ClientRecord } from "@shared/clients";
import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { clientRefreshes } from "./client-keys";

/** PUT /api/clients/:id (same fields plus is_active), on the version the form was loaded with (ADR 0024). */
export async function updateClient({
  id,
  body,
  version,
}: {
  id: string;
  body: Record<string, unknown>;
  version?: string | null;
}): Promise<ClientRecord> {
  return api.put<ClientRecord>(`/clients/${encodeURIComponent(id)}`, body, { version });
}

export function useUpdateClient() {
  return useMutation({ mutationFn: updateClient, meta: { invalidates: clientRefreshes.update } });
}
