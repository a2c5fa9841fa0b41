import { z } from "zod";
import { optionalText, requiredText } from "./fields";
import { QUOTE_TEXTS, quoteDiscountFields, quoteItemsInput } from "./quotes";

/**
 * POST /api/quote-templates and PUT /api/quote-templates/:id: lines (in their order, numbered by the
 * server like a quote's), a percentage discount and terms.
 */
export const quoteTemplateInputSchema = z.object({
  name: requiredText(200, QUOTE_TEXTS.templateNameRequired),
  description: optionalText(2000),
  items: quoteItemsInput,
  discount_percentage: quoteDiscountFields.discount_percentage,
  terms: optionalText(10000),
});
export type QuoteTemplateInput = z.output<typeof quoteTemplateInputSchema>;

/** A template line as answered (plain schema: response schemas carry no transforms). */
export const quoteTemplateItemSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  quantity: z.number(),
  unit: z.string(),
  unit_price: z.number(),
  tax_rate: z.number(),
  position: z.number(),
});
export type QuoteTemplateItem = z.infer<typeof quoteTemplateItemSchema>;

export const quoteTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  items: z.array(quoteTemplateItemSchema),
  discount_percentage: z.number(),
  terms: z.string().nullable(),
  created_at: z.string(),
});
export type QuoteTemplate = z.infer<typeof quoteTemplateSchema>;

export const quoteTemplateListSchema = z.object({
  data: z.array(quoteTemplateSchema),
  meta: z.object({ total: z.number(), page: z.number(), limit: z.number() }),
});
