import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { companyIdColumn } from "./companies";
import { projects } from "./projects";
import { quotes } from "./quotes";
import { users } from "./users";

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: "number" });

/**
 * Invoices, deposit invoices and credit notes (docs/domain/invoices.md). A draft has a provisional
 * reference (PROV-…); issuing gives it the next FAC-YYYY-NNNN (a credit note AV-YYYY-NNNN) and freezes
 * it: lines, amounts, the client's and the company's identity (`client_snapshot`, `seller_snapshot`).
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    /** 'invoice' | 'deposit' | 'credit_note' */
    kind: text("kind").notNull().default("invoice"),
    reference: text("reference").notNull(),
    /** 'draft' | 'sent' | 'paid' | 'cancelled' (overdue is derived). */
    status: text("status").notNull().default("draft"),
    name: text("name").notNull(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    quoteId: uuid("quote_id").references(() => quotes.id, { onDelete: "restrict" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    /** A credit note: the invoice it cancels. */
    creditedInvoiceId: uuid("credited_invoice_id").references((): AnyPgColumn => invoices.id, {
      onDelete: "restrict",
    }),
    /** A deposit invoice: the final invoice that deducted it. */
    deductedById: uuid("deducted_by_id").references((): AnyPgColumn => invoices.id, { onDelete: "set null" }),
    date: date("date").notNull(),
    dueDate: date("due_date"),
    workDate: date("work_date"),
    paymentMethod: text("payment_method"),
    /** The day the payments covered the total. */
    paymentDate: date("payment_date"),
    notes: text("notes"),
    terms: text("terms"),
    legalMentions: text("legal_mentions"),
    reverseCharge: boolean("reverse_charge").notNull().default(false),
    /**
     * 2026 reform: the category of the operation, 'goods' | 'services' | 'both' (docs/domain/invoices.md#mentions-of-the-reform).
     * A draft's null is the default (services); the issue writes the category printed, frozen.
     */
    operationCategory: text("operation_category"),
    discountPercentage: numeric("discount_percentage", { precision: 5, scale: 2, mode: "number" }).notNull().default(0),
    discountAmount: money("discount_amount").notNull().default(0),
    subtotal: money("subtotal").notNull().default(0),
    discount: money("discount").notNull().default(0),
    /** A final invoice: the deposits deducted, HT and VAT. */
    depositsNet: money("deposits_net").notNull().default(0),
    depositsTax: money("deposits_tax").notNull().default(0),
    taxAmount: money("tax_amount").notNull().default(0),
    total: money("total").notNull().default(0),
    /** Σ payments, kept with them. */
    paidAmount: money("paid_amount").notNull().default(0),
    /** VAT per rate after discount and deductions (euros): [{ rate, net, tax }]. */
    vatBreakdown: jsonb("vat_breakdown").notNull().default(sql`'[]'::jsonb`),
    /** Frozen at issue: the client's name, address, e-mail, phone, SIREN. */
    clientSnapshot: jsonb("client_snapshot"),
    /** Frozen at issue: the company's identity and mentions. */
    sellerSnapshot: jsonb("seller_snapshot"),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    searchText: text("search_text").notNull().generatedAlwaysAs(sql`fold(reference || ' ' || name)`),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdByName: text("created_by_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invoices_company_reference_key").on(t.companyId, t.reference),
    index("invoices_company_date_idx").on(t.companyId, t.date, t.reference),
    // The home's revenue, history and active clients by date; drizzle/0030 adds INCLUDE (kind, status,
    // client_id, total, tax_amount): read from the index alone (docs/domain/dashboard.md#performance).
    index("invoices_company_date_figures_idx").on(t.companyId, t.date),
    index("invoices_company_status_due_idx").on(t.companyId, t.status, t.dueDate),
    index("invoices_company_client_idx").on(t.companyId, t.clientId),
    index("invoices_company_quote_idx").on(t.companyId, t.quoteId),
    index("invoices_company_project_idx").on(t.companyId, t.projectId),
    // The list's other orders (docs/domain/invoices.md#list), read either way; by reference, the unique key.
    index("invoices_company_total_idx").on(t.companyId, t.total, t.id),
    index("invoices_company_due_idx").on(t.companyId, t.dueDate, t.id),
    index("invoices_company_balance_idx").on(t.companyId, sql`(${t.total} - ${t.paidAmount})`, t.id),
    // « En retard » (overdue: sent, not a credit note, due before today): counted from the first, its page
    // in the list's order from the second — only the sent invoices, never the whole company (ADR 0032).
    index("invoices_company_sent_due_idx")
      .on(t.companyId, t.dueDate)
      .where(sql`status = 'sent' AND kind <> 'credit_note'`),
    index("invoices_company_sent_date_idx")
      .on(t.companyId, t.date, t.reference, t.dueDate)
      .where(sql`status = 'sent' AND kind <> 'credit_note'`),
  ],
);

export const invoiceItems = pgTable(
  "invoice_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** 'item' | 'section' | 'text' */
    kind: text("kind").notNull().default("item"),
    name: text("name").notNull(),
    description: text("description"),
    quantity: numeric("quantity", { precision: 12, scale: 3, mode: "number" }).notNull().default(0),
    unit: text("unit").notNull().default("unité"),
    unitPrice: money("unit_price").notNull().default(0),
    taxRate: numeric("tax_rate", { precision: 5, scale: 2, mode: "number" }).notNull().default(20),
    subtotal: money("subtotal").notNull().default(0),
    taxAmount: money("tax_amount").notNull().default(0),
    total: money("total").notNull().default(0),
  },
  (t) => [index("invoice_items_company_invoice_idx").on(t.companyId, t.invoiceId, t.position)],
);

