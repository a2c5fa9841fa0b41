-- Refund or credit (issue 32, docs/decisions/0030-refund-or-credit.md): what a cancelled invoice had
-- received is refunded (invoice_refunds, money going out) or kept as credit on the client's account and
-- used as a payment of another of its invoices (invoice_payments.credit_note_id, method 'credit_note').
CREATE TABLE "invoice_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"credit_note_id" uuid NOT NULL,
	"date" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"created_by" uuid,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "credit_note_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice_refunds" ADD CONSTRAINT "invoice_refunds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_refunds" ADD CONSTRAINT "invoice_refunds_credit_note_id_invoices_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_refunds" ADD CONSTRAINT "invoice_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_refunds_company_credit_note_idx" ON "invoice_refunds" USING btree ("company_id","credit_note_id","date");--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_credit_note_id_invoices_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- The payments made with a credit note: its available credit, and the home's « Encaissé », which
-- leaves them out (no money came in) from the index alone.
CREATE INDEX "invoice_payments_company_credit_note_idx" ON "invoice_payments" USING btree ("company_id","credit_note_id","date") INCLUDE ("amount") WHERE "invoice_payments"."credit_note_id" IS NOT NULL;--> statement-breakpoint
-- Refunds and credit kept (issue 32, docs/decisions/0030-refund-or-credit.md): a refund is money paid
-- back on a credit note, a tenant table isolated as every other (drizzle/0003_clients.sql).
ALTER TABLE invoice_refunds ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoice_refunds FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoice_refunds
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
