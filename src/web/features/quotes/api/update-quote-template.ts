import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import type { QuoteTemplate, QuoteTemplatePutBody } from "../lib/quote-template";
import { quoteRefreshes } from "./quote-keys";

/** PUT /api/quote-templates/:id (the whole template: name, description, lines, discount, terms). */
export async function updateQuoteTemplate({
  id,
  body,
  version,
}: {
  id: string;
  body: QuoteTemplatePutBody;
  /** The version the editor was opened on (ADR 0024). */
  version?: string | null;
}): Promise<QuoteTemplate> {
  return api.put<QuoteTemplate>(`/quote-templates/${encodeURIComponent(id)}`, body, { version });
}

export function useUpdateQuoteTemplate() {
  return useMutation({
    mutationFn: updateQuoteTemplate,
    meta: { invalidates: quoteRefreshes.templates, errorTitle: "Erreur lors de la mise à jour" },
  });
}
