import type { SortOrder } from "@shared/fields";
import type { QuoteSort, QuoteState, QuoteStatus } from "@shared/quote-rules";

/** Query keys of the quotes feature: invalidating `all` refreshes lists, details and histories. */
export interface QuoteListParams {
  page: number;
  status: QuoteStatus | undefined;
  clientId: string | undefined;
  search: string;
  state?: QuoteState | undefined;
  sort?: QuoteSort | undefined;
  /** The sort's direction; left out, its own (QUOTE_SORT_ORDERS). */
  order?: SortOrder | undefined;
}

export const quoteKeys = {
  all: ["quotes"] as const,
  lists: () => [...quoteKeys.all, "list"] as const,
  list: (params: QuoteListParams) => [...quoteKeys.lists(), params] as const,
  details: () => [...quoteKeys.all, "detail"] as const,
  detail: (id: string) => [...quoteKeys.details(), id] as const,
  histories: () => [...quoteKeys.all, "history"] as const,
  history: (id: string) => [...quoteKeys.histories(), id] as const,
  templates: () => ["quote-templates"] as const,
  /** Under the company feature's keys: saving the settings refreshes them. */
  defaults: () => ["company", "quote-defaults"] as const,
};

/**
 * The clients feature's details (its `clientKeys.details()`): a client's detail lists its quotes and
 * their figures (« Devis » tab, statistics). `src/web/app/query-keys.test.ts` checks the two agree.
 */
export const CLIENT_DETAILS_KEY = ["clients", "detail"] as const;

/**
 * The invoices feature's keys (its `invoiceKeys.all`): a deposit invoice written from a quote shows in
 * the invoice list, its stats and the quote's invoices (app/mutation-refreshes.test.tsx checks the prefix).
 */
export const INVOICES_KEY = ["invoices"] as const;

/**
 * What each quote mutation refreshes (src/web/README.md, « Mutations »), the one place to read it. A change
 * of a quote (its status, total or client) changes the lists, the summary, and the detail of a client.
 */
export const quoteRefreshes = {
  create: [quoteKeys.all, CLIENT_DETAILS_KEY],
  update: [quoteKeys.all, CLIENT_DETAILS_KEY],
  duplicate: [quoteKeys.all, CLIENT_DETAILS_KEY],
  templates: [quoteKeys.templates()],
  /** « Facture d'acompte »: a new invoice of the quote (its client's invoiced figures too). */
  deposit: [INVOICES_KEY, quoteKeys.all, CLIENT_DETAILS_KEY],
} as const;

/** Cache durations (docs/domain/quotes.md#caching). */
export const QUOTE_STALE_TIMES = {
  list: 5 * 60_000,
  detail: 2 * 60_000,
  clients: 10 * 60_000,
  settings: 15 * 60_000,
} as const;
