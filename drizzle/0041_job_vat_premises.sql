ALTER TABLE "client_addresses" ADD COLUMN "premises" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "premises" text;--> statement-breakpoint
-- Issue 32 (docs/decisions/0029-vat-follows-the-job.md): the answer to « Logement achevé depuis plus de
-- 2 ans ? », on the quote and remembered on the client's worksite address. Null everywhere at first:
-- nothing stored is guessed, and no line's rate is touched.
ALTER TABLE "client_addresses" ADD CONSTRAINT "client_addresses_premises_check"
  CHECK ("premises" IN ('old_dwelling', 'new_dwelling', 'non_residential'));--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_premises_check"
  CHECK ("premises" IN ('old_dwelling', 'new_dwelling', 'non_residential'));
