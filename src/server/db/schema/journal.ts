import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies";

/**
 * The company's unalterable journal (docs/domain/journal.md, ADR 0033): issued invoices, credit notes,
 * payments, their reversals, refunds and the closings of periods, one entry each, in a gapless sequence, each entry's hash chained to the
 * previous one's. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE to every role, and the
 * application's role is not even granted them. The company is never deleted under it (no cascade).
 */
export const journalEntries = pgTable(
  "journal_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    /** 1, 2, 3… per company, without gap. */
    seq: bigint("seq", { mode: "number" }).notNull(),
    kind: text("kind").notNull(),
    /** The invoice or credit note concerned (the payment's invoice for a payment); never a foreign key. */
    documentId: uuid("document_id"),
    /** « FAC-2026-0042 », « AV-2026-0003 »: what the entry is about, as printed. */
    reference: text("reference").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true, precision: 3 }).notNull(),
    /** Signed, in cents: + an invoice or a payment, − a credit note, a reversal or a refund; 0 a closing. */
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** What was recorded (canonical JSON: the hash is computed over its sorted keys). */
    content: jsonb("content").notNull(),
    previousHash: text("previous_hash").notNull(),
    hash: text("hash").notNull(),
    userName: text("user_name").notNull(),
  },
  (t) => [
    unique("journal_entries_company_seq_key").on(t.companyId, t.seq),
    // The period totals by time (drizzle/0049 adds INCLUDE (kind, amount_cents, seq): read from the index alone).
    index("journal_entries_company_recorded_idx").on(t.companyId, t.recordedAt),
    // A company's closings (the totals of each period read them): a few rows among all its entries.
    index("journal_entries_company_closings_idx").on(t.companyId, t.seq).where(sql`${t.kind} = 'closing'`),
    index("journal_entries_document_idx").on(t.companyId, t.documentId).where(sql`${t.documentId} IS NOT NULL`),
  ],
);

/**
 * Each company's last entry: the row a new entry locks (concurrent entries queue on it, as reference
 * counters do), so that the sequence has no gap and the chain no fork. Derived: the journal is the truth.
 */
export const journalHeads = pgTable("journal_heads", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => companies.id),
  lastSeq: bigint("last_seq", { mode: "number" }).notNull().default(0),
  lastHash: text("last_hash").notNull(),
  /** The perpetual grand total of sales: invoices less credit notes, TTC, in cents. */
  salesTotalCents: bigint("sales_total_cents", { mode: "number" }).notNull().default(0),
  /** The perpetual total of money received: payments less reversals and refunds, in cents. */
  receiptsTotalCents: bigint("receipts_total_cents", { mode: "number" }).notNull().default(0),
});

/**
 * An issued document's entry waiting for its number (docs/domain/journal.md#documents): written by the
 * issue with the entry's content, turned into the journal entry as the transaction commits, once the
 * numbering trigger has given the document its FAC / AV number (drizzle/0027), then removed.
 */
export const journalPending = pgTable("journal_pending", {
  invoiceId: uuid("invoice_id").primaryKey(),
  companyId: uuid("company_id")
    .notNull()
    .references(() => companies.id),
  kind: text("kind").notNull(),
  amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
  /** The entry's content as canonical JSON (journal-chain.ts), hashed as written. */
  content: text("content").notNull(),
  userName: text("user_name").notNull(),
});
