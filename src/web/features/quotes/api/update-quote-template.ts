import { quoteTemplateSchema } from "@shared/quote-templates";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import type { QuoteTemplate, QuoteTemplatePutBody } from "../lib/quote-template";
import { quoteKeys } from "./quote-keys";

/** PUT /api/quote-templates/:id (the whole template: name, description, lines, discount, terms). */
export async function updateQuoteTemplate({
  id,
  body,
}: {
  id: string;
  body: QuoteTemplatePutBody;
}): Promise<QuoteTemplate> {
  return quoteTemplateSchema.parse(await api.put(`/quote-templates/${encodeURIComponent(id)}`, body));
}

export function useUpdateQuoteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuoteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteKeys.templates() }),
  });
}
