-- What an equipment template's search matches: its name and its items, lower-cased. array_to_string is
-- only STABLE for any array; for text[] it is immutable, which a generated column needs.
CREATE OR REPLACE FUNCTION equipment_search_text(name text, items text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  SET search_path = pg_catalog
  AS $$ SELECT lower(name || ' ' || array_to_string(items, ' ')) $$;
--> statement-breakpoint
CREATE TABLE "equipment_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"equipment_items" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_text" text GENERATED ALWAYS AS (equipment_search_text(name, equipment_items)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"company_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"is_leader" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(name || ' ' || coalesce(description, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"registration_number" text,
	"brand" text,
	"model" text,
	"status" text DEFAULT 'available' NOT NULL,
	"mileage" integer,
	"next_service_date" date,
	"next_inspection_date" date,
	"insurance_expiry_date" date,
	"next_due_date" date GENERATED ALWAYS AS (LEAST(next_service_date, next_inspection_date, insurance_expiry_date)) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(name || ' ' || coalesce(registration_number, '') || ' ' || coalesce(brand, '') || ' ' || coalesce(model, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_status_check" CHECK ("vehicles"."status" IN ('available', 'maintenance', 'in_use')),
	CONSTRAINT "vehicles_mileage_check" CHECK ("vehicles"."mileage" IS NULL OR "vehicles"."mileage" >= 0)
);
--> statement-breakpoint
ALTER TABLE "equipment_templates" ADD CONSTRAINT "equipment_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "equipment_templates_company_created_idx" ON "equipment_templates" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "equipment_templates_search_trgm_idx" ON "equipment_templates" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "team_members_company_user_idx" ON "team_members" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_one_leader_key" ON "team_members" USING btree ("team_id") WHERE "team_members"."is_leader";--> statement-breakpoint
CREATE INDEX "teams_company_name_idx" ON "teams" USING btree ("company_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "teams_search_trgm_idx" ON "teams" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicles_company_name_idx" ON "vehicles" USING btree ("company_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "vehicles_company_status_idx" ON "vehicles" USING btree ("company_id","status",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "vehicles_company_due_idx" ON "vehicles" USING btree ("company_id","next_due_date");--> statement-breakpoint
CREATE INDEX "vehicles_search_trgm_idx" ON "vehicles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_company_registration_key" ON "vehicles" USING btree ("company_id","registration_number") WHERE "vehicles"."registration_number" IS NOT NULL;
--> statement-breakpoint
-- Tenant isolation (ADR 0003).
ALTER TABLE teams ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE teams FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON teams
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
ALTER TABLE team_members ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE team_members FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON team_members
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
ALTER TABLE vehicles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE vehicles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON vehicles
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
ALTER TABLE equipment_templates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE equipment_templates FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON equipment_templates
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
-- Text search under RLS through the trigram indexes, as clients_matching() (drizzle/0004_clients_search.sql).
CREATE OR REPLACE FUNCTION teams_matching(pattern text) RETURNS SETOF teams
  LANGUAGE sql STABLE SECURITY DEFINER ROWS 100
  SET search_path = public, pg_temp
  AS $$ SELECT * FROM teams WHERE company_id = app_company_id() AND search_text LIKE pattern $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION teams_matching(text) FROM PUBLIC;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vehicles_matching(pattern text) RETURNS SETOF vehicles
  LANGUAGE sql STABLE SECURITY DEFINER ROWS 100
  SET search_path = public, pg_temp
  AS $$ SELECT * FROM vehicles WHERE company_id = app_company_id() AND search_text LIKE pattern $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION vehicles_matching(text) FROM PUBLIC;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION equipment_templates_matching(pattern text) RETURNS SETOF equipment_templates
  LANGUAGE sql STABLE SECURITY DEFINER ROWS 100
  SET search_path = public, pg_temp
  AS $$ SELECT * FROM equipment_templates WHERE company_id = app_company_id() AND search_text LIKE pattern $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION equipment_templates_matching(text) FROM PUBLIC;
