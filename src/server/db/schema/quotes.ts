import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
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
import { libraryItems } from "./library";
import { projects } from "./projects";
import { users } from "./users";

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: "number" });

export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    reference: text("reference").notNull(),
    name: text("name").notNull(),
    status: text("status").notNull().default("en cours de redaction"),
    // A client with quotes cannot be deleted (docs/domain/clients.md): the service answers 409 first.
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    date: date("date").notNull(),
    validUntil: date("valid_until"),
    notes: text("notes"),
    terms: text("terms"),
    discountPercentage: numeric("discount_percentage", { precision: 5, scale: 2, mode: "number" }).notNull().default(0),
    discountAmount: money("discount_amount").notNull().default(0),
    subtotal: money("subtotal").notNull().default(0),
    discount: money("discount").notNull().default(0),
    taxAmount: money("tax_amount").notNull().default(0),
    total: money("total").notNull().default(0),
    /** Total HT after discount: what the figures of the list add up (docs/domain/quotes.md#list-and-figures). */
    netHt: numeric("net_ht", { precision: 12, scale: 2, mode: "number" })
      .notNull()
      .generatedAlwaysAs(sql`subtotal - discount`),
    /** VAT breakdown per rate, as computed by src/shared/money.ts (euros). */
    vatBreakdown: jsonb("vat_breakdown").notNull().default(sql`'[]'::jsonb`),
    /** The worksite made from this quote (one at most); deleting the worksite frees the quote. */
    projectId: uuid("project_id").references((): AnyPgColumn => projects.id, { onDelete: "set null" }),
    // The worksite address, copied onto the quote (QuoteWorksite); all null: the client's address.
    worksiteLabel: text("worksite_label"),
    worksiteAddress: text("worksite_address"),
    worksitePostalCode: text("worksite_postal_code"),
    worksiteCity: text("worksite_city"),
    /**
     * The answer to « Logement achevé depuis plus de 2 ans ? » (Premises, src/shared/vat-rules.ts; ADR
     * 0029): old_dwelling, new_dwelling or non_residential; null: not asked (a business client) or not
     * answered. Gives the default rate of the quote's new lines.
     */
    premises: text("premises"),
    /**
     * Lower-cased reference and name: what the list search matches (with the client's name), read from
     * its copy in quote_search_rows.
     */
    searchText: text("search_text").notNull().generatedAlwaysAs(sql`fold(reference || ' ' || name)`),
    /**
     * The first time the quote was sent (became « envoyé au client », or « client relancé » straight
     * away) and the last time it got its final status (validé, refusé, annulé; null while it is not
     * final): kept by the trigger quotes_answer_dates (drizzle/0030) whatever writes the status, read
     * by the home (docs/domain/dashboard.md#quotes).
     */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /**
     * The version of its content the client may be shown: 1, then one more each time a quote already
     * presented to the client (sent, reminded, or with a live signing link) has its content edited
     * (docs/domain/quotes.md#sent-quotes-are-frozen). Each signing link keeps the version it froze.
     */
    version: integer("version").notNull().default(1),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("quotes_company_reference_key").on(t.companyId, t.reference),
    // The list's order (date, reference, newest first) read backwards from the index.
    index("quotes_company_date_idx").on(t.companyId, t.date, t.reference),
    // A status filter in the list's order (the summary reads quote_status_totals, drizzle/0008).
    index("quotes_company_status_date_idx").on(t.companyId, t.status, t.date, t.reference),
    index("quotes_client_idx").on(t.clientId),
    // The « Montant » sort, both ways: its id runs against the amount (orderOf), as this index's (ADR 0032).
    index("quotes_company_amount_idx").on(t.companyId, t.netHt, t.id.desc().nullsFirst()),
    // « En attente » (sent, still valid) sorted by amount: the sent quotes alone, in that order (ADR 0032).
    index("quotes_company_pending_amount_idx")
      .on(t.companyId, t.netHt, t.id.desc().nullsFirst())
      .where(sql`status IN ('envoye au client', 'client relance')`),
    // Sent quotes by validity: the expired ones of the summary and the « Expirés » filter, index only.
    index("quotes_company_pending_validity_idx")
      .on(t.companyId, t.validUntil, t.status, t.netHt, t.total)
      .where(sql`status IN ('envoye au client', 'client relance')`),
    // The home: the pending quotes by the day they were sent (the old ones first, those sent a month ago).
    index("quotes_company_pending_sent_idx")
      .on(t.companyId, t.sentAt)
      .where(sql`status IN ('envoye au client', 'client relance')`),
    // The home: the quotes answered since a day (acceptance rate; pending a month ago). drizzle/0030 adds
    // INCLUDE (status, sent_at).
    index("quotes_company_answered_idx").on(t.companyId, t.answeredAt).where(sql`answered_at IS NOT NULL`),
  ],
);

