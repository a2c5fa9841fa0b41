import type { Database } from "@server/db/client";
import { type AuthContext, idOr404, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import {
  type ClientBalance,
  INVOICE_SORT_ORDERS,
  INVOICE_TEXTS,
  type Invoice,
  type InvoiceList,
  type InvoiceListQuery,
  type InvoiceStats,
  type InvoiceStatsQuery,
  withOverdue,
} from "@shared/invoices";
import { INVOICES_ACCESS, type InvoiceServiceOptions, invoiceContext, noCompany, repo } from "./invoice-context";
import { invoiceDocuments } from "./invoice-documents";
import { invoiceDrafts } from "./invoice-drafts";
import { invoiceLifecycle } from "./invoice-lifecycle";
import { invoicePayments } from "./invoice-payments";
import type { InvoiceFilter } from "./invoices.repository";

export { INVOICES_ACCESS } from "./invoice-context";
export { EXPORT_MAX_DOCUMENTS } from "./invoice-documents";

/**
 * The service. `options.today` is the business day (Europe/Paris by default): the demo data passes its
 * own to issue invoices on past days, in order (numbers and dates then follow each other).
 */
export function createInvoicesService(db: Database, options: InvoiceServiceOptions = {}) {
  const ctx = invoiceContext(db, options);
  const { parisToday, detail } = ctx;
  const documents = invoiceDocuments(ctx);
  const payments = invoicePayments(ctx);

  return {
    async list(auth: AuthContext, query: InvoiceListQuery): Promise<InvoiceList> {
      const t = tenant(auth, INVOICES_ACCESS.list, noCompany);
      const today = parisToday();
      const filter = filterOf(query);
      return db.run(t.scope, async (tx) => {
        const offset = (query.page - 1) * query.limit;
        const order = { sort: query.sort, order: query.order ?? INVOICE_SORT_ORDERS[query.sort] };
        const { total, rows } = await repo.page(tx, t.companyId, filter, { limit: query.limit, offset }, today, order);
        return {
          invoices: rows.map((row) => withOverdue(row, today)),
          pagination: {
            page: query.page,
            limit: query.limit,
            total,
            totalPages: Math.ceil(total / query.limit),
          },
        };
      });
    },

    async stats(auth: AuthContext, query: InvoiceStatsQuery): Promise<InvoiceStats> {
      const t = tenant(auth, INVOICES_ACCESS.stats, noCompany);
      const today = parisToday();
      return db.run(t.scope, (tx) => repo.stats(tx, t.companyId, filterOf(query), today));
    },

    async get(auth: AuthContext, id: string): Promise<Invoice> {
      const t = tenant(auth, INVOICES_ACCESS.get, noCompany);
      const invoiceId = idOr404(id, INVOICE_TEXTS.notFound);
      return db.run(t.scope, (tx) => detail(tx, t.companyId, invoiceId));
    },

    /** GET /api/invoices/balance/:clientId: what the client owes and the credit on its account (one statement). */
    async balance(auth: AuthContext, clientId: string): Promise<ClientBalance> {
      const t = tenant(auth, INVOICES_ACCESS.balance, noCompany);
      const id = idOr404(clientId, INVOICE_TEXTS.clientNotFound);
      const found = await db.run(t.scope, (tx) => repo.clientBalance(tx, t.companyId, id));
      if (!found) throw errors.notFound(INVOICE_TEXTS.clientNotFound);
      return found;
    },

    ...documents.methods,
    ...invoiceDrafts(ctx),
    ...payments.methods,
    ...invoiceLifecycle(ctx, documents, payments),
  };
}

function filterOf(query: InvoiceStatsQuery): InvoiceFilter {
  return {
    search: query.search,
    status: query.status,
    clientId: query.client_id,
    quoteId: query.quote_id,
    projectId: query.project_id,
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
