import { type Client, clientSchema } from "@shared/clients";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { clientKeys } from "./client-keys";

/** POST /api/clients (201, the created client). */
export async function createClient(body: Record<string, unknown>): Promise<Client> {
  return clientSchema.parse(await api.post("/clients", body));
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
