import { formatEuro, formatPercent } from "@shared/format";
import { formatHours } from "@shared/format-trade";
import {
  LIBRARY_CATEGORY_LABELS,
  LIBRARY_KIND_LABELS,
  type LibraryCategory,
  type LibraryKind,
} from "@shared/library-rules";
import { marginOf, toCents } from "@shared/money";

/** « 32,50 € HT / m² ». */
export function priceLabel(price: number, unit: string): string {
  return `${formatEuro(price)} HT / ${unit}`;
}

/** « Déboursé 21,40 € / m² »: what one unit costs the company. */
export function costLabel(cost: number, unit: string): string {
  return `Déboursé ${formatEuro(cost)} / ${unit}`;
}

/** « Marge 11,10 € (34,15 %) »; the amount alone without a sale price. */
export function marginLabel(sale: number, cost: number): string {
  return `Marge ${marginText(sale, cost)}`;
}

/** « 11,10 € (34,15 %) »: sale − cost and its share of the sale price (docs/domain/library.md#margin). */
export function marginText(sale: number, cost: number): string {
  const margin = marginOf(toCents(sale), toCents(cost));
  // A loss is written with the minus sign (U+2212), as the totals write a deduction.
  const amount =
    margin.amount_cents < 0 ? `\u2212${formatEuro(-margin.amount_cents / 100)}` : formatEuro(margin.amount_cents / 100);
  return margin.rate === null ? amount : `${amount} (${formatPercent(margin.rate)})`;
}

/** « Fourniture », « Ouvrage » (an ouvrage has no category of its own). */
export function kindLabel(kind: LibraryKind, category: LibraryCategory | null): string {
  return category ? LIBRARY_CATEGORY_LABELS[category] : LIBRARY_KIND_LABELS[kind];
}

/** « 45 min », « 6 h 56 » (`formatHours`). */
export function hoursText(hours: number): string {
  return formatHours(hours);
}

/** « 45 min de main-d'œuvre », or null without labour. */
export function labourLabel(hours: number | null): string | null {
  return hours ? `${hoursText(hours)} de main-d’œuvre` : null;
}
