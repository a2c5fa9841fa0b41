-- The quotes summary (counts and sums by status) read from the index alone.
DROP INDEX IF EXISTS quotes_company_status_idx;
--> statement-breakpoint
CREATE INDEX quotes_company_status_idx ON quotes (company_id, status) INCLUDE (total);
