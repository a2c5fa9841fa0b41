import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import type { QuoteTemplate } from "../lib/quote-template";
import { quoteRefreshes } from "./quote-keys";

/** POST /api/quotes/:id/duplicate-as-template (201, the template). */
export async function duplicateQuoteAsTemplate({ id, name }: { id: string; name?: string }): Promise<QuoteTemplate> {
  const body = name?.trim() ? { name: name.trim() } : {};
  return api.post<QuoteTemplate>(`/quotes/${encodeURIComponent(id)}/duplicate-as-template`, body);
}

export function useDuplicateQuoteAsTemplate() {
  return useMutation({
    mutationFn: duplicateQuoteAsTemplate,
    meta: { invalidates: quoteRefreshes.templates, errorTitle: "Erreur lors de la création du modèle" },
  });
}
