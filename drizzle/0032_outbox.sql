-- Messages sent from the app (issue 18, docs/domain/messages.md): the outbox of each company (every
-- message, whatever its transport: kept in the app when no SMTP server is configured, else delivered by
-- the server's delivery loop with retries), the stored attachment of a message (the document's PDF, its
-- bytes copied at sending), the company's templates, and the « À relancer » delay.
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"transport" text NOT NULL,
	"to_addresses" text[] NOT NULL,
	"cc_addresses" text[] DEFAULT '{}' NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"document_type" text,
	"document_id" uuid,
	"document_reference" text,
	"attachment_name" text,
	"search_text" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"created_by" uuid,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_messages_kind_check" CHECK ("kind" IN ('quote_send', 'invoice_send', 'quote_reminder',
		'invoice_reminder', 'quote_signed', 'invitation', 'password_reset')),
	CONSTRAINT "outbox_messages_status_check" CHECK ("status" IN ('pending', 'sent', 'failed')),
	CONSTRAINT "outbox_messages_transport_check" CHECK ("transport" IN ('outbox', 'smtp')),
	CONSTRAINT "outbox_messages_document_check" CHECK (
		("document_type" IS NULL AND "document_id" IS NULL)
		OR ("document_type" IN ('quote', 'invoice') AND "document_id" IS NOT NULL)),
	CONSTRAINT "outbox_messages_to_check" CHECK (cardinality("to_addresses") >= 1)
);
--> statement-breakpoint
CREATE TABLE "outbox_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_company_id_kind_pk" PRIMARY KEY("company_id","kind"),
	CONSTRAINT "message_templates_kind_check" CHECK ("kind" IN ('quote_send', 'invoice_send', 'quote_reminder', 'invoice_reminder'))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "reminder_after_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_reminder_after_days_check" CHECK ("reminder_after_days" BETWEEN 1 AND 90);--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_attachments" ADD CONSTRAINT "outbox_attachments_message_id_outbox_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."outbox_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_attachments" ADD CONSTRAINT "outbox_attachments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The list, newest first; a document's messages; the delivery queue (every company's pending messages,
-- read by the delivery loop in the platform scope: the one index that does not start with company_id).
CREATE INDEX "outbox_messages_company_created_idx" ON "outbox_messages" USING btree ("company_id","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "outbox_messages_document_idx" ON "outbox_messages" USING btree ("company_id","document_type","document_id","created_at" DESC);--> statement-breakpoint
CREATE INDEX "outbox_messages_queue_idx" ON "outbox_messages" USING btree ("next_attempt_at") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_messages_search_trgm_idx" ON "outbox_messages" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_attachments_message_key" ON "outbox_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "outbox_attachments_company_idx" ON "outbox_attachments" USING btree ("company_id","message_id");--> statement-breakpoint
-- Tenant isolation (ADR 0003). The platform scope reads the outbox too: the delivery loop sends every
-- company's pending messages, and a SuperAdmin inviting a new company's first administrator writes its
-- invitation there.
ALTER TABLE outbox_messages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE outbox_messages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON outbox_messages
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
ALTER TABLE outbox_attachments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE outbox_attachments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON outbox_attachments
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
ALTER TABLE message_templates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE message_templates FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON message_templates
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
-- The outbox's search (recipients and subject) under RLS through the trigram index, as teams_matching()
-- (drizzle/0019_resources.sql).
CREATE OR REPLACE FUNCTION outbox_messages_matching(pattern text) RETURNS SETOF outbox_messages
  LANGUAGE sql STABLE SECURITY DEFINER ROWS 100
  SET search_path = public, pg_temp
  AS $$ SELECT * FROM outbox_messages WHERE company_id = app_company_id() AND search_text LIKE pattern $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION outbox_messages_matching(text) FROM PUBLIC;
