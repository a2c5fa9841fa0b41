import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { quoteRefreshes } from "./quote-keys";

/** DELETE /api/quote-templates/:id (204). */
export async function deleteQuoteTemplate(id: string): Promise<void> {
  await api.delete(`/quote-templates/${encodeURIComponent(id)}`);
}

export function useDeleteQuoteTemplate() {
  return useMutation({
    mutationFn: deleteQuoteTemplate,
    meta: { invalidates: quoteRefreshes.templates, errorTitle: "Erreur lors de la suppression" },
  });
}