export const invoicePayments = pgTable(
  "invoice_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    date: date("date").notNull(),
    amount: money("amount").notNull(),
    /** 'cash' | 'check' | 'bank_transfer' | 'card' | 'other' */
    method: text("method").notNull(),
    reference: text("reference"),
    /**
     * A payment by « Avoir » (method 'credit_note', issue 32, ADR 0030): the credit note whose credit it
     * uses. No money moves: the credit note's available credit goes down by the amount.
     */
    creditNoteId: uuid("credit_note_id").references((): AnyPgColumn => invoices.id, { onDelete: "restrict" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdByName: text("created_by_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * « Annuler le règlement » (issue 34, docs/domain/invoices.md#payments): a payment is never deleted; a
     * cancelled one is kept, with when, by whom and why, and left out of every sum. Its journal entry stays
     * and a `payment_reversal` entry names it, with the reason.
     */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: uuid("cancelled_by").references(() => users.id, { onDelete: "set null" }),
    cancelledByName: text("cancelled_by_name"),
    cancellationReason: text("cancellation_reason"),
  },
  (t) => [
    index("invoice_payments_company_invoice_idx").on(t.companyId, t.invoiceId, t.date),
    // The home's « Encaissé » per month, cancelled payments left out; the migration adds INCLUDE (amount)
    // (drizzle/0030, then payment_cancellation): read from the index alone.
    index("invoice_payments_company_date_idx").on(t.companyId, t.date).where(sql`${t.cancelledAt} IS NULL`),
    // What a credit note's credit paid (its available credit); the migration adds INCLUDE (amount) for the
    // home's « Encaissé », which leaves these out (no money came in). A cancelled one gives its credit back.
    index("invoice_payments_company_credit_note_idx")
      .on(t.companyId, t.creditNoteId, t.date)
      .where(sql`${t.creditNoteId} IS NOT NULL AND ${t.cancelledAt} IS NULL`),
  ],
);

/**
 * Money paid back to a client on a credit note (issue 32, ADR 0030): money going out, recorded as such,
 * never edited nor deleted. A credit note's available credit is what the cancelled invoice received, less
 * its refunds and the payments made with it (docs/domain/invoices.md#refund-or-credit).
 */
export const invoiceRefunds = pgTable(
  "invoice_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    creditNoteId: uuid("credit_note_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    date: date("date").notNull(),
    amount: money("amount").notNull(),
    /** 'cash' | 'check' | 'bank_transfer' | 'card' | 'other' */
    method: text("method").notNull(),
    reference: text("reference"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdByName: text("created_by_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("invoice_refunds_company_credit_note_idx").on(t.companyId, t.creditNoteId, t.date)],
);

/**
 * Number, amount and payments of a company's issued documents per kind and status (drafts are not
 * counted), kept by statement triggers on invoices (drizzle/0024_invoice_status_totals.sql, as
 * quote_status_totals): the stats of the unfiltered list without reading every invoice
 * (docs/domain/invoices.md#stats).
 */
export const invoiceStatusTotals = pgTable(
  "invoice_status_totals",
  {
    companyId: companyIdColumn(),
    kind: text("kind").notNull(),
    status: text("status").notNull(),
    count: integer("count").notNull().default(0),
    total: numeric("total", { precision: 20, scale: 2, mode: "number" }).notNull().default(0),
    /** Σ paid_amount. */
    paid: numeric("paid", { precision: 20, scale: 2, mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.status] })],
);

/**
 * A narrow copy of each invoice, what the list's search matches, filters, sorts and sums
 * (docs/domain/invoices.md#list, drizzle/0026): kept by the invoices' statement triggers, read through
 * invoices_search(), like quote_search_rows (docs/decisions/0009-quote-search-rows.md).
 */
export const invoiceSearchRows = pgTable(
  "invoice_search_rows",
  {
    invoiceId: uuid("invoice_id")
      .primaryKey()
      .references(() => invoices.id, { onDelete: "cascade" }),
    companyId: companyIdColumn(),
    clientId: uuid("client_id").notNull(),
    kind: text("kind").notNull(),
    status: text("status").notNull(),
    date: date("date").notNull(),
    dueDate: date("due_date"),
    reference: text("reference").notNull(),
    total: money("total").notNull(),
    paidAmount: money("paid_amount").notNull(),
    /** invoices.search_text of the invoice. */
    searchText: text("search_text").notNull(),
    /**
     * fold() of the client's name: the search's order by client without reading a client per match
     * (ADR 0032); kept by the invoices' triggers and by the clients' rename trigger (drizzle/0046).
     */
    clientKey: text("client_key").notNull(),
  },
  (t) => [
    // The client filter, the invoices of the clients whose name matches (bitmap OR with the trigrams), and
    // a renamed client's rows.
    index("invoice_search_rows_company_client_idx").on(t.companyId, t.clientId),
    index("invoice_search_rows_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);
