CREATE INDEX "clients_company_city_idx" ON "clients" USING btree ("company_id",fold("city"),fold("name"),"id");--> statement-breakpoint
CREATE INDEX "clients_company_created_idx" ON "clients" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_company_total_idx" ON "invoices" USING btree ("company_id","total","id");--> statement-breakpoint
CREATE INDEX "invoices_company_due_idx" ON "invoices" USING btree ("company_id","due_date","id");--> statement-breakpoint
CREATE INDEX "invoices_company_balance_idx" ON "invoices" USING btree ("company_id",("total" - "paid_amount"),"id");--> statement-breakpoint
CREATE INDEX "library_items_company_price_idx" ON "library_items" USING btree ("company_id","archived","unit_price","id");--> statement-breakpoint
CREATE INDEX "library_items_company_type_idx" ON "library_items" USING btree ("company_id","archived","kind","category",fold("name"),"id");
--> statement-breakpoint
-- The list's sorts under a search (docs/domain/invoices.md#list): invoices_search_page() takes the sort
-- (date, reference, client, total, due_date or balance) and its direction, and still answers the count
-- and the page's ids in one statement over the matches read once (0029). Each sort fills its keys, the
-- others stay NULL (equal for every row); the keys are those of the list without a search
-- (invoices.repository.ts orderBy): every order ends on a unique key. The old signature had no other
-- caller than the repository: dropped.
DROP FUNCTION invoices_search_page(uuid, text, text, uuid, date, integer, integer);
--> statement-breakpoint
CREATE FUNCTION invoices_search_page(company uuid, pattern text, status_filter text, client_filter uuid, overdue_on date,
                                     page_limit integer, page_offset integer, sort_key text, descending boolean)
  RETURNS TABLE (total integer, ids uuid[])
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    WITH m AS MATERIALIZED (
      SELECT invoice_id, client_id, date, reference, due_date, total, paid_amount
      FROM invoice_search_matches(company, pattern, status_filter, client_filter, overdue_on)
    ),
    k AS (
      SELECT m.invoice_id, m.date, m.reference,
             CASE sort_key WHEN 'total' THEN m.total WHEN 'balance' THEN m.total - m.paid_amount END AS k_amount,
             CASE WHEN sort_key = 'client'
                  THEN (SELECT fold(c.name) FROM clients c WHERE c.company_id = company AND c.id = m.client_id) END AS k_name,
             CASE WHEN sort_key = 'client' THEN m.client_id END AS k_client,
             CASE sort_key WHEN 'date' THEN m.date WHEN 'due_date' THEN m.due_date END AS k_day,
             CASE WHEN sort_key IN ('date', 'reference') THEN m.reference END AS k_ref,
             CASE WHEN sort_key IN ('total', 'due_date', 'balance') THEN m.invoice_id END AS k_id
      FROM m
    )
    SELECT (SELECT count(*)::int FROM m),
           (SELECT array_agg(p.invoice_id
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
                  LIMIT page_limit OFFSET page_offset) p)
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION invoices_search_page(uuid, text, text, uuid, date, integer, integer, text, boolean) FROM PUBLIC;
