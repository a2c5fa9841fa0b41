CREATE TABLE "invoice_search_rows" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"date" date NOT NULL,
	"due_date" date,
	"reference" text NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"paid_amount" numeric(12, 2) NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "invoices_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "invoice_search_rows" ADD CONSTRAINT "invoice_search_rows_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_search_rows" ADD CONSTRAINT "invoice_search_rows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_search_rows_company_client_idx" ON "invoice_search_rows" USING btree ("company_id","client_id");--> statement-breakpoint
CREATE INDEX "invoice_search_rows_search_trgm_idx" ON "invoice_search_rows" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The list's search reads this narrow copy of each invoice (docs/domain/invoices.md#list), ≈ 130 bytes a
-- row instead of the invoice's ≈ 1 kB with its frozen identities: the ten thousand rows a common word
-- matches among 50,000 invoices are counted and summed from a few hundred pages, not from the whole
-- table (invoices_matching() answered ids that a second scan of invoices then looked for; 0025).
ALTER TABLE invoice_search_rows ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoice_search_rows FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoice_search_rows
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
-- Kept by statement triggers with a transition table (like quote_search_rows, 0012), in the same
-- transaction as the change, whichever code path writes invoices: one upsert per statement, rows in id
-- order, written only when a copied column changed (a payment changes paid_amount, an issue the
-- reference, status and dates). An invoice's deletion cascades to its row. The client's name is not
-- copied: invoices_search() reads it from clients.
CREATE OR REPLACE FUNCTION invoice_search_rows_apply() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
BEGIN
  INSERT INTO invoice_search_rows AS r
    (invoice_id, company_id, client_id, kind, status, date, due_date, reference, total, paid_amount, search_text)
  SELECT id, company_id, client_id, kind, status, date, due_date, reference, total, paid_amount, search_text
  FROM new_rows ORDER BY id
  ON CONFLICT (invoice_id) DO UPDATE
    SET company_id = excluded.company_id, client_id = excluded.client_id, kind = excluded.kind,
        status = excluded.status, date = excluded.date, due_date = excluded.due_date,
        reference = excluded.reference, total = excluded.total, paid_amount = excluded.paid_amount,
        search_text = excluded.search_text
    WHERE (r.company_id, r.client_id, r.kind, r.status, r.date, r.due_date, r.reference, r.total,
           r.paid_amount, r.search_text)
          IS DISTINCT FROM (excluded.company_id, excluded.client_id, excluded.kind, excluded.status,
                            excluded.date, excluded.due_date, excluded.reference, excluded.total,
                            excluded.paid_amount, excluded.search_text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_search_rows_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_search_rows_apply();
--> statement-breakpoint
CREATE TRIGGER invoices_search_rows_update AFTER UPDATE ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_search_rows_apply();
--> statement-breakpoint
-- Existing invoices, read in the platform scope for this transaction only (the owner may be subject to
-- RLS). The triggers above already hold off other writers of invoices until this migration commits.
SELECT set_config('app.platform', 'on', true);
--> statement-breakpoint
INSERT INTO invoice_search_rows
  (invoice_id, company_id, client_id, kind, status, date, due_date, reference, total, paid_amount, search_text)
SELECT id, company_id, client_id, kind, status, date, due_date, reference, total, paid_amount, search_text
FROM invoices;
--> statement-breakpoint
SELECT set_config('app.platform', 'off', true);
--> statement-breakpoint
-- The list's search: the invoices whose reference or name contain the pattern, or whose client's name
-- does (bitmap OR of the trigram index and the (company_id, client_id) index), with the status and client
-- filters applied inside, on the narrow rows, and the tenant read once per statement (an init plan).
-- SECURITY DEFINER for the trigram indexes under RLS: see 0004_clients_search.sql.
DROP FUNCTION invoices_matching(text);
--> statement-breakpoint
CREATE FUNCTION invoices_search(pattern text, status_filter text DEFAULT NULL, client_filter uuid DEFAULT NULL)
  RETURNS TABLE (id uuid, company_id uuid, client_id uuid, kind text, status text, date date, due_date date,
                 reference text, total numeric, paid_amount numeric)
  LANGUAGE sql STABLE SECURITY DEFINER ROWS 200
  SET search_path = public, pg_temp
  AS $$
    SELECT r.invoice_id, r.company_id, r.client_id, r.kind, r.status, r.date, r.due_date, r.reference,
           r.total, r.paid_amount
    FROM invoice_search_rows r
    WHERE r.company_id = (SELECT app_company_id())
      AND (status_filter IS NULL OR r.status = status_filter)
      AND (client_filter IS NULL OR r.client_id = client_filter)
      AND (r.search_text LIKE pattern
           -- search_text (indexed) narrows, the name decides: the client's name only, not its e-mail or city.
           OR r.client_id = ANY (ARRAY(SELECT c.id FROM clients c
                                       WHERE c.company_id = (SELECT app_company_id())
                                         AND c.search_text LIKE pattern AND lower(c.name) LIKE pattern)))
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION invoices_search(text, text, uuid) FROM PUBLIC;
