import type { SortOrder } from "@shared/fields";
import type { InvoiceFilterStatus } from "@shared/invoice-rules";
import type { InvoiceSort } from "@shared/invoices";

/**
 * The list's filters (GET /api/invoices and GET /api/invoices/stats take the same ones): the search as
 * sent (trimmed), a status (the derived « overdue » included), a client, a quote, a worksite.
 */
export interface InvoiceFilters {
  search: string;
  status?: InvoiceFilterStatus | undefined;
  clientId?: string | undefined;
  quoteId?: string | undefined;
  projectId?: string | undefined;
}

/** One page of the list: the filters, the page number and the table's order (not the stats'). */
export interface InvoiceListParams extends InvoiceFilters {
  page: number;
  /** Left out: by date, the most recent first; `order` left out: the sort's own direction. */
  sort?: InvoiceSort | undefined;
  order?: SortOrder | undefined;
}

/** The filters as a key: absent ones as null, so `{}` and `{ status: undefined }` share an entry. */
const filterKey = (filters: InvoiceFilters) => ({
  search: filters.search,
  status: filters.status ?? null,
  clientId: filters.clientId ?? null,
  quoteId: filters.quoteId ?? null,
  projectId: filters.projectId ?? null,
});

/** Query keys of the invoices feature: invalidating `all` refreshes lists, stats and details. */
export const invoiceKeys = {
  all: ["invoices"] as const,
  lists: () => [...invoiceKeys.all, "list"] as const,
  list: (params: InvoiceListParams) =>
    [
      ...invoiceKeys.lists(),
      {
        ...filterKey(params),
        page: params.page,
        // Only when set: the default order's key stays the cold start's.
        ...(params.sort ? { sort: params.sort } : {}),
        ...(params.order ? { order: params.order } : {}),
      },
    ] as const,
  allStats: () => [...invoiceKeys.all, "stats"] as const,
  stats: (filters: InvoiceFilters) => [...invoiceKeys.allStats(), filterKey(filters)] as const,
  details: () => [...invoiceKeys.all, "detail"] as const,
  detail: (id: string) => [...invoiceKeys.details(), id] as const,
  /** A client's balance and the credit notes keeping credit (issue 32): the payment dialog's « Avoir ». */
  balance: (clientId: string) => [...invoiceKeys.all, "balance", clientId] as const,
};

/**
 * Keys of other features an invoice change touches, written as their prefixes (features never import
 * each other): a quote shows its invoices and deposits (« Créer une facture », « Facture d'acompte »),
 * a worksite its « Facturer », a client's detail its invoiced revenue.
 */
const QUOTES_KEY = ["quotes"] as const;
const PROJECTS_KEY = ["projects"] as const;
const CLIENT_DETAILS_KEY = ["clients", "detail"] as const;
/**
 * Issue 32: the home's figures and alerts (the dashboard feature's `dashboardKeys.all`) and « À relancer »
 * (the reminders feature's `reminderKeys.all`) are current at once after an issue, a payment or a
 * cancellation.
 */
const DASHBOARD_KEY = ["dashboard"] as const;
const REMINDERS_KEY = ["reminders"] as const;

/** What each invoice mutation refreshes (src/web/README.md, « Mutations »). */
export const invoiceRefreshes = {
  /** A new draft (blank, from a quote, a deposit, from a worksite). */
  create: [invoiceKeys.all, QUOTES_KEY, PROJECTS_KEY, CLIENT_DETAILS_KEY],
  update: [invoiceKeys.all, CLIENT_DETAILS_KEY],
  /** A deleted draft: not its detail (gone, a refetch would answer 404); its quote may be invoiced again. */
  delete: [invoiceKeys.lists(), invoiceKeys.allStats(), QUOTES_KEY, PROJECTS_KEY, CLIENT_DETAILS_KEY],
  /** Issue, payments, « Marquer comme payée »: the status, the balance and the overdue state. */
  status: [invoiceKeys.all, QUOTES_KEY, CLIENT_DETAILS_KEY, DASHBOARD_KEY, REMINDERS_KEY],
  /** Cancelling creates the credit note and frees the quote's deposits. */
  cancel: [invoiceKeys.all, QUOTES_KEY, PROJECTS_KEY, CLIENT_DETAILS_KEY, DASHBOARD_KEY, REMINDERS_KEY],
} as const;

/** Cache durations, as the quotes' (docs/domain/quotes.md#caching). */
export const INVOICE_STALE_TIMES = {
  list: 5 * 60_000,
  detail: 2 * 60_000,
} as const;
