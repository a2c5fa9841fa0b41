-- Text search under row-level security (docs/decisions/0003-tenant-isolation.md): LIKE is not
-- leakproof, so under RLS PostgreSQL may not use the trigram index before the policy and scans the
-- whole company instead. This function runs the search as its owner, restricted to the company of
-- the transaction's context; the planner then picks the trigram index or the company index on
-- real statistics. When the owner is itself subject to RLS (a non-superuser owner), the result is
-- the same, only without the index.
CREATE OR REPLACE FUNCTION clients_matching(pattern text) RETURNS SETOF clients
  LANGUAGE sql STABLE SECURITY DEFINER ROWS 100
  SET search_path = public, pg_temp
  AS $$ SELECT * FROM clients WHERE company_id = app_company_id() AND search_text LIKE pattern $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION clients_matching(text) FROM PUBLIC;
