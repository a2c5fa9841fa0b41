DROP INDEX "quotes_company_date_idx";--> statement-breakpoint
CREATE INDEX "quotes_company_date_idx" ON "quotes" USING btree ("company_id","date","reference");