import { formatEuro, formatPercent } from "@shared/format";
import { formatQuantityUnit } from "@shared/format-trade";

/** A stored line of a quote or an invoice, as both answer it. */
export interface DocumentLineView {
  id: string;
  position: number;
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
 * The lines of a document, read-only (docs/domain/quotes.md#line-kinds): section headings with their
 * subtotal, text lines, priced items with quantity, unit, unit price HT, VAT rate and total HT. A table
 * on a wide screen, a list on a phone. The quote's page and the invoice's page show their lines with it.
 */
export function DocumentLinesView({
  items,
  isMobile,
  label,
}: {
  items: readonly DocumentLineView[];
  isMobile: boolean;
  /** « Lignes du devis », « Lignes de la facture ». */
  label: string;
}) {
  const lines = [...items].sort((a, b) => a.position - b.position);
  if (lines.length === 0) return <p className="p-4 text-sm text-muted-foreground">Aucune ligne</p>;

  if (isMobile) {
    return (
      <ul aria-label={label} className="divide-y divide-border">
        {lines.map((item) =>
          item.kind === "section" ? (
            <li key={item.id} className="flex items-baseline justify-between gap-3 bg-primary/5 px-4 py-3 text-sm">
              <span className="font-semibold break-words">{item.name}</span>
              <span className="shrink-0 text-[0.8125rem] text-muted-foreground tabular-nums">
                Sous-total HT <span className="font-semibold text-foreground">{formatEuro(item.subtotal)}</span>
              </span>
            </li>
          ) : item.kind === "text" ? (
            <li key={item.id} className="px-4 py-3 text-sm break-words whitespace-pre-line italic">
              {item.name}
            </li>
          ) : (
            <li key={item.id} className="flex flex-col gap-1 px-4 py-3 text-sm">
              <div className="flex items-baseline justify-between gap-3">
                <span className="font-medium break-words">{item.name}</span>
                <span className="shrink-0 font-semibold tabular-nums">{formatEuro(item.subtotal)} HT</span>
              </div>
              {item.description && (
                <p className="text-[0.8125rem] break-words whitespace-pre-line text-muted-foreground">
                  {item.description}
                </p>
              )}
              <p className="text-[0.8125rem] text-muted-foreground tabular-nums">
                {formatQuantityUnit(item.quantity, item.unit)} × {formatEuro(item.unit_price)} HT · TVA{" "}
                {formatPercent(item.tax_rate)}
              </p>
            </li>
          ),
        )}
      </ul>
    );
  }

  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{label}</caption>
      <thead>
        <tr className="border-b border-border text-left text-xs text-muted-foreground">
          <th scope="col" className="w-full px-4 py-2.5 font-medium">
            Désignation
          </th>
          <th scope="col" className="px-3 py-2.5 text-right font-medium whitespace-nowrap">
            Quantité
          </th>
          <th scope="col" className="px-3 py-2.5 text-right font-medium whitespace-nowrap">
            Prix unit. HT
          </th>
          <th scope="col" className="px-3 py-2.5 text-right font-medium whitespace-nowrap">
            TVA
          </th>
          <th scope="col" className="px-4 py-2.5 text-right font-medium whitespace-nowrap">
            Total HT
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {lines.map((item) =>
          item.kind === "section" ? (
            <tr key={item.id} className="bg-primary/5">
              <th scope="rowgroup" colSpan={3} className="px-4 py-2.5 text-left font-semibold break-words">
                {item.name}
              </th>
              {/* Across the last two columns: the subtotal's label never widens « Total HT ». */}
              <td colSpan={2} className="px-4 py-2.5 text-right whitespace-nowrap tabular-nums">
                <span className="mr-1.5 text-xs text-muted-foreground">Sous-total HT</span>
                <span className="font-semibold">{formatEuro(item.subtotal)}</span>
              </td>
            </tr>
          ) : item.kind === "text" ? (
            <tr key={item.id}>
              <td colSpan={5} className="px-4 py-2.5 break-words whitespace-pre-line italic">
                {item.name}
              </td>
            </tr>
          ) : (
            <tr key={item.id} className="align-top">
              <td className="min-w-40 px-4 py-2.5">
                <span className="font-medium break-words">{item.name}</span>
                {item.description && (
                  <span className="block text-[0.8125rem] break-words whitespace-pre-line text-muted-foreground">
                    {item.description}
                  </span>
                )}
              </td>
              <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">
                {formatQuantityUnit(item.quantity, item.unit)}
              </td>
              <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">{formatEuro(item.unit_price)}</td>
              <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">{formatPercent(item.tax_rate)}</td>
              <td className="px-4 py-2.5 text-right font-medium whitespace-nowrap tabular-nums">
                {formatEuro(item.subtotal)}
              </td>
            </tr>
          ),
        )}
      </tbody>
    </table>
  );
}
