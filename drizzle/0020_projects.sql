CREATE TABLE "project_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"client_key" uuid,
	"created_by" uuid,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"thumbnail_file_id" uuid NOT NULL,
	"filename" text,
	"width" integer,
	"height" integer,
	"client_key" uuid,
	"created_by" uuid,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"is_done" boolean DEFAULT false NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" uuid,
	"estimated_hours" numeric(6, 2),
	"unit_price" numeric(12, 2),
	"quantity" numeric(12, 3) DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'à faire' NOT NULL,
	"client_id" uuid,
	"quote_id" uuid,
	"start_date" date,
	"team_id" uuid,
	"vehicle_id" uuid,
	"address" text,
	"gate_code" text,
	"notes" text,
	"budget_total" numeric(12, 2),
	"estimated_duration_days" integer,
	"equipment" text[] DEFAULT '{}'::text[] NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_by" uuid,
	"search_text" text GENERATED ALWAYS AS (lower(reference || ' ' || name)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_status_check" CHECK ("projects"."status" IN ('à faire', 'en cours', 'en pause', 'livré', 'annulé')),
	CONSTRAINT "projects_duration_check" CHECK ("projects"."estimated_duration_days" IS NULL OR "projects"."estimated_duration_days" >= 1)
);
--> statement-breakpoint
ALTER TABLE "project_issues" ADD CONSTRAINT "project_issues_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_issues" ADD CONSTRAINT "project_issues_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_issues" ADD CONSTRAINT "project_issues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_photos" ADD CONSTRAINT "project_photos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_photos" ADD CONSTRAINT "project_photos_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_photos" ADD CONSTRAINT "project_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_photos" ADD CONSTRAINT "project_photos_thumbnail_file_id_files_id_fk" FOREIGN KEY ("thumbnail_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_photos" ADD CONSTRAINT "project_photos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tasks" ADD CONSTRAINT "project_tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tasks" ADD CONSTRAINT "project_tasks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tasks" ADD CONSTRAINT "project_tasks_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_issues_company_project_idx" ON "project_issues" USING btree ("company_id","project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "project_issues_client_key" ON "project_issues" USING btree ("company_id","client_key") WHERE "project_issues"."client_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "project_photos_company_project_idx" ON "project_photos" USING btree ("company_id","project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "project_photos_client_key" ON "project_photos" USING btree ("company_id","client_key") WHERE "project_photos"."client_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "project_tasks_company_project_idx" ON "project_tasks" USING btree ("company_id","project_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_company_reference_key" ON "projects" USING btree ("company_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_quote_key" ON "projects" USING btree ("quote_id") WHERE "projects"."quote_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "projects_company_created_idx" ON "projects" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_company_status_idx" ON "projects" USING btree ("company_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_company_start_idx" ON "projects" USING btree ("company_id","start_date");--> statement-breakpoint
CREATE INDEX "projects_company_team_idx" ON "projects" USING btree ("company_id","team_id","start_date");--> statement-breakpoint
CREATE INDEX "projects_company_vehicle_idx" ON "projects" USING btree ("company_id","vehicle_id","start_date");--> statement-breakpoint
CREATE INDEX "projects_company_client_idx" ON "projects" USING btree ("company_id","client_id");--> statement-breakpoint
CREATE INDEX "projects_search_trgm_idx" ON "projects" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- No worksite existed before this migration: a quote's project_id pointed nowhere (the platform sees every company's rows).
SELECT set_config('app.platform', 'on', true);--> statement-breakpoint
UPDATE quotes SET project_id = NULL WHERE project_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- Tenant isolation (ADR 0003).
ALTER TABLE projects ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE projects FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON projects
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
ALTER TABLE project_tasks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE project_tasks FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON project_tasks
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
ALTER TABLE project_issues ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE project_issues FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON project_issues
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
ALTER TABLE project_photos ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE project_photos FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON project_photos
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
-- Text search under RLS through the trigram index, as clients_matching() (drizzle/0004_clients_search.sql):
-- the worksites whose reference or name match. Their client's name is matched through clients_matching().
CREATE OR REPLACE FUNCTION projects_matching(pattern text) RETURNS SETOF projects
  LANGUAGE sql STABLE SECURITY DEFINER ROWS 100
  SET search_path = public, pg_temp
  AS $$ SELECT * FROM projects WHERE company_id = app_company_id() AND search_text LIKE pattern $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION projects_matching(text) FROM PUBLIC;
--> statement-breakpoint
-- A photo's two files (the image and its thumbnail) go with it, whether the photo is deleted alone or
-- with its worksite (docs/domain/projects.md#photos).
CREATE OR REPLACE FUNCTION project_photos_delete_files() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
BEGIN
  DELETE FROM files WHERE id IN (OLD.file_id, OLD.thumbnail_file_id) AND company_id = OLD.company_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER project_photos_delete_files AFTER DELETE ON project_photos
  FOR EACH ROW EXECUTE FUNCTION project_photos_delete_files();
