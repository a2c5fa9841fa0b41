import { formatCount } from "@shared/format";
import type { QuoteStatus } from "@shared/quotes";

/** The quick filter buttons (docs/domain/quotes.md#screen). */
export const QUICK_FILTERS: readonly { label: string; status: QuoteStatus | undefined }[] = [
  { label: "Validés", status: "valide" },
  { label: "Envoyés", status: "envoye au client" },
  { label: "En cours", status: "en cours de redaction" },
  { label: "Tous", status: undefined },
];

export interface QuoteFilterState {
  search: string;
  status: QuoteStatus | undefined;
  clientId: string | undefined;
}

export const NO_FILTERS: QuoteFilterState = { search: "", status: undefined, clientId: undefined };

export function hasActiveFilters(filters: QuoteFilterState): boolean {
  return filters.search.trim() !== "" || filters.status !== undefined || filters.clientId !== undefined;
}

/** How many of the side panel's filters (status, client) are set: the mobile filter button's badge. */
export function panelFilterCount(filters: QuoteFilterState): number {
  return (filters.status ? 1 : 0) + (filters.clientId ? 1 : 0);
}

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, limit)));
}

/** « 1 devis », « 12 devis » */
export function quotesCountLabel(count: number): string {
  return `${formatCount(count)} devis`;
}
