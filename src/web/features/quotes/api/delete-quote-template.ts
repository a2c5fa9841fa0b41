import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { quoteKeys } from "./quote-keys";

/** DELETE /api/quote-templates/:id (204). */
export async function deleteQuoteTemplate(id: string): Promise<void> {
  await api.delete(`/quote-templates/${encodeURIComponent(id)}`);
}

export function useDeleteQuoteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuoteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteKeys.templates() }),
  });
}
