/** A document's lines as the lines table prints them (quotes and invoices alike). */
import type { DocumentLine } from "./model";

/** A stored line of a quote or an invoice (docs/domain/quotes.md#line-kinds). */
export interface StoredLine {
  kind: "item" | "section" | "text";
  name: string;
  description: string | null;
  quantity: number;
  unit: string;
  unit_price: number;
  tax_rate: number;
  /** HT; a heading's: its section's subtotal. */
  subtotal: number;
}

/**
 * The lines as printed: priced lines, text lines, and each section's heading with its subtotal HT
 * after its last line (docs/domain/quotes.md#line-kinds). Costs are never printed.
 */
export function documentLines(items: readonly StoredLine[]): DocumentLine[] {
  const lines: DocumentLine[] = [];
  let section: { title: string; amount: number } | null = null;
  const closeSection = () => {
    if (section) lines.push({ kind: "subtotal", label: `Sous-total ${section.title}`, amount: section.amount });
    section = null;
  };
  for (const item of items) {
    if (item.kind === "section") {
      closeSection();
      lines.push({ kind: "section", title: item.name });
      section = { title: item.name, amount: item.subtotal };
    } else if (item.kind === "text") {
      lines.push({ kind: "text", text: item.name });
    } else {
      lines.push({
        kind: "item",
        name: item.name,
        description: item.description,
        quantity: item.quantity,
        unit: item.unit,
        unit_price: item.unit_price,
        tax_rate: item.tax_rate,
        subtotal: item.subtotal,
      });
    }
  }
  closeSection();
  return lines;
}
