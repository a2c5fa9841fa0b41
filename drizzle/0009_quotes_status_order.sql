-- The status filter of the list reads its page in order from this index; the summary no longer needs
-- the (company_id, status) INCLUDE (total) index of 0007 (it reads quote_status_totals, 0008).
DROP INDEX IF EXISTS "quotes_company_status_idx";--> statement-breakpoint
CREATE INDEX "quotes_company_status_date_idx" ON "quotes" USING btree ("company_id","status","date","reference");