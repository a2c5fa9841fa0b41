-- Issue 31: a company's sums per status hold any number of documents of the largest amount
-- (9 999 999 999,99 € each, docs/domain/money.md#limits): numeric(14,2) overflowed after about a hundred,
-- and the statement triggers that keep them made the next write answer 500.
ALTER TABLE "invoice_status_totals" ALTER COLUMN "total" SET DATA TYPE numeric(20, 2);--> statement-breakpoint
ALTER TABLE "invoice_status_totals" ALTER COLUMN "paid" SET DATA TYPE numeric(20, 2);--> statement-breakpoint
ALTER TABLE "quote_status_totals" ALTER COLUMN "total" SET DATA TYPE numeric(20, 2);--> statement-breakpoint
ALTER TABLE "quote_status_totals" ALTER COLUMN "net_ht" SET DATA TYPE numeric(20, 2);
