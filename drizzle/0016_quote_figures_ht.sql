ALTER TABLE "quote_search_rows" ADD COLUMN "net_ht" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_search_rows" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "quote_status_totals" ADD COLUMN "net_ht" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "net_ht" numeric(12, 2) GENERATED ALWAYS AS (subtotal - discount) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "quotes_company_amount_idx" ON "quotes" USING btree ("company_id","net_ht","id");--> statement-breakpoint
CREATE INDEX "quotes_company_pending_validity_idx" ON "quotes" USING btree ("company_id","valid_until","status","net_ht","total") WHERE status IN ('envoye au client', 'client relance');--> statement-breakpoint
-- The figures of the list in HT (docs/decisions/0013-quote-lines-and-figures.md): per-status totals and the
-- search rows carry net_ht (subtotal − discount); the search rows also the validity date, for the
-- expired quotes. Same triggers as 0008 and 0012, one more column each.
CREATE OR REPLACE FUNCTION quote_status_totals_apply() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO quote_status_totals AS t (company_id, status, count, total, net_ht)
    SELECT company_id, status, count(*), sum(total), sum(net_ht) FROM new_rows
    GROUP BY company_id, status ORDER BY company_id, status
    ON CONFLICT (company_id, status)
      DO UPDATE SET count = t.count + excluded.count, total = t.total + excluded.total,
                    net_ht = t.net_ht + excluded.net_ht;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO quote_status_totals AS t (company_id, status, count, total, net_ht)
    SELECT company_id, status, sum(n), sum(amount), sum(ht)
    FROM (SELECT company_id, status, 1 AS n, total AS amount, net_ht AS ht FROM new_rows
          UNION ALL
          SELECT company_id, status, -1, -total, -net_ht FROM old_rows) d
    GROUP BY company_id, status
    HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(ht) <> 0
    ORDER BY company_id, status
    ON CONFLICT (company_id, status)
      DO UPDATE SET count = t.count + excluded.count, total = t.total + excluded.total,
                    net_ht = t.net_ht + excluded.net_ht;
  ELSE
    UPDATE quote_status_totals t SET count = t.count - d.n, total = t.total - d.amount, net_ht = t.net_ht - d.ht
    FROM (SELECT company_id, status, count(*) AS n, sum(total) AS amount, sum(net_ht) AS ht FROM old_rows
          GROUP BY company_id, status) d
    WHERE t.company_id = d.company_id AND t.status = d.status;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION quote_search_rows_apply() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
BEGIN
  INSERT INTO quote_search_rows AS r
    (quote_id, company_id, client_id, status, date, reference, total, net_ht, valid_until, search_text)
  SELECT id, company_id, client_id, status, date, reference, total, net_ht, valid_until, search_text
  FROM new_rows ORDER BY id
  ON CONFLICT (quote_id) DO UPDATE
    SET company_id = excluded.company_id, client_id = excluded.client_id, status = excluded.status,
        date = excluded.date, reference = excluded.reference, total = excluded.total,
        net_ht = excluded.net_ht, valid_until = excluded.valid_until, search_text = excluded.search_text
    WHERE (r.company_id, r.client_id, r.status, r.date, r.reference, r.total, r.net_ht, r.valid_until,
           r.search_text)
          IS DISTINCT FROM (excluded.company_id, excluded.client_id, excluded.status, excluded.date,
                            excluded.reference, excluded.total, excluded.net_ht, excluded.valid_until,
                            excluded.search_text);
  RETURN NULL;
END $$;
--> statement-breakpoint
SELECT set_config('app.platform', 'on', true);
--> statement-breakpoint
UPDATE quote_status_totals t SET net_ht = d.ht
FROM (SELECT company_id, status, sum(net_ht) AS ht FROM quotes GROUP BY company_id, status) d
WHERE t.company_id = d.company_id AND t.status = d.status;
--> statement-breakpoint
UPDATE quote_search_rows r SET net_ht = q.net_ht, valid_until = q.valid_until
FROM quotes q WHERE q.id = r.quote_id;
--> statement-breakpoint
SELECT set_config('app.platform', 'off', true);
--> statement-breakpoint
-- The list search, now answering net_ht and valid_until too (same filters and plan as in 0012).
DROP FUNCTION IF EXISTS quotes_search(text, text, uuid);
--> statement-breakpoint
CREATE FUNCTION quotes_search(pattern text, status_filter text DEFAULT NULL, client_filter uuid DEFAULT NULL)
  RETURNS TABLE (id uuid, company_id uuid, client_id uuid, date date, reference text, status text,
                 total numeric, net_ht numeric, valid_until date)
  LANGUAGE sql STABLE SECURITY DEFINER ROWS 200
  SET search_path = public, pg_temp
  AS $$
    SELECT q.quote_id, q.company_id, q.client_id, q.date, q.reference, q.status, q.total, q.net_ht, q.valid_until
    FROM quote_search_rows q
    WHERE q.company_id = (SELECT app_company_id())
      AND (status_filter IS NULL OR q.status = status_filter)
      AND (client_filter IS NULL OR q.client_id = client_filter)
      AND (q.search_text LIKE pattern
           OR q.client_id = ANY (ARRAY(SELECT c.id FROM clients c
                                       WHERE c.company_id = (SELECT app_company_id())
                                         AND c.search_text LIKE pattern AND lower(c.name) LIKE pattern)))
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION quotes_search(text, text, uuid) FROM PUBLIC;
