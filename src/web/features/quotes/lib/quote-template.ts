import type { LineKind, UNITS } from "@shared/documents";
import { formatDate, formatPercent, plural } from "@shared/format";
import type { quoteTemplateInputSchema, quoteTemplateSchema, quoteTemplateUpdateSchema } from "@shared/quote-templates";
import { type DiscountMode, lineToFields, numberText, readNumber } from "@web/components/document-lines/line-fields";
import type { z } from "zod";
import type { QuoteFormFields } from "./quote-form";

export type QuoteTemplate = z.infer<typeof quoteTemplateSchema>;
/** A line of a template body: a priced line's fields (numbers as stored or typed), a heading's or a text's kind and words. */
export interface TemplateLineBody {
  kind: LineKind;
  name: string;
  description?: string | null;
  quantity?: number | string;
  unit?: string;
  unit_price?: number | string;
  tax_rate?: number | string;
  library_item_id?: string | null;
}
/** What POST /api/quote-templates takes. */
export type QuoteTemplateBody = Omit<z.input<typeof quoteTemplateInputSchema>, "items"> & {
  items?: TemplateLineBody[];
};
/** What PUT /api/quote-templates/:id takes: the whole template, every key of the PUT schema present. */
export type QuoteTemplatePutBody = Required<QuoteTemplateBody> & z.input<typeof quoteTemplateUpdateSchema>;

/**
 * Applying a template (docs/domain/quotes.md#form-rules) copies its name suffixed with the date, its lines in position
 * order, its discount percentage and its terms; the client, status and dates stay as they are.
 */
export function applyTemplate(fields: QuoteFormFields, template: QuoteTemplate, today: string): QuoteFormFields {
  return {
    ...fields,
    name: `${template.name} - ${formatDate(today)}`,
    items: [...template.items].sort((a, b) => a.position - b.position).map(lineToFields),
    discount_percentage: numberText(template.discount_percentage),
    discount_amount: "0",
    terms: template.terms ?? fields.terms,
  };
}

/** « 3 lignes · remise 10 % » under a template's name (its priced lines). */
export function templateSummary(template: QuoteTemplate): string {
  const lines = template.items.filter((item) => item.kind === "item").length;
  const parts = [lines === 0 ? "Aucune ligne" : plural(lines, "ligne")];
  if (template.discount_percentage > 0) {
    parts.push(`remise ${formatPercent(template.discount_percentage)}`);
  }
  return parts.join(" · ");
}

/**
 * A line of a template body: the fields POST / PUT take, as stored or as typed (the schema coerces);
 * a heading or a text by its kind and words. Never a cost: all who see quotes read templates.
 */
function templateLine(line: {
  kind: LineKind;
  name: string;
  description: string | null;
  quantity: number | string;
  unit: string;
  unit_price: number | string;
  tax_rate: number | string;
  library_item_id: string | null;
}): TemplateLineBody {
  const { kind, name, description, quantity, unit, unit_price, tax_rate, library_item_id } = line;
  if (kind !== "item") return { kind, name };
  return {
    kind,
    name,
    description,
    quantity,
    unit: unit as (typeof UNITS)[number],
    unit_price,
    tax_rate,
    library_item_id: library_item_id || null,
  };
}

/**
 * The PUT body that renames a template (name and description) and keeps the rest as it is: its lines
 * in position order, its discount and its terms (a PUT carries the whole template).
 */
export function renamedTemplate(
  template: QuoteTemplate,
  changes: { name: string; description: string },
): QuoteTemplatePutBody {
  return {
    name: changes.name,
    description: changes.description,
    items: [...template.items].sort((a, b) => a.position - b.position).map(templateLine),
    discount_percentage: template.discount_percentage,
    terms: template.terms,
  };
}

/**
 * The POST body that saves the quote being written as a new template: its lines in screen order,
 * its terms, and its discount when it is a percentage (a template keeps no amount discount, docs/domain/quotes.md#form-rules).
 * Numbers stay as typed: the shared schema coerces and checks them, as for the quote itself.
 */
export function templateFromForm(
  fields: Pick<QuoteFormFields, "items" | "discount_percentage" | "terms">,
  discountMode: DiscountMode,
  meta: { name: string; description: string },
): QuoteTemplateBody {
  return {
    name: meta.name,
    description: meta.description,
    items: fields.items.map(templateLine),
    discount_percentage: discountMode === "percentage" ? fields.discount_percentage : 0,
    terms: fields.terms,
  };
}

/** True when saving the form as a template would leave its discount out (an amount in euros). */
export function losesAmountDiscount(
  fields: Pick<QuoteFormFields, "discount_amount">,
  discountMode: DiscountMode,
): boolean {
  return discountMode === "amount" && readNumber(fields.discount_amount) > 0;
}
