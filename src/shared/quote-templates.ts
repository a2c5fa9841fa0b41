import { z } from "zod";
import { clearableText, optionalText, requiredText } from "./fields";
import {
  QUOTE_TEXTS,
  quoteDiscountFields,
  quoteDiscountUpdateFields,
  quoteItemSchema,
  quoteItemsInput,
  quoteItemsUpdate,
} from "./quotes";

/**
 * POST /api/quote-templates: lines (in their order, numbered by the server like a quote's), a
 * percentage discount and terms; what is left out is none.
 */
export const quoteTemplateInputSchema = z.object({
  name: requiredText(200, QUOTE_TEXTS.templateNameRequired),
  description: optionalText(2000),
  items: quoteItemsInput,
  discount_percentage: quoteDiscountFields.discount_percentage,
  terms: optionalText(10000),
});
export type QuoteTemplateInput = z.output<typeof quoteTemplateInputSchema>;

/**
 * PUT /api/quote-templates/:id: the whole template, as published. Every key is required (« Champ
 * obligatoire » when left out, and nothing changes); emptying is said: null or empty text for the
 * description and the terms, `[]` for the lines, 0 for the discount.
 */
export const quoteTemplateUpdateSchema = z.object({
  name: requiredText(200, QUOTE_TEXTS.templateNameRequired),
  description: clearableText(2000),
  items: quoteItemsUpdate,
  discount_percentage: quoteDiscountUpdateFields.discount_percentage,
  terms: clearableText(10000),
});

/** A template line as answered (plain schema: response schemas carry no transforms). */
export const quoteTemplateItemSchema = quoteItemSchema.pick({
  kind: true,
  library_item_id: true,
  name: true,
  description: true,
  quantity: true,
  unit: true,
  unit_price: true,
  tax_rate: true,
  position: true,
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
  /** Its version: the `ETag` of the answer, sent back as `If-Match` by a save (ADR 0024). */
  updated_at: z.string(),
});
export type QuoteTemplate = z.infer<typeof quoteTemplateSchema>;

export const quoteTemplateListSchema = z.object({
  data: z.array(quoteTemplateSchema),
  meta: z.object({ total: z.number(), page: z.number(), limit: z.number() }),
});
