import { quoteTemplateSchema } from "@shared/quote-templates";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { z } from "zod";
import { quoteKeys } from "./quote-keys";

const templatesResponseSchema = z.object({ data: z.array(quoteTemplateSchema) });

/** GET /api/quote-templates — the company's templates, for the picker of the create form. */
export async function getQuoteTemplates(signal?: AbortSignal) {
  return templatesResponseSchema.parse(await api.get("/quote-templates", undefined, { signal })).data;
}

export function quoteTemplatesQueryOptions() {
  return queryOptions({
    queryKey: quoteKeys.templates(),
    queryFn: ({ signal }) => getQuoteTemplates(signal),
    staleTime: 60_000,
  });
}
