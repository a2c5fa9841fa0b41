-- The company home (issue 16, docs/domain/dashboard.md): the satisfaction asked when a worksite is
-- finished, when each quote was sent and answered, and the indexes its figures are read from.
ALTER TABLE "clients" ADD COLUMN "last_document_on" date;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "client_satisfied" boolean;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
-- « Encaissé » per month: the payments of a period read from the index alone.
CREATE INDEX "invoice_payments_company_date_idx" ON "invoice_payments" USING btree ("company_id","date") INCLUDE ("amount");--> statement-breakpoint
-- Revenue (this month, last month's same days, the 12 months of the chart) and the active clients: the
-- issued documents of a period read from the index alone, whatever else the invoice rows hold.
CREATE INDEX "invoices_company_date_figures_idx" ON "invoices" USING btree ("company_id","date") INCLUDE ("kind","status","client_id","total","tax_amount");--> statement-breakpoint
-- Satisfaction over the worksites delivered in 12 months, and those still running a month ago.
CREATE INDEX "projects_company_finished_idx" ON "projects" USING btree ("company_id","finished_at") INCLUDE ("created_at","team_id","client_satisfied") WHERE finished_at IS NOT NULL;--> statement-breakpoint
-- The pending quotes by the moment they were sent: those older than 48 hours, those pending a month ago.
CREATE INDEX "quotes_company_pending_sent_idx" ON "quotes" USING btree ("company_id","sent_at") WHERE status IN ('envoye au client', 'client relance');--> statement-breakpoint
-- The quotes answered since a moment: the acceptance rate, and the quotes still pending a month ago.
CREATE INDEX "quotes_company_answered_idx" ON "quotes" USING btree ("company_id","answered_at") INCLUDE ("status","sent_at") WHERE answered_at IS NOT NULL;--> statement-breakpoint
-- « Clients actifs »: the clients whose latest document is recent, from one index.
CREATE INDEX "clients_company_last_document_idx" ON "clients" USING btree ("company_id","last_document_on");--> statement-breakpoint
-- The existing quotes' dates, from their history (quote_history: a status change records
-- changes.status.to, a creation its status in metadata), in the platform scope for this transaction
-- only (the owner may be subject to RLS). Sent: the first time the quote became a sent status (a
-- pending quote without history: its last change). Answered: the last time it became final (without
-- history: its last change).
SELECT set_config('app.platform', 'on', true);
--> statement-breakpoint
WITH h AS (
  SELECT quote_id,
         min(created_at) FILTER (WHERE coalesce(changes->'status'->>'to', CASE WHEN action = 'created' THEN metadata->>'status' END)
                                       IN ('envoye au client', 'client relance')) AS sent,
         max(created_at) FILTER (WHERE coalesce(changes->'status'->>'to', CASE WHEN action = 'created' THEN metadata->>'status' END)
                                       IN ('valide', 'refuse', 'annule')) AS answered
  FROM quote_history GROUP BY quote_id
)
UPDATE quotes q SET
  sent_at = coalesce(x.sent, CASE WHEN q.status IN ('envoye au client', 'client relance') THEN q.updated_at END),
  answered_at = CASE WHEN q.status IN ('valide', 'refuse', 'annule') THEN coalesce(x.answered, q.updated_at) END
