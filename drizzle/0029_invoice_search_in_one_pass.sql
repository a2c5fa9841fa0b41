-- The list's search in one pass (docs/domain/invoices.md#list). invoices_search() (0026) answered the
-- matching rows through a SECURITY DEFINER function, which PostgreSQL never inlines: its ten thousand
-- rows for a common word were copied into the function's result, then into the caller's CTE, before
-- being counted — about half of the statement's time on the bench data (14 ms of 25). Now the count and
-- the page's ids, or the stats, are computed where the rows are read:
--
-- - invoice_search_matches(): the matching rows (the same predicate as invoices_search()), a plain SQL
--   function (no SECURITY DEFINER, no SET) that the planner inlines into the two functions below;
--   called directly by the application role it runs under row-level security (the same rows, without
--   the trigram index);
-- - invoices_search_page(): the number of matches and the ids of one page, in the list's order;
-- - invoices_search_stats(): the stats of the matches (docs/domain/invoices.md#stats).
--
-- Both are SECURITY DEFINER for the trigram index under RLS (0004_clients_search.sql) and read the
-- tenant once (an init plan), checked against the company the repository names (two locks, ADR 0003).
-- `overdue_on`: only the sent invoices and deposits due before that day.
DROP FUNCTION invoices_search(text, text, uuid);
--> statement-breakpoint
CREATE FUNCTION invoice_search_matches(company uuid, pattern text, status_filter text, client_filter uuid, overdue_on date)
  RETURNS SETOF invoice_search_rows
  LANGUAGE sql STABLE
  AS $$
    SELECT r.* FROM invoice_search_rows r
    WHERE r.company_id = company AND r.company_id = (SELECT app_company_id())
      AND (status_filter IS NULL OR r.status = status_filter)
      AND (client_filter IS NULL OR r.client_id = client_filter)
      AND (overdue_on IS NULL OR (r.status = 'sent' AND r.kind <> 'credit_note' AND r.due_date < overdue_on))
      AND (r.search_text LIKE pattern
           -- search_text (indexed) narrows, the name decides: the client's name only, not its e-mail or city.
           OR r.client_id = ANY (ARRAY(SELECT c.id FROM clients c
                                       WHERE c.company_id = company
                                         AND c.search_text LIKE pattern AND lower(c.name) LIKE pattern)))
  $$;
--> statement-breakpoint
CREATE FUNCTION invoices_search_page(company uuid, pattern text, status_filter text, client_filter uuid, overdue_on date,
                                     page_limit integer, page_offset integer)
  RETURNS TABLE (total integer, ids uuid[])
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    WITH m AS MATERIALIZED (
      SELECT invoice_id, date, reference FROM invoice_search_matches(company, pattern, status_filter, client_filter, overdue_on)
    )
    SELECT (SELECT count(*)::int FROM m),
           (SELECT array_agg(p.invoice_id ORDER BY p.date DESC, p.reference DESC)
            FROM (SELECT invoice_id, date, reference FROM m ORDER BY date DESC, reference DESC
                  LIMIT page_limit OFFSET page_offset) p)
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION invoices_search_page(uuid, text, text, uuid, date, integer, integer) FROM PUBLIC;
--> statement-breakpoint
CREATE FUNCTION invoices_search_stats(company uuid, pattern text, status_filter text, client_filter uuid, overdue_on date, today date)
  RETURNS TABLE (total_invoices integer, total_amount numeric, paid_invoices integer, paid_amount numeric,
                 sent_invoices integer, pending_amount numeric, overdue_invoices integer, overdue_amount numeric)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT
      count(*) FILTER (WHERE i.status IN ('sent', 'paid'))::int,
      coalesce(sum(i.total) FILTER (WHERE i.status IN ('sent', 'paid')), 0),
      count(*) FILTER (WHERE i.status = 'paid')::int,
      coalesce(sum(i.paid_amount) FILTER (WHERE i.status IN ('sent', 'paid')), 0),
      count(*) FILTER (WHERE i.status = 'sent')::int,
      coalesce(sum(i.total - i.paid_amount) FILTER (WHERE i.status = 'sent'), 0),
      count(*) FILTER (WHERE i.status = 'sent' AND i.due_date < today)::int,
      coalesce(sum(i.total - i.paid_amount) FILTER (WHERE i.status = 'sent' AND i.due_date < today), 0)
    FROM invoice_search_matches(company, pattern, status_filter, client_filter, overdue_on) i
    WHERE i.kind <> 'credit_note'
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION invoices_search_stats(uuid, text, text, uuid, date, date) FROM PUBLIC;
