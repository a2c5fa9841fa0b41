-- Every search and sort of a list fast (issue 33, ADR 0032 « Indexes of the lists »): the plans read before
-- and after each index are written in the ADR. The sorts: the quotes' amount with its id the other way (as
-- orderOf() writes it), the worksites by name (folded), by name under a status, by start date latest
-- first; « En retard » of the invoices from the sent ones only.
DROP INDEX "quotes_company_amount_idx";--> statement-breakpoint
CREATE INDEX "invoices_company_sent_due_idx" ON "invoices" USING btree ("company_id","due_date") WHERE status = 'sent' AND kind <> 'credit_note';--> statement-breakpoint
CREATE INDEX "invoices_company_sent_date_idx" ON "invoices" USING btree ("company_id","date","reference","due_date") WHERE status = 'sent' AND kind <> 'credit_note';--> statement-breakpoint
CREATE INDEX "projects_company_name_idx" ON "projects" USING btree ("company_id",fold("name"),"id");--> statement-breakpoint
CREATE INDEX "projects_company_status_name_idx" ON "projects" USING btree ("company_id","status",fold("name"),"id");--> statement-breakpoint
CREATE INDEX "projects_company_start_desc_idx" ON "projects" USING btree ("company_id","start_date" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "quotes_company_pending_amount_idx" ON "quotes" USING btree ("company_id","net_ht","id" DESC NULLS FIRST) WHERE status IN ('envoye au client', 'client relance');--> statement-breakpoint
CREATE INDEX "quotes_company_amount_idx" ON "quotes" USING btree ("company_id","net_ht","id" DESC NULLS FIRST);--> statement-breakpoint
-- The search rows' order by client (quotes and invoices): fold() of the client's name kept on each copy,
-- instead of one client read per match (10,000 reads for « cuisine » among 53,000 invoices). The copies are
-- written again from their documents (the platform scope for this transaction only, as in 0026): compact,
-- each with its client's key.
SELECT set_config('app.platform', 'on', true);
--> statement-breakpoint
ALTER TABLE "quote_search_rows" ADD COLUMN "client_key" text;
--> statement-breakpoint
ALTER TABLE "invoice_search_rows" ADD COLUMN "client_key" text;
--> statement-breakpoint
TRUNCATE quote_search_rows, invoice_search_rows;
--> statement-breakpoint
INSERT INTO quote_search_rows
  (quote_id, company_id, client_id, status, date, reference, total, net_ht, valid_until, search_text, client_key)
SELECT q.id, q.company_id, q.client_id, q.status, q.date, q.reference, q.total, q.net_ht, q.valid_until, q.search_text,
       fold(c.name)
FROM quotes q JOIN clients c ON c.id = q.client_id
ORDER BY q.company_id, q.date, q.reference;
--> statement-breakpoint
INSERT INTO invoice_search_rows
  (invoice_id, company_id, client_id, kind, status, date, due_date, reference, total, paid_amount, search_text, client_key)
SELECT i.id, i.company_id, i.client_id, i.kind, i.status, i.date, i.due_date, i.reference, i.total, i.paid_amount,
       i.search_text, fold(c.name)
FROM invoices i JOIN clients c ON c.id = i.client_id
ORDER BY i.company_id, i.date, i.reference;
--> statement-breakpoint
ALTER TABLE "quote_search_rows" ALTER COLUMN "client_key" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoice_search_rows" ALTER COLUMN "client_key" SET NOT NULL;
--> statement-breakpoint
-- The documents' statement triggers (0016, 0026) copy the client's key with the rest: the client of the
-- same company, read under the transaction's tenant like the document itself.
CREATE OR REPLACE FUNCTION quote_search_rows_apply() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
BEGIN
  INSERT INTO quote_search_rows AS r
    (quote_id, company_id, client_id, status, date, reference, total, net_ht, valid_until, search_text, client_key)
  SELECT n.id, n.company_id, n.client_id, n.status, n.date, n.reference, n.total, n.net_ht, n.valid_until, n.search_text,
         (SELECT fold(c.name) FROM clients c WHERE c.company_id = n.company_id AND c.id = n.client_id)
  FROM new_rows n ORDER BY n.id
  ON CONFLICT (quote_id) DO UPDATE
    SET company_id = excluded.company_id, client_id = excluded.client_id, status = excluded.status,
        date = excluded.date, reference = excluded.reference, total = excluded.total,
        net_ht = excluded.net_ht, valid_until = excluded.valid_until, search_text = excluded.search_text,
        client_key = excluded.client_key
    WHERE (r.company_id, r.client_id, r.status, r.date, r.reference, r.total, r.net_ht, r.valid_until,
           r.search_text, r.client_key)
          IS DISTINCT FROM (excluded.company_id, excluded.client_id, excluded.status, excluded.date,
                            excluded.reference, excluded.total, excluded.net_ht, excluded.valid_until,
                            excluded.search_text, excluded.client_key);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_search_rows_apply() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
BEGIN
  INSERT INTO invoice_search_rows AS r
    (invoice_id, company_id, client_id, kind, status, date, due_date, reference, total, paid_amount, search_text,
     client_key)
  SELECT n.id, n.company_id, n.client_id, n.kind, n.status, n.date, n.due_date, n.reference, n.total, n.paid_amount,
         n.search_text, (SELECT fold(c.name) FROM clients c WHERE c.company_id = n.company_id AND c.id = n.client_id)
  FROM new_rows n ORDER BY n.id
  ON CONFLICT (invoice_id) DO UPDATE
    SET company_id = excluded.company_id, client_id = excluded.client_id, kind = excluded.kind,
        status = excluded.status, date = excluded.date, due_date = excluded.due_date,
        reference = excluded.reference, total = excluded.total, paid_amount = excluded.paid_amount,
        search_text = excluded.search_text, client_key = excluded.client_key
    WHERE (r.company_id, r.client_id, r.kind, r.status, r.date, r.due_date, r.reference, r.total,
           r.paid_amount, r.search_text, r.client_key)
          IS DISTINCT FROM (excluded.company_id, excluded.client_id, excluded.kind, excluded.status,
                            excluded.date, excluded.due_date, excluded.reference, excluded.total,
                            excluded.paid_amount, excluded.search_text, excluded.client_key);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A client renamed: its key on the copies of its quotes and invoices, in the same transaction, through
-- the (company_id, client_id) indexes. Only when the folded name changes.
CREATE FUNCTION clients_search_rows_rename() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
BEGIN
  UPDATE quote_search_rows SET client_key = fold(NEW.name)
  WHERE company_id = NEW.company_id AND client_id = NEW.id;
  UPDATE invoice_search_rows SET client_key = fold(NEW.name)
  WHERE company_id = NEW.company_id AND client_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_search_rows_rename AFTER UPDATE OF name ON clients
  FOR EACH ROW WHEN (fold(OLD.name) IS DISTINCT FROM fold(NEW.name))
  EXECUTE FUNCTION clients_search_rows_rename();
--> statement-breakpoint
-- The quotes' search answers the client's key (a new column: the function is made again).
DROP FUNCTION quotes_search(text, text, uuid);
--> statement-breakpoint
CREATE FUNCTION quotes_search(pattern text, status_filter text DEFAULT NULL, client_filter uuid DEFAULT NULL)
  RETURNS TABLE (id uuid, company_id uuid, client_id uuid, date date, reference text, status text, total numeric,
                 net_ht numeric, valid_until date, client_key text)
  LANGUAGE sql STABLE SECURITY DEFINER ROWS 200
  SET search_path = public, pg_temp
  AS $$
    SELECT q.quote_id, q.company_id, q.client_id, q.date, q.reference, q.status, q.total, q.net_ht, q.valid_until,
           q.client_key
    FROM quote_search_rows q
    WHERE q.company_id = (SELECT app_company_id())
      AND (status_filter IS NULL OR q.status = status_filter)
      AND (client_filter IS NULL OR q.client_id = client_filter)
      AND (q.search_text LIKE pattern
           OR q.client_id = ANY (ARRAY(SELECT c.id FROM clients c
                                       WHERE c.company_id = (SELECT app_company_id())
                                         AND c.search_text LIKE pattern AND fold(c.name) LIKE pattern)))
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION quotes_search(text, text, uuid) FROM PUBLIC;
--> statement-breakpoint
-- The invoices' search page (0045), each sort planned for its own keys (a custom plan per call: the sort and
-- its direction are constants there, and the CASE keys of the others fold away):
-- - by date, the default and the most asked: the count from the matches (a bitmap of the trigram index, no
--   copy of the rows), the page from (company_id, date, reference) walked from its end, the words, the client
--   and the status checked in the index itself (INCLUDE: an index-only scan, whatever the order of the rows
--   in the table) until the page is full — a few thousand index entries at most, not a sort of the matches;
-- - by any other key: the matches read once (MATERIALIZED), counted and cut as before; by client, the key
--   kept on each copy (0045 read the client of each match).
CREATE INDEX invoice_search_rows_company_date_idx ON invoice_search_rows USING btree (company_id, date, reference)
  INCLUDE (invoice_id, client_id, status, search_text);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoices_search_page(company uuid, pattern text, status_filter text, client_filter uuid,
                                                overdue_on date, page_limit integer, page_offset integer,
                                                sort_key text, descending boolean)
  RETURNS TABLE (total integer, ids uuid[])
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  SET plan_cache_mode = force_custom_plan
  AS $$
    WITH m AS MATERIALIZED (
      SELECT invoice_id, client_id, client_key, date, reference, due_date, total, paid_amount
      FROM invoice_search_matches(company, pattern, status_filter, client_filter, overdue_on)
    ),
    k AS (
      SELECT m.invoice_id, m.date, m.reference,
             CASE sort_key WHEN 'total' THEN m.total WHEN 'balance' THEN m.total - m.paid_amount END AS k_amount,
             CASE WHEN sort_key = 'client' THEN m.client_key END AS k_name,
             CASE WHEN sort_key = 'client' THEN m.client_id END AS k_client,
             CASE WHEN sort_key = 'due_date' THEN m.due_date END AS k_day,
             CASE WHEN sort_key = 'reference' THEN m.reference END AS k_ref,
             CASE WHEN sort_key IN ('total', 'due_date', 'balance') THEN m.invoice_id END AS k_id
      FROM m
    )
    SELECT
      CASE WHEN sort_key = 'date'
           THEN (SELECT count(*)::int FROM invoice_search_matches(company, pattern, status_filter, client_filter, overdue_on))
           ELSE (SELECT count(*)::int FROM m) END,
      CASE WHEN sort_key = 'date'
           THEN (SELECT array_agg(d.invoice_id ORDER BY CASE WHEN descending THEN d.date END DESC,
                                                     CASE WHEN descending THEN d.reference END DESC,
                                                     CASE WHEN NOT descending THEN d.date END,
                                                     CASE WHEN NOT descending THEN d.reference END)
                 FROM (SELECT r.invoice_id, r.date, r.reference
                       FROM invoice_search_matches(company, pattern, status_filter, client_filter, overdue_on) r
                       ORDER BY CASE WHEN descending THEN r.date END DESC, CASE WHEN descending THEN r.reference END DESC,
                                CASE WHEN NOT descending THEN r.date END, CASE WHEN NOT descending THEN r.reference END
                       LIMIT page_limit OFFSET page_offset) d)
           ELSE (SELECT array_agg(p.invoice_id
                                  ORDER BY CASE WHEN descending THEN p.k_amount END DESC, CASE WHEN NOT descending THEN p.k_amount END,
                        CASE WHEN descending THEN p.k_name END DESC, CASE WHEN NOT descending THEN p.k_name END,
                        CASE WHEN descending THEN p.k_client END DESC, CASE WHEN NOT descending THEN p.k_client END,
                        CASE WHEN descending THEN p.k_day END DESC, CASE WHEN NOT descending THEN p.k_day END,
                        CASE WHEN descending THEN p.k_ref END DESC, CASE WHEN NOT descending THEN p.k_ref END,
                        CASE WHEN descending THEN p.k_id END DESC, CASE WHEN NOT descending THEN p.k_id END,
                        p.date DESC, p.reference DESC)
                 FROM (SELECT * FROM k
                       ORDER BY CASE WHEN descending THEN k_amount END DESC, CASE WHEN NOT descending THEN k_amount END,
                        CASE WHEN descending THEN k_name END DESC, CASE WHEN NOT descending THEN k_name END,
                        CASE WHEN descending THEN k_client END DESC, CASE WHEN NOT descending THEN k_client END,
                        CASE WHEN descending THEN k_day END DESC, CASE WHEN NOT descending THEN k_day END,
                        CASE WHEN descending THEN k_ref END DESC, CASE WHEN NOT descending THEN k_ref END,
                        CASE WHEN descending THEN k_id END DESC, CASE WHEN NOT descending THEN k_id END,
                        date DESC, reference DESC
                       LIMIT page_limit OFFSET page_offset) p) END
  $$;
