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
CREATE TABLE "journal_pending" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"content" text NOT NULL,
	"user_name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_heads" ADD CONSTRAINT "journal_heads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_pending" ADD CONSTRAINT "journal_pending_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_entries_company_recorded_idx" ON "journal_entries" USING btree ("company_id","recorded_at");--> statement-breakpoint
CREATE INDEX "journal_entries_document_idx" ON "journal_entries" USING btree ("company_id","document_id") WHERE "journal_entries"."document_id" IS NOT NULL;
--> statement-breakpoint
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
  FOREACH t IN ARRAY ARRAY['journal_entries', 'journal_heads', 'journal_pending'] LOOP
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
--> statement-breakpoint
-- The one append of the journal (ADR 0033), called by the application (payments) and by the trigger
-- below (issued documents): the company's head locked (no gap, no fork), the entry hashed as
-- journal-chain.ts hashes it — SHA-256 (hex) of the previous hash, the number, kind, document id,
-- reference, time (ISO, ms, UTC), amount, user name and the content's canonical JSON, joined by line
-- feeds — then the head moved on. `content` is the canonical JSON text, hashed as written.
CREATE OR REPLACE FUNCTION journal_append(
  p_company uuid, p_kind text, p_document uuid, p_reference text, p_at timestamptz,
  p_amount bigint, p_user text, p_content text
) RETURNS TABLE (id uuid, seq bigint, previous_hash text, hash text, recorded_at timestamptz)
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
DECLARE
  head journal_heads%ROWTYPE;
  at timestamptz := date_trunc('milliseconds', coalesce(p_at, clock_timestamp()));
  next_seq bigint;
  digest text;
  new_id uuid;
BEGIN
  INSERT INTO journal_heads (company_id, last_seq, last_hash)
  VALUES (p_company, 0, repeat('0', 64)) ON CONFLICT (company_id) DO NOTHING;
  SELECT * INTO head FROM journal_heads h WHERE h.company_id = p_company FOR UPDATE;
  next_seq := head.last_seq + 1;
  digest := encode(sha256(convert_to(
    head.last_hash || E'\n' || next_seq::text || E'\n' || p_kind || E'\n' || coalesce(p_document::text, '')
      || E'\n' || p_reference || E'\n' || to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      || E'\n' || p_amount::text || E'\n' || p_user || E'\n' || p_content,
    'UTF8')), 'hex');
  INSERT INTO journal_entries AS e (company_id, seq, kind, document_id, reference, recorded_at, amount_cents,
                                    content, previous_hash, hash, user_name)
  VALUES (p_company, next_seq, p_kind, p_document, p_reference, at, p_amount, p_content::jsonb,
          head.last_hash, digest, p_user)
  RETURNING e.id INTO new_id;
  UPDATE journal_heads h SET
    last_seq = next_seq,
    last_hash = digest,
    sales_total_cents = h.sales_total_cents + CASE WHEN p_kind IN ('invoice', 'credit_note') THEN p_amount ELSE 0 END,
    receipts_total_cents = h.receipts_total_cents
      + CASE WHEN p_kind IN ('payment', 'payment_reversal', 'refund') THEN p_amount ELSE 0 END
  WHERE h.company_id = p_company;
  RETURN QUERY SELECT new_id, next_seq, head.last_hash, digest, at;
END $$;
--> statement-breakpoint
-- An issued document's entry, recorded as its transaction commits (deferred, queued after the issue's
-- UPDATE: invoices_take_number has given the FAC / AV number by then), under that number.
CREATE OR REPLACE FUNCTION journal_record_pending() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
DECLARE
  pending journal_pending%ROWTYPE;
  ref text;
BEGIN
  SELECT * INTO pending FROM journal_pending WHERE invoice_id = NEW.invoice_id;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT reference INTO ref FROM invoices WHERE id = pending.invoice_id;
  PERFORM journal_append(pending.company_id, pending.kind, pending.invoice_id, ref, NULL, pending.amount_cents,
                         pending.user_name, pending.content);
  DELETE FROM journal_pending WHERE invoice_id = pending.invoice_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_record_pending AFTER INSERT ON journal_pending
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION journal_record_pending();
