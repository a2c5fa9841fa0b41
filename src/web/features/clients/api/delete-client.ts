import { CLIENT_TEXTS } from "@shared/client-rules";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { clientKeys, clientRefreshes } from "./client-keys";

/** DELETE /api/clients/:id (204). */
export async function deleteClient(id: string): Promise<void> {
  await api.delete(`/clients/${encodeURIComponent(id)}`);
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    meta: { invalidates: clientRefreshes.delete, errorTitle: CLIENT_TEXTS.deleteFailed },
    onSuccess: (_data, id) => queryClient.removeQueries({ queryKey: clientKeys.detail(id) }),
  });
}
