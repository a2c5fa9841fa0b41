CREATE TABLE "invoice_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text DEFAULT 'item' NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"quantity" numeric(12, 3) DEFAULT 0 NOT NULL,
	"unit" text DEFAULT 'unité' NOT NULL,
	"unit_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"tax_rate" numeric(5, 2) DEFAULT 20 NOT NULL,
	"subtotal" numeric(12, 2) DEFAULT 0 NOT NULL,
	"tax_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"total" numeric(12, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"date" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"created_by" uuid,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text DEFAULT 'invoice' NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"name" text NOT NULL,
	"client_id" uuid NOT NULL,
	"quote_id" uuid,
	"project_id" uuid,
	"credited_invoice_id" uuid,
	"deducted_by_id" uuid,
	"date" date NOT NULL,
	"due_date" date,
	"work_date" date,
	"payment_method" text,
	"payment_date" date,
	"notes" text,
	"terms" text,
	"legal_mentions" text,
	"reverse_charge" boolean DEFAULT false NOT NULL,
	"discount_percentage" numeric(5, 2) DEFAULT 0 NOT NULL,
	"discount_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"subtotal" numeric(12, 2) DEFAULT 0 NOT NULL,
	"discount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"deposits_net" numeric(12, 2) DEFAULT 0 NOT NULL,
	"deposits_tax" numeric(12, 2) DEFAULT 0 NOT NULL,
	"tax_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"total" numeric(12, 2) DEFAULT 0 NOT NULL,
	"paid_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"vat_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"client_snapshot" jsonb,
	"seller_snapshot" jsonb,
	"issued_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(reference || ' ' || name)) STORED NOT NULL,
	"created_by" uuid,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "legal_form" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "share_capital" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "registration" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "insurer_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "insurer_policy" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "insurance_coverage" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "vat_franchise" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_invoice_id_invoices_id_fk" FOREIGN KEY ("credited_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_deducted_by_id_invoices_id_fk" FOREIGN KEY ("deducted_by_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_items_company_invoice_idx" ON "invoice_items" USING btree ("company_id","invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoice_payments_company_invoice_idx" ON "invoice_payments" USING btree ("company_id","invoice_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_reference_key" ON "invoices" USING btree ("company_id","reference");--> statement-breakpoint
CREATE INDEX "invoices_company_date_idx" ON "invoices" USING btree ("company_id","date","reference");--> statement-breakpoint
CREATE INDEX "invoices_company_status_due_idx" ON "invoices" USING btree ("company_id","status","due_date");--> statement-breakpoint
CREATE INDEX "invoices_company_client_idx" ON "invoices" USING btree ("company_id","client_id");--> statement-breakpoint
CREATE INDEX "invoices_company_quote_idx" ON "invoices" USING btree ("company_id","quote_id");--> statement-breakpoint
CREATE INDEX "invoices_company_project_idx" ON "invoices" USING btree ("company_id","project_id");--> statement-breakpoint
CREATE INDEX "invoices_search_trgm_idx" ON "invoices" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Tenant isolation (ADR 0003).
ALTER TABLE invoices ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoices FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoices
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
ALTER TABLE invoice_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoice_items FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoice_items
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
ALTER TABLE invoice_payments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoice_payments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoice_payments
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
-- Text search under RLS through the trigram index, as projects_matching() (drizzle/0020_projects.sql).
CREATE OR REPLACE FUNCTION invoices_matching(pattern text) RETURNS SETOF invoices
  LANGUAGE sql STABLE SECURITY DEFINER ROWS 100
  SET search_path = public, pg_temp
  AS $$ SELECT * FROM invoices WHERE company_id = app_company_id() AND search_text LIKE pattern $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION invoices_matching(text) FROM PUBLIC;
--> statement-breakpoint
-- An issued invoice is a legal document (design §5.5, docs/domain/invoices.md#immutability): once it is
-- no longer a draft, what it says never changes — only its status, its payment figures and its links
-- (the credit note that cancels it, the final invoice that deducts a deposit) do; it is never deleted.
CREATE OR REPLACE FUNCTION invoices_keep_issued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'draft' THEN
      RAISE EXCEPTION 'issued invoice % cannot be deleted', OLD.reference USING ERRCODE = 'check_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status <> 'draft' AND (
       NEW.kind, NEW.reference, NEW.name, NEW.client_id, NEW.quote_id, NEW.credited_invoice_id, NEW.date,
       NEW.due_date, NEW.work_date, NEW.notes, NEW.terms, NEW.legal_mentions, NEW.reverse_charge,
       NEW.discount_percentage, NEW.discount_amount, NEW.subtotal, NEW.discount, NEW.deposits_net,
       NEW.deposits_tax, NEW.tax_amount, NEW.total, NEW.vat_breakdown, NEW.client_snapshot,
       NEW.seller_snapshot, NEW.issued_at, NEW.company_id
     ) IS DISTINCT FROM (
       OLD.kind, OLD.reference, OLD.name, OLD.client_id, OLD.quote_id, OLD.credited_invoice_id, OLD.date,
       OLD.due_date, OLD.work_date, OLD.notes, OLD.terms, OLD.legal_mentions, OLD.reverse_charge,
       OLD.discount_percentage, OLD.discount_amount, OLD.subtotal, OLD.discount, OLD.deposits_net,
       OLD.deposits_tax, OLD.tax_amount, OLD.total, OLD.vat_breakdown, OLD.client_snapshot,
       OLD.seller_snapshot, OLD.issued_at, OLD.company_id
     ) THEN
    RAISE EXCEPTION 'issued invoice % cannot be changed', OLD.reference USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.status <> 'draft' AND NEW.status = 'draft' THEN
    RAISE EXCEPTION 'issued invoice % cannot become a draft again', OLD.reference USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_keep_issued BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_keep_issued();
--> statement-breakpoint
-- The lines of an issued invoice never change either.
CREATE OR REPLACE FUNCTION invoice_items_keep_issued() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_status text;
BEGIN
  SELECT status INTO parent_status FROM invoices WHERE id = COALESCE(NEW.invoice_id, OLD.invoice_id);
  -- The invoice itself is being deleted (a draft, its lines going with it): nothing to keep.
  IF parent_status IS NULL OR parent_status = 'draft' THEN
    RETURN COALESCE(NEW, OLD);
  END IF;
  -- A credit note is written as a draft with its lines, then issued, in one transaction.
  RAISE EXCEPTION 'the lines of an issued invoice cannot be changed' USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_items_keep_issued BEFORE INSERT OR UPDATE OR DELETE ON invoice_items
  FOR EACH ROW EXECUTE FUNCTION invoice_items_keep_issued();
--> statement-breakpoint
-- The invoices' new permissions (docs/domain/permissions.md), given to the roles that existed before
-- them by the rule of the default roles: an administrator issues invoices and records their payments.
SELECT set_config('app.platform', 'on', true);
--> statement-breakpoint
INSERT INTO permissions (code, name, description, category) VALUES
  ('invoices:issue', 'Émettre les factures (numéro définitif) et les annuler par un avoir', 'Émettre les factures (numéro définitif) et les annuler par un avoir', 'Factures'),
  ('invoices:pay', 'Enregistrer les paiements des factures', 'Enregistrer les paiements des factures', 'Factures')
ON CONFLICT (code) DO NOTHING;
--> statement-breakpoint
INSERT INTO role_permissions (company_id, role_id, permission_id)
SELECT r.company_id, r.id, p.id
FROM roles r
JOIN permissions p ON p.code IN ('invoices:issue', 'invoices:pay')
WHERE EXISTS (
  SELECT 1 FROM role_permissions rp JOIN permissions held ON held.id = rp.permission_id
  WHERE rp.role_id = r.id AND held.code = 'admin:access')
ON CONFLICT DO NOTHING;
