import { formatCount } from "@shared/format";
import type { QuoteSort, QuoteState, QuoteStatus } from "@shared/quote-rules";

/**
 * The quick filter buttons (docs/domain/quotes.md#screen): « Envoyés » holds the sent and reminded
 * quotes still valid (as « CA en attente » does), « Expirés » those past their validity date.
 */
export const QUICK_FILTERS: readonly {
  label: string;
  value: string;
  status: QuoteStatus | undefined;
  state: QuoteState | undefined;
}[] = [
  { label: "Validés", value: "valide", status: "valide", state: undefined },
  { label: "Envoyés", value: "pending", status: undefined, state: "pending" },
  { label: "Expirés", value: "expired", status: undefined, state: "expired" },
  { label: "En cours", value: "en cours de redaction", status: "en cours de redaction", state: undefined },
  { label: "Tous", value: "all", status: undefined, state: undefined },
];

export interface QuoteFilterState {
  search: string;
  status: QuoteStatus | undefined;
  /** Sent quotes still valid, or expired (quick filters « Envoyés », « Expirés »). */
  state?: QuoteState | undefined;
  clientId: string | undefined;
  /** The list's order; « Plus récents » when left out. */
  sort?: QuoteSort;
}

export const NO_FILTERS: QuoteFilterState = { search: "", status: undefined, clientId: undefined };

export function hasActiveFilters(filters: QuoteFilterState): boolean {
  return (
    filters.search.trim() !== "" ||
    filters.status !== undefined ||
    filters.state !== undefined ||
    filters.clientId !== undefined
  );
}

/** How many of the side panel's filters (status, client, order) are set: the mobile filter button's badge. */
export function panelFilterCount(filters: QuoteFilterState): number {
  return (filters.status ? 1 : 0) + (filters.clientId ? 1 : 0) + (filters.sort && filters.sort !== "date" ? 1 : 0);
}

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, limit)));
}

/** « 1 devis », « 12 devis » */
export function quotesCountLabel(count: number): string {
  return `${formatCount(count)} devis`;
}