FROM (SELECT q0.id, h.sent, h.answered FROM quotes q0 LEFT JOIN h ON h.quote_id = q0.id) x
WHERE x.id = q.id;
--> statement-breakpoint
SELECT set_config('app.platform', 'off', true);
--> statement-breakpoint
-- Kept by the database whatever writes a status (the services, the seeds, the bench's SQL): sent_at is
-- set the first time the quote is in a sent status and never moved after; answered_at is set when it
-- becomes final (validé, refusé, annulé) and cleared when it is not final any more. A value written
-- explicitly (a seed dating its quotes) is kept.
CREATE OR REPLACE FUNCTION quotes_answer_dates() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog
  AS $$
BEGIN
  IF NEW.status IN ('envoye au client', 'client relance') THEN
    NEW.sent_at := coalesce(NEW.sent_at, now());
    NEW.answered_at := NULL;
  ELSIF NEW.status IN ('valide', 'refuse', 'annule') THEN
    NEW.answered_at := coalesce(NEW.answered_at, now());
  ELSE
    NEW.answered_at := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER quotes_answer_dates BEFORE INSERT OR UPDATE ON quotes
  FOR EACH ROW EXECUTE FUNCTION quotes_answer_dates();
--> statement-breakpoint
-- clients.last_document_on: the date of the client's latest document — an issued invoice, deposit invoice
-- or credit note (not a draft), or a quote that is not a draft (« en cours de rédaction ») —, kept by
-- statement triggers with transition tables on invoices and quotes (like quote_status_totals, 0008), in
-- the transaction of the change, whatever writes them. Each statement recomputes it for the clients its
-- rows name (old and new), from their documents (indexes by client); the clients' rows are locked in id
-- order first (concurrent statements take them in the same order).
CREATE OR REPLACE FUNCTION clients_last_document_touch(ids uuid[]) RETURNS void
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM clients WHERE id = ANY(ids) ORDER BY id FOR UPDATE;
  UPDATE clients c SET last_document_on = x.last
  FROM (
    SELECT cl.id, greatest(
      (SELECT max(i.date) FROM invoices i
       WHERE i.company_id = cl.company_id AND i.client_id = cl.id AND i.status <> 'draft'),
      (SELECT max(q.date) FROM quotes q
       WHERE q.company_id = cl.company_id AND q.client_id = cl.id AND q.status <> 'en cours de redaction')) AS last
    FROM clients cl WHERE cl.id = ANY(ids)
  ) x
  WHERE c.id = x.id AND c.last_document_on IS DISTINCT FROM x.last;
END $$;
--> statement-breakpoint
-- One function for both tables: a draft is 'draft' on invoices, 'en cours de redaction' on quotes. An
-- update counts when a row's status, date or client changed (the numbering at commit, a payment: nothing).
CREATE OR REPLACE FUNCTION clients_last_document_apply() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM clients_last_document_touch(ARRAY(
      SELECT DISTINCT client_id FROM new_rows WHERE status NOT IN ('draft', 'en cours de redaction')));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM clients_last_document_touch(ARRAY(
      SELECT n.client_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.status, n.date, n.client_id) IS DISTINCT FROM (o.status, o.date, o.client_id)
      UNION
      SELECT o.client_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.status, n.date, n.client_id) IS DISTINCT FROM (o.status, o.date, o.client_id)));
  ELSE
    PERFORM clients_last_document_touch(ARRAY(
      SELECT DISTINCT client_id FROM old_rows WHERE status NOT IN ('draft', 'en cours de redaction')));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_clients_last_document_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_last_document_apply();
--> statement-breakpoint
CREATE TRIGGER invoices_clients_last_document_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_last_document_apply();
--> statement-breakpoint
CREATE TRIGGER invoices_clients_last_document_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_last_document_apply();
--> statement-breakpoint
CREATE TRIGGER quotes_clients_last_document_insert AFTER INSERT ON quotes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_last_document_apply();
--> statement-breakpoint
CREATE TRIGGER quotes_clients_last_document_update AFTER UPDATE ON quotes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_last_document_apply();
--> statement-breakpoint
CREATE TRIGGER quotes_clients_last_document_delete AFTER DELETE ON quotes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_last_document_apply();
--> statement-breakpoint
SELECT set_config('app.platform', 'on', true);
--> statement-breakpoint
UPDATE clients c SET last_document_on = greatest(
  (SELECT max(i.date) FROM invoices i WHERE i.company_id = c.company_id AND i.client_id = c.id AND i.status <> 'draft'),
  (SELECT max(q.date) FROM quotes q
   WHERE q.company_id = c.company_id AND q.client_id = c.id AND q.status <> 'en cours de redaction'));
--> statement-breakpoint
SELECT set_config('app.platform', 'off', true);
