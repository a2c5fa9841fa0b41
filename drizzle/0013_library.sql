CREATE TABLE "library_components" (
	"company_id" uuid NOT NULL,
	"ouvrage_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	CONSTRAINT "library_components_ouvrage_id_article_id_pk" PRIMARY KEY("ouvrage_id","article_id")
);
--> statement-breakpoint
CREATE TABLE "library_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"unit" text NOT NULL,
	"unit_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"cost_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"tax_rate" numeric(5, 2) NOT NULL,
	"category" text,
	"supplier_reference" text,
	"pricing" text,
	"coefficient" numeric(8, 4),
	"forced_price" numeric(12, 2),
	"labour_hours" numeric(12, 3),
	"archived" boolean DEFAULT false NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(name || ' ' || coalesce(description, '') || ' ' || coalesce(supplier_reference, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_items_kind_check" CHECK ("library_items"."kind" IN ('article', 'ouvrage')),
	CONSTRAINT "library_items_shape_check" CHECK (("library_items"."kind" = 'article' AND "library_items"."category" IS NOT NULL AND "library_items"."pricing" IS NULL)
        OR ("library_items"."kind" = 'ouvrage' AND "library_items"."category" IS NULL AND "library_items"."pricing" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "library_components" ADD CONSTRAINT "library_components_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_components" ADD CONSTRAINT "library_components_ouvrage_id_library_items_id_fk" FOREIGN KEY ("ouvrage_id") REFERENCES "public"."library_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_components" ADD CONSTRAINT "library_components_article_id_library_items_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."library_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_items" ADD CONSTRAINT "library_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_components_company_article_idx" ON "library_components" USING btree ("company_id","article_id");--> statement-breakpoint
CREATE INDEX "library_items_company_name_idx" ON "library_items" USING btree ("company_id","archived",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "library_items_company_kind_idx" ON "library_items" USING btree ("company_id","archived","kind",lower("name"));--> statement-breakpoint
CREATE INDEX "library_items_company_category_idx" ON "library_items" USING btree ("company_id","archived","category",lower("name"));--> statement-breakpoint
CREATE INDEX "library_items_search_trgm_idx" ON "library_items" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Tenant isolation (ADR 0003).
ALTER TABLE library_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE library_items FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON library_items
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
ALTER TABLE library_components ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE library_components FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON library_components
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
-- Text search under RLS through the trigram index, as clients_matching() (drizzle/0004_clients_search.sql).
CREATE OR REPLACE FUNCTION library_items_matching(pattern text) RETURNS SETOF library_items
  LANGUAGE sql STABLE SECURITY DEFINER ROWS 100
  SET search_path = public, pg_temp
  AS $$ SELECT * FROM library_items WHERE company_id = app_company_id() AND search_text LIKE pattern $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION library_items_matching(text) FROM PUBLIC;
--> statement-breakpoint
-- The library's permissions and the margins' (docs/domain/permissions.md), given to the roles that
-- existed before them by the rule of the default roles: a role that writes quotes (quotes:create) or
-- administers (admin:access) keeps its price library (library:view, library:edit); a role that edits
-- quotes or administers sees their margins (quotes:margins). The catalogue sync after the migrations
-- writes the same names.
SELECT set_config('app.platform', 'on', true);
--> statement-breakpoint
INSERT INTO permissions (code, name, description, category) VALUES
  ('library:view', 'Voir la bibliothèque de prix', 'Voir la bibliothèque de prix', 'Bibliothèque'),
  ('library:edit', 'Modifier la bibliothèque de prix', 'Modifier la bibliothèque de prix', 'Bibliothèque'),
  ('quotes:margins', 'Voir les déboursés et les marges des devis', 'Voir les déboursés et les marges des devis', 'Devis')
ON CONFLICT (code) DO NOTHING;
--> statement-breakpoint
INSERT INTO role_permissions (company_id, role_id, permission_id)
SELECT r.company_id, r.id, p.id
FROM roles r
JOIN permissions p ON p.code IN ('library:view', 'library:edit')
WHERE EXISTS (
  SELECT 1 FROM role_permissions rp JOIN permissions held ON held.id = rp.permission_id
  WHERE rp.role_id = r.id AND held.code IN ('quotes:create', 'admin:access'))
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO role_permissions (company_id, role_id, permission_id)
SELECT r.company_id, r.id, p.id
FROM roles r
JOIN permissions p ON p.code = 'quotes:margins'
WHERE EXISTS (
  SELECT 1 FROM role_permissions rp JOIN permissions held ON held.id = rp.permission_id
  WHERE rp.role_id = r.id AND held.code IN ('quotes:edit', 'admin:access'))
ON CONFLICT DO NOTHING;
