CREATE INDEX "library_items_name_prefix_idx" ON "library_items" USING btree ("company_id",lower("name") text_pattern_ops) WHERE NOT "library_items"."archived";--> statement-breakpoint
-- Suggestions as a quote line's name is typed (docs/domain/library.md#api): from two characters, the
-- active items whose name starts with them, through the prefix index under RLS (ADR 0003: LIKE is
-- not leakproof, so the search runs as the owner, restricted to the context's company).
CREATE OR REPLACE FUNCTION library_items_starting(prefix text) RETURNS SETOF library_items
  LANGUAGE sql STABLE SECURITY DEFINER ROWS 50
  SET search_path = public, pg_temp
  AS $$ SELECT * FROM library_items
        WHERE company_id = app_company_id() AND NOT archived AND lower(name) LIKE prefix $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION library_items_starting(text) FROM PUBLIC;
