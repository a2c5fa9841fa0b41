CREATE TABLE "quote_search_rows" (
	"quote_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"status" text NOT NULL,
	"date" date NOT NULL,
	"reference" text NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "quotes_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "quote_search_rows" ADD CONSTRAINT "quote_search_rows_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_search_rows" ADD CONSTRAINT "quote_search_rows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_search_rows_company_client_idx" ON "quote_search_rows" USING btree ("company_id","client_id");--> statement-breakpoint
CREATE INDEX "quote_search_rows_search_trgm_idx" ON "quote_search_rows" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The list search reads this narrow copy of each quote (docs/decisions/0009-quote-search-rows.md):
-- ≈ 150 bytes a row instead of ≈ 570 in quotes (vat_breakdown alone ≈ 335), so the few thousand rows
-- a common word matches are read from ~4× fewer pages (on the bench data: 387 pages instead of 1,991).
ALTER TABLE quote_search_rows ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE quote_search_rows FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON quote_search_rows
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
-- Kept by statement triggers with a transition table (like quote_status_totals, 0008), in the same
-- transaction as the change, whichever code path writes quotes: one upsert per statement, rows in id
-- order (concurrent statements lock them in the same order), written only when a copied column
-- changed. A quote's deletion cascades to its row. The client's name is not copied: quotes_search()
-- reads it from clients, so a renamed client's quotes are found by the new name at once.
CREATE OR REPLACE FUNCTION quote_search_rows_apply() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
BEGIN
  INSERT INTO quote_search_rows AS r (quote_id, company_id, client_id, status, date, reference, total, search_text)
  SELECT id, company_id, client_id, status, date, reference, total, search_text FROM new_rows ORDER BY id
  ON CONFLICT (quote_id) DO UPDATE
    SET company_id = excluded.company_id, client_id = excluded.client_id, status = excluded.status,
        date = excluded.date, reference = excluded.reference, total = excluded.total,
        search_text = excluded.search_text
    WHERE (r.company_id, r.client_id, r.status, r.date, r.reference, r.total, r.search_text)
          IS DISTINCT FROM (excluded.company_id, excluded.client_id, excluded.status, excluded.date,
                            excluded.reference, excluded.total, excluded.search_text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER quotes_search_rows_insert AFTER INSERT ON quotes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION quote_search_rows_apply();
--> statement-breakpoint
CREATE TRIGGER quotes_search_rows_update AFTER UPDATE ON quotes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION quote_search_rows_apply();
--> statement-breakpoint
-- Existing quotes, read in the platform scope for this transaction only (the owner may be subject to
-- RLS). The triggers above already hold off other writers of quotes until this migration commits.
SELECT set_config('app.platform', 'on', true);
--> statement-breakpoint
INSERT INTO quote_search_rows (quote_id, company_id, client_id, status, date, reference, total, search_text)
SELECT id, company_id, client_id, status, date, reference, total, search_text FROM quotes;
--> statement-breakpoint
SELECT set_config('app.platform', 'off', true);
--> statement-breakpoint
-- The list search: the status and client filters applied inside, on the narrow rows (a filter applied
-- to the function's result would come after every matching quote was read), and the tenant read once
-- per statement — (SELECT app_company_id()) is an init plan — not once per candidate row. The quotes
-- whose reference or name match, or whose client's name does (bitmap OR of the trigram index and the
-- (company_id, client_id) index). SECURITY DEFINER for the trigram indexes under RLS: see
-- 0004_clients_search.sql. Called with the pattern alone, it answers as the one-argument version did.
DROP FUNCTION IF EXISTS quotes_search(text);
--> statement-breakpoint
CREATE FUNCTION quotes_search(pattern text, status_filter text DEFAULT NULL, client_filter uuid DEFAULT NULL)
  RETURNS TABLE (id uuid, company_id uuid, client_id uuid, date date, reference text, status text, total numeric)
  LANGUAGE sql STABLE SECURITY DEFINER ROWS 200
  SET search_path = public, pg_temp
  AS $$
    SELECT q.quote_id, q.company_id, q.client_id, q.date, q.reference, q.status, q.total
    FROM quote_search_rows q
    WHERE q.company_id = (SELECT app_company_id())
      AND (status_filter IS NULL OR q.status = status_filter)
      AND (client_filter IS NULL OR q.client_id = client_filter)
      AND (q.search_text LIKE pattern
           -- search_text (indexed) narrows, the name decides: 'client name' only, not its e-mail or city.
           OR q.client_id = ANY (ARRAY(SELECT c.id FROM clients c
                                       WHERE c.company_id = (SELECT app_company_id())
                                         AND c.search_text LIKE pattern AND lower(c.name) LIKE pattern)))
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION quotes_search(text, text, uuid) FROM PUBLIC;
