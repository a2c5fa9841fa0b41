CREATE TABLE "invoice_status_totals" (
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"total" numeric(14, 2) DEFAULT 0 NOT NULL,
	"paid" numeric(14, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_status_totals_company_id_kind_status_pk" PRIMARY KEY("company_id","kind","status")
);
--> statement-breakpoint
ALTER TABLE "invoice_status_totals" ADD CONSTRAINT "invoice_status_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE invoice_status_totals ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoice_status_totals FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoice_status_totals
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
-- Kept by statement triggers with transition tables, as quote_status_totals (drizzle/0008): one upsert
-- per statement and (company, kind, status), in that order so that concurrent writers lock the rows in
-- the same order. Drafts are left out: writing, editing or deleting a draft never touches the totals
-- (no queue on them while invoices are being written). A DELETE only decrements rows that exist.
CREATE OR REPLACE FUNCTION invoice_status_totals_apply() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_status_totals AS t (company_id, kind, status, count, total, paid)
    SELECT company_id, kind, status, count(*), sum(total), sum(paid_amount) FROM new_rows
    WHERE status <> 'draft'
    GROUP BY company_id, kind, status ORDER BY company_id, kind, status
    ON CONFLICT (company_id, kind, status)
      DO UPDATE SET count = t.count + excluded.count, total = t.total + excluded.total, paid = t.paid + excluded.paid;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO invoice_status_totals AS t (company_id, kind, status, count, total, paid)
    SELECT company_id, kind, status, sum(n), sum(amount), sum(received)
    FROM (SELECT company_id, kind, status, 1 AS n, total AS amount, paid_amount AS received FROM new_rows
          WHERE status <> 'draft'
          UNION ALL
          SELECT company_id, kind, status, -1, -total, -paid_amount FROM old_rows
          WHERE status <> 'draft') d
    GROUP BY company_id, kind, status
    HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(received) <> 0
    ORDER BY company_id, kind, status
    ON CONFLICT (company_id, kind, status)
      DO UPDATE SET count = t.count + excluded.count, total = t.total + excluded.total, paid = t.paid + excluded.paid;
  ELSE
    UPDATE invoice_status_totals t SET count = t.count - d.n, total = t.total - d.amount, paid = t.paid - d.received
    FROM (SELECT company_id, kind, status, count(*) AS n, sum(total) AS amount, sum(paid_amount) AS received
          FROM old_rows WHERE status <> 'draft'
          GROUP BY company_id, kind, status) d
    WHERE t.company_id = d.company_id AND t.kind = d.kind AND t.status = d.status;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_status_totals_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_status_totals_apply();
--> statement-breakpoint
CREATE TRIGGER invoices_status_totals_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_status_totals_apply();
--> statement-breakpoint
CREATE TRIGGER invoices_status_totals_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_status_totals_apply();
--> statement-breakpoint
-- Existing invoices, read in the platform scope for this transaction only (the owner may be subject to RLS).
SELECT set_config('app.platform', 'on', true);
--> statement-breakpoint
INSERT INTO invoice_status_totals (company_id, kind, status, count, total, paid)
SELECT company_id, kind, status, count(*), sum(total), sum(paid_amount) FROM invoices
WHERE status <> 'draft' GROUP BY company_id, kind, status;
--> statement-breakpoint
SELECT set_config('app.platform', 'off', true);
