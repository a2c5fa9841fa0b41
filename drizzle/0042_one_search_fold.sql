-- One search rule (issue 33, ADR 0032): fold() — accents and case aside, « Hélène » read « helene »,
-- « Œuvre » « oeuvre », the typographic apostrophe a straight one — behind every search column, every
-- search pattern (src/server/lib/search.ts) and every name-sorted list. The database's C collation
-- lowers ASCII letters only: the letters are translated first, then lowered. Immutable: generated
-- columns and indexes are built on it. The letters are pinned by src/server/lib/search.test.ts.
CREATE FUNCTION fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN replace(replace(replace(replace(lower(translate(value,
    'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿŸ’‘',
    'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyyY''''')),
    'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae');
--> statement-breakpoint
DROP INDEX "clients_company_name_idx";--> statement-breakpoint
DROP INDEX "library_items_company_name_idx";--> statement-breakpoint
DROP INDEX "library_items_company_kind_idx";--> statement-breakpoint
DROP INDEX "library_items_company_category_idx";--> statement-breakpoint
DROP INDEX "library_items_name_prefix_idx";--> statement-breakpoint
DROP INDEX "teams_company_name_idx";--> statement-breakpoint
DROP INDEX "vehicles_company_name_idx";--> statement-breakpoint
DROP INDEX "vehicles_company_status_idx";--> statement-breakpoint
ALTER TABLE "clients" drop column "search_text";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (fold(name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(city, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" drop column "search_text";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "search_text" text GENERATED ALWAYS AS (fold(reference || ' ' || name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "library_items" drop column "search_text";--> statement-breakpoint
ALTER TABLE "library_items" ADD COLUMN "search_text" text GENERATED ALWAYS AS (fold(name || ' ' || coalesce(description, '') || ' ' || coalesce(supplier_reference, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" drop column "search_text";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_text" text GENERATED ALWAYS AS (fold(reference || ' ' || name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" drop column "search_text";--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "search_text" text GENERATED ALWAYS AS (fold(reference || ' ' || name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" drop column "search_text";--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "search_text" text GENERATED ALWAYS AS (fold(name || ' ' || coalesce(description, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" drop column "search_text";--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (fold(name || ' ' || coalesce(registration_number, '') || ' ' || coalesce(brand, '') || ' ' || coalesce(model, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "clients_company_name_idx" ON "clients" USING btree ("company_id",fold("name"),"id");--> statement-breakpoint
CREATE INDEX "library_items_company_name_idx" ON "library_items" USING btree ("company_id","archived",fold("name"),"id");--> statement-breakpoint
CREATE INDEX "library_items_company_kind_idx" ON "library_items" USING btree ("company_id","archived","kind",fold("name"));--> statement-breakpoint
CREATE INDEX "library_items_company_category_idx" ON "library_items" USING btree ("company_id","archived","category",fold("name"));--> statement-breakpoint
CREATE INDEX "library_items_name_prefix_idx" ON "library_items" USING btree ("company_id",fold("name") text_pattern_ops) WHERE NOT "library_items"."archived";--> statement-breakpoint
CREATE INDEX "teams_company_name_idx" ON "teams" USING btree ("company_id",fold("name"),"id");--> statement-breakpoint
CREATE INDEX "vehicles_company_name_idx" ON "vehicles" USING btree ("company_id",fold("name"),"id");--> statement-breakpoint
CREATE INDEX "vehicles_company_status_idx" ON "vehicles" USING btree ("company_id","status",fold("name"),"id");--> statement-breakpoint
-- The trigram indexes went with the columns they were on: built again on the folded text.
CREATE INDEX "clients_search_trgm_idx" ON "clients" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "library_items_search_trgm_idx" ON "library_items" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_search_trgm_idx" ON "projects" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "teams_search_trgm_idx" ON "teams" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicles_search_trgm_idx" ON "vehicles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The narrow copies searched by the quotes' and invoices' lists (drizzle/0012, 0026) take the new text.
UPDATE quote_search_rows r SET search_text = q.search_text FROM quotes q WHERE q.id = r.quote_id;--> statement-breakpoint
UPDATE invoice_search_rows r SET search_text = i.search_text FROM invoices i WHERE i.id = r.invoice_id;--> statement-breakpoint
UPDATE outbox_messages SET search_text = fold(search_text);--> statement-breakpoint
-- Equipment lists: the same function, folded; each stored text computed again.
CREATE OR REPLACE FUNCTION equipment_search_text(name text, items text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  SET search_path = pg_catalog
  AS $$ SELECT public.fold(name || ' ' || array_to_string(items, ' ')) $$;--> statement-breakpoint
UPDATE equipment_templates SET name = name;--> statement-breakpoint
-- Companies (SuperAdmin): the name's index folded.
DROP INDEX IF EXISTS companies_name_trgm_idx;--> statement-breakpoint
CREATE INDEX companies_name_trgm_idx ON companies USING gin (fold(name) gin_trgm_ops);--> statement-breakpoint
-- The client's name decides in the quotes' and invoices' searches: folded as the pattern is.
CREATE OR REPLACE FUNCTION quotes_search(pattern text, status_filter text DEFAULT NULL, client_filter uuid DEFAULT NULL)
  RETURNS TABLE (id uuid, company_id uuid, client_id uuid, date date, reference text, status text, total numeric,
                 net_ht numeric, valid_until date)
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
                                         AND c.search_text LIKE pattern AND fold(c.name) LIKE pattern)))
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_search_matches(company uuid, pattern text, status_filter text, client_filter uuid,
                                                  overdue_on date)
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
                                         AND c.search_text LIKE pattern AND fold(c.name) LIKE pattern)))
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION library_items_starting(prefix text) RETURNS SETOF library_items
  LANGUAGE sql STABLE SECURITY DEFINER ROWS 50
  SET search_path = public, pg_temp
  AS $$ SELECT * FROM library_items
        WHERE company_id = app_company_id() AND NOT archived AND fold(name) LIKE prefix $$;
