import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import type { QuoteTemplate, QuoteTemplateBody } from "../lib/quote-template";
import { quoteRefreshes } from "./quote-keys";

/** POST /api/quote-templates (201, the template). */
export async function createQuoteTemplate(body: QuoteTemplateBody): Promise<QuoteTemplate> {
  return api.post<QuoteTemplate>("/quote-templates", body);
}

export function useCreateQuoteTemplate() {
  return useMutation({
    mutationFn: createQuoteTemplate,
    meta: { invalidates: quoteRefreshes.templates, errorTitle: "Erreur lors de la création du modèle" },
  });
}
