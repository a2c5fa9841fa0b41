CREATE TABLE "quote_status_totals" (
	"company_id" uuid NOT NULL,
	"status" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"total" numeric(14, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "quote_status_totals_company_id_status_pk" PRIMARY KEY("company_id","status")
);
--> statement-breakpoint
ALTER TABLE "quote_status_totals" ADD CONSTRAINT "quote_status_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE quote_status_totals ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE quote_status_totals FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON quote_status_totals
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
-- Kept by statement triggers with transition tables: one upsert per statement and (company, status),
-- in (company, status) order so that concurrent writers lock the rows in the same order.
-- A DELETE only decrements rows that exist (a company's deletion may already have removed them).
CREATE OR REPLACE FUNCTION quote_status_totals_apply() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO quote_status_totals AS t (company_id, status, count, total)
    SELECT company_id, status, count(*), sum(total) FROM new_rows
    GROUP BY company_id, status ORDER BY company_id, status
    ON CONFLICT (company_id, status)
      DO UPDATE SET count = t.count + excluded.count, total = t.total + excluded.total;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO quote_status_totals AS t (company_id, status, count, total)
    SELECT company_id, status, sum(n), sum(amount)
    FROM (SELECT company_id, status, 1 AS n, total AS amount FROM new_rows
          UNION ALL
          SELECT company_id, status, -1, -total FROM old_rows) d
    GROUP BY company_id, status
    HAVING sum(n) <> 0 OR sum(amount) <> 0
    ORDER BY company_id, status
    ON CONFLICT (company_id, status)
      DO UPDATE SET count = t.count + excluded.count, total = t.total + excluded.total;
  ELSE
    UPDATE quote_status_totals t SET count = t.count - d.n, total = t.total - d.amount
    FROM (SELECT company_id, status, count(*) AS n, sum(total) AS amount FROM old_rows
          GROUP BY company_id, status) d
    WHERE t.company_id = d.company_id AND t.status = d.status;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER quotes_status_totals_insert AFTER INSERT ON quotes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION quote_status_totals_apply();
--> statement-breakpoint
CREATE TRIGGER quotes_status_totals_update AFTER UPDATE ON quotes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION quote_status_totals_apply();
--> statement-breakpoint
CREATE TRIGGER quotes_status_totals_delete AFTER DELETE ON quotes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION quote_status_totals_apply();
--> statement-breakpoint
-- Existing quotes, read in the platform scope for this transaction only (the owner may be subject to RLS).
SELECT set_config('app.platform', 'on', true);
--> statement-breakpoint
INSERT INTO quote_status_totals (company_id, status, count, total)
SELECT company_id, status, count(*), sum(total) FROM quotes GROUP BY company_id, status;
--> statement-breakpoint
SELECT set_config('app.platform', 'off', true);
--> statement-breakpoint
-- The list search returns the columns the summary and the page order need, in one scan: the quotes
-- whose reference or name match, or whose client's name does (bitmap OR of the trigram index and
-- the client index). SECURITY DEFINER for the trigram index under RLS: see 0004_clients_search.sql.
DROP FUNCTION IF EXISTS quotes_matching(text);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION quotes_search(pattern text)
  RETURNS TABLE (id uuid, company_id uuid, client_id uuid, date date, reference text, status text, total numeric)
  LANGUAGE sql STABLE SECURITY DEFINER ROWS 200
  SET search_path = public, pg_temp
  AS $$
    SELECT q.id, q.company_id, q.client_id, q.date, q.reference, q.status, q.total FROM quotes q
    WHERE q.company_id = app_company_id()
      AND (q.search_text LIKE pattern
           -- search_text (indexed) narrows, the name decides: 'client name' only, not its e-mail or city.
           OR q.client_id = ANY (ARRAY(SELECT c.id FROM clients c
                                       WHERE c.company_id = app_company_id()
                                         AND c.search_text LIKE pattern AND lower(c.name) LIKE pattern)))
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION quotes_search(text) FROM PUBLIC;
