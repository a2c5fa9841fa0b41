import { quoteTemplateSchema } from "@shared/quote-templates";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import type { QuoteTemplate, QuoteTemplateBody } from "../lib/quote-template";
import { quoteKeys } from "./quote-keys";

/** POST /api/quote-templates (201, the template). */
export async function createQuoteTemplate(body: QuoteTemplateBody): Promise<QuoteTemplate> {
  return quoteTemplateSchema.parse(await api.post("/quote-templates", body));
}

export function useCreateQuoteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuoteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteKeys.templates() }),
  });
}
