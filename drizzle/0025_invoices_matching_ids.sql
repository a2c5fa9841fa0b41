-- The list's search (docs/domain/invoices.md#list): invoices_matching() answers the ids of the invoices
-- whose reference or name match, not whole rows — a word found in a fifth of 50,000 invoices copied
-- 10,000 wide rows (their frozen identities included) for the caller to keep only their id (the bench's
-- search lines: p50 350 → 250 ms).
DROP FUNCTION invoices_matching(text);
--> statement-breakpoint
CREATE FUNCTION invoices_matching(pattern text) RETURNS TABLE(id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER ROWS 100
  SET search_path = public, pg_temp
  AS $$ SELECT i.id FROM invoices i WHERE i.company_id = app_company_id() AND i.search_text LIKE pattern $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION invoices_matching(text) FROM PUBLIC;
