-- « Annuler le règlement » (issue 34 item 1, docs/domain/invoices.md#payments, ADR 0033): a payment is
-- never deleted; a cancelled one keeps its row, with when, by whom and why, and is left out of every sum —
-- the home's « Encaissé » and a credit note's used credit read these partial indexes (INCLUDE (amount), as
-- drizzle/0030 and 0044 made them: index-only scans). And the journal's period totals read from indexes
-- (issue 34, the bench's ~95,000 entries): its closings by a partial index, its sums by time from the
-- index alone (below).
DROP INDEX "invoice_payments_company_date_idx";--> statement-breakpoint
DROP INDEX "invoice_payments_company_credit_note_idx";--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "cancelled_by" uuid;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "cancelled_by_name" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_entries_company_closings_idx" ON "journal_entries" USING btree ("company_id","seq") WHERE "journal_entries"."kind" = 'closing';--> statement-breakpoint
CREATE INDEX "invoice_payments_company_date_idx" ON "invoice_payments" USING btree ("company_id","date") INCLUDE ("amount") WHERE "invoice_payments"."cancelled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "invoice_payments_company_credit_note_idx" ON "invoice_payments" USING btree ("company_id","credit_note_id","date") INCLUDE ("amount") WHERE "invoice_payments"."credit_note_id" IS NOT NULL AND "invoice_payments"."cancelled_at" IS NULL;--> statement-breakpoint
-- A cancelled payment always says why (the reason the user typed, or the old DELETE's fixed one).
ALTER TABLE invoice_payments ADD CONSTRAINT invoice_payments_cancellation_check
  CHECK ((cancelled_at IS NULL) = (cancellation_reason IS NULL));
--> statement-breakpoint
-- The period totals (journal.repository.ts sums, seqRange) read kind, amount and number beside the time:
-- an index-only scan instead of every entry's row (content included) read for each total.
DROP INDEX "journal_entries_company_recorded_idx";
--> statement-breakpoint
CREATE INDEX "journal_entries_company_recorded_idx" ON "journal_entries" USING btree ("company_id","recorded_at")
  INCLUDE ("kind", "amount_cents", "seq");