/**
 * What the list search reads of each quote, copied from quotes by statement triggers in the same
 * transaction as the change (drizzle/0012_quote_search_rows.sql, docs/decisions/0009-quote-search-rows.md):
 * ≈ 150 bytes a row instead of ≈ 570, so the quotes a word matches are read from few pages. Deleted
 * with its quote; quotes_search() reads it, never the application.
 */
export const quoteSearchRows = pgTable(
  "quote_search_rows",
  {
    quoteId: uuid("quote_id")
      .primaryKey()
      .references(() => quotes.id, { onDelete: "cascade" }),
    companyId: companyIdColumn(),
    clientId: uuid("client_id").notNull(),
    status: text("status").notNull(),
    date: date("date").notNull(),
    reference: text("reference").notNull(),
    total: money("total").notNull(),
    /** quotes.net_ht and valid_until: the summary in HT and the expired quotes of a search. */
    netHt: money("net_ht").notNull().default(0),
    validUntil: date("valid_until"),
    /** quotes.search_text of the quote. */
    searchText: text("search_text").notNull(),
    /**
     * fold() of the client's name: the search's order by client without reading a client per match
     * (ADR 0032); kept by the quotes' triggers and by the clients' rename trigger (drizzle/0046).
     */
    clientKey: text("client_key").notNull(),
  },
  (t) => [
    // The client filter, the quotes of the clients whose name matches (bitmap OR with the trigrams), and
    // a renamed client's rows.
    index("quote_search_rows_company_client_idx").on(t.companyId, t.clientId),
    index("quote_search_rows_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * Number and amount of a company's quotes per status, kept up to date by statement triggers on
 * quotes (drizzle/0008_quote_status_totals.sql): the list's summary without reading every quote.
 */
export const quoteStatusTotals = pgTable(
  "quote_status_totals",
  {
    companyId: companyIdColumn(),
    status: text("status").notNull(),
    count: integer("count").notNull().default(0),
    total: numeric("total", { precision: 20, scale: 2, mode: "number" }).notNull().default(0),
    /** Σ net_ht (HT after discount). */
    netHt: numeric("net_ht", { precision: 20, scale: 2, mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.status] })],
);

export const quoteItems = pgTable(
  "quote_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** 'item' | 'section' | 'text' (docs/domain/quotes.md#line-kinds): a heading or a text has 0 figures and unit ''. */
    kind: text("kind").notNull().default("item"),
    name: text("name").notNull(),
    description: text("description"),
    quantity: numeric("quantity", { precision: 12, scale: 3, mode: "number" }).notNull(),
    unit: text("unit").notNull(),
    unitPrice: money("unit_price").notNull(),
    taxRate: numeric("tax_rate", { precision: 5, scale: 2, mode: "number" }).notNull(),
    subtotal: money("subtotal").notNull(),
    taxAmount: money("tax_amount").notNull(),
    total: money("total").notNull(),
    /** Unit cost HT (docs/domain/quotes.md#margins): shown to quotes:margins holders, never printed. */
    costPrice: money("cost_price"),
    /** The library item the line comes from: such an item can be archived, never deleted. */
    libraryItemId: uuid("library_item_id").references(() => libraryItems.id, { onDelete: "restrict" }),
  },
  (t) => [
    uniqueIndex("quote_items_quote_position_key").on(t.quoteId, t.position),
    index("quote_items_library_item_idx").on(t.libraryItemId).where(sql`${t.libraryItemId} IS NOT NULL`),
    check("quote_items_kind_check", sql`${t.kind} IN ('item', 'section', 'text')`),
  ],
);
