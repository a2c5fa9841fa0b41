-- The outbox's counts (docs/domain/messages.md#outbox): how many messages a company has of each kind and
-- status, kept by statement triggers, so that a page of the list says its total without counting every
-- message (64,000 in the bench's company: 35 ms an index-only count, 100 ms the window count before).
CREATE TABLE "outbox_counts" (
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "outbox_counts_company_id_kind_status_pk" PRIMARY KEY("company_id","kind","status"),
	CONSTRAINT "outbox_counts_n_check" CHECK ("n" >= 0)
);
--> statement-breakpoint
ALTER TABLE "outbox_counts" ADD CONSTRAINT "outbox_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE outbox_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE outbox_counts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- As the outbox's own policy: the delivery loop (platform scope) changes statuses of every company.
CREATE POLICY tenant_isolation ON outbox_counts
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
-- Adds the rows of `delta` (company, kind, status, n: positive or negative) to the counts. A decrease
-- only updates a row that exists: when a company is deleted, its counts may be gone before its messages.
CREATE OR REPLACE FUNCTION outbox_counts_add(delta jsonb) RETURNS void
  LANGUAGE sql
  SET search_path = public, pg_temp
  AS $$
  WITH d AS (
    SELECT * FROM jsonb_to_recordset(coalesce(delta, '[]')) AS d(company_id uuid, kind text, status text, n integer)
  ),
  decreased AS (
    UPDATE outbox_counts c SET n = c.n + d.n FROM d
    WHERE d.n < 0 AND c.company_id = d.company_id AND c.kind = d.kind AND c.status = d.status
  )
  INSERT INTO outbox_counts AS c (company_id, kind, status, n)
  SELECT d.company_id, d.kind, d.status, d.n FROM d WHERE d.n > 0
  ON CONFLICT (company_id, kind, status) DO UPDATE SET n = c.n + EXCLUDED.n
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION outbox_counts_apply() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM outbox_counts_add((SELECT jsonb_agg(x) FROM (
      SELECT company_id, kind, status, count(*)::int AS n FROM new_rows GROUP BY 1, 2, 3) x));
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only the rows whose kind or status changed (a retry's attempts, a sending date: nothing).
    PERFORM outbox_counts_add((SELECT jsonb_agg(x) FROM (
      SELECT company_id, kind, status, sum(n)::int AS n FROM (
        SELECT n.company_id, n.kind, n.status, 1 AS n FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.kind, n.status) IS DISTINCT FROM (o.kind, o.status)
        UNION ALL
        SELECT o.company_id, o.kind, o.status, -1 FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.kind, n.status) IS DISTINCT FROM (o.kind, o.status)) changed
      GROUP BY 1, 2, 3) x));
  ELSE
    PERFORM outbox_counts_add((SELECT jsonb_agg(x) FROM (
      SELECT company_id, kind, status, -count(*)::int AS n FROM old_rows GROUP BY 1, 2, 3) x));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER outbox_messages_counts_insert AFTER INSERT ON outbox_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox_counts_apply();
--> statement-breakpoint
CREATE TRIGGER outbox_messages_counts_update AFTER UPDATE ON outbox_messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox_counts_apply();
--> statement-breakpoint
CREATE TRIGGER outbox_messages_counts_delete AFTER DELETE ON outbox_messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox_counts_apply();
--> statement-breakpoint
INSERT INTO outbox_counts (company_id, kind, status, n)
SELECT company_id, kind, status, count(*)::int FROM outbox_messages GROUP BY 1, 2, 3;
