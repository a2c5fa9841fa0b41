import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { clientKeys } from "./client-keys";

/** DELETE /api/clients/:id (204). */
export async function deleteClient(id: string): Promise<void> {
  await api.delete(`/clients/${encodeURIComponent(id)}`);
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: clientKeys.detail(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: clientKeys.counters() }),
      ]);
    },
  });
}
