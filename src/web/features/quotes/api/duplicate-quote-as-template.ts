import { quoteTemplateSchema } from "@shared/quote-templates";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import type { QuoteTemplate } from "../lib/quote-template";
import { quoteKeys } from "./quote-keys";

/** POST /api/quotes/:id/duplicate-as-template (201, the template). */
export async function duplicateQuoteAsTemplate({ id, name }: { id: string; name?: string }): Promise<QuoteTemplate> {
  const body = name?.trim() ? { name: name.trim() } : {};
  return quoteTemplateSchema.parse(await api.post(`/quotes/${encodeURIComponent(id)}/duplicate-as-template`, body));
}

export function useDuplicateQuoteAsTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateQuoteAsTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteKeys.templates() }),
  });
}
