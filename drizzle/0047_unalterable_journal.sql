CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"kind" text NOT NULL,
	"document_id" uuid,
	"reference" text NOT NULL,
	"recorded_at" timestamp (3) with time zone NOT NULL,
	"amount_cents" bigint NOT NULL,
	"content" jsonb NOT NULL,
	"previous_hash" text NOT NULL,
	"hash" text NOT NULL,
	"user_name" text NOT NULL,
	CONSTRAINT "journal_entries_company_seq_key" UNIQUE("company_id","seq")
);
--> statement-breakpoint
CREATE TABLE "journal_heads" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"last_hash" text NOT NULL,
	"sales_total_cents" bigint DEFAULT 0 NOT NULL,
	"receipts_total_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_heads" ADD CONSTRAINT "journal_heads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_entries_company_recorded_idx" ON "journal_entries" USING btree ("company_id","recorded_at");--> statement-breakpoint
CREATE INDEX "journal_entries_document_idx" ON "journal_entries" USING btree ("company_id","document_id") WHERE "journal_entries"."document_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_seq_check CHECK (seq > 0);
--> statement-breakpoint
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check
  CHECK (kind IN ('invoice', 'credit_note', 'payment', 'payment_reversal', 'refund', 'closing'));
--> statement-breakpoint
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_hash_check
  CHECK (hash ~ '^[0-9a-f]{64}$' AND previous_hash ~ '^[0-9a-f]{64}$');
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['journal_entries', 'journal_heads'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform())) '
      'WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- Append-only for every role, the owner included (ADR 0033): an entry is corrected by another entry.
CREATE OR REPLACE FUNCTION journal_entries_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Le journal est inaltérable : une écriture ne peut être ni modifiée ni supprimée'
    USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_no_update_delete BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION journal_entries_append_only();
--> statement-breakpoint
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION journal_entries_append_only();
