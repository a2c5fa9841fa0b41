ALTER TABLE "companies" ADD COLUMN "vat_on_debits" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "accounting_accounts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "accounting_updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "operation_category" text;--> statement-breakpoint
-- Issue 34 item 3: an issued invoice's category of the operation is frozen with the rest (drizzle/0027's
-- invoices_keep_issued, operation_category added to what never changes once issued).
CREATE OR REPLACE FUNCTION invoices_keep_issued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'draft' THEN
      RAISE EXCEPTION 'issued invoice % cannot be deleted', OLD.reference USING ERRCODE = 'check_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status <> 'draft' AND (
       NEW.kind, CASE WHEN OLD.reference LIKE 'PROV-%' AND NEW.reference ~ '^(FAC|AV)-[0-9]{4}-[0-9]{4,}$'
                      THEN OLD.reference ELSE NEW.reference END,
       NEW.name, NEW.client_id, NEW.quote_id, NEW.credited_invoice_id, NEW.date,
       NEW.due_date, NEW.work_date, NEW.notes, NEW.terms, NEW.legal_mentions, NEW.reverse_charge,
       NEW.discount_percentage, NEW.discount_amount, NEW.subtotal, NEW.discount, NEW.deposits_net,
       NEW.deposits_tax, NEW.tax_amount, NEW.total, NEW.vat_breakdown, NEW.client_snapshot,
       NEW.seller_snapshot, NEW.issued_at, NEW.company_id, NEW.operation_category
     ) IS DISTINCT FROM (
       OLD.kind, OLD.reference, OLD.name, OLD.client_id, OLD.quote_id, OLD.credited_invoice_id, OLD.date,
       OLD.due_date, OLD.work_date, OLD.notes, OLD.terms, OLD.legal_mentions, OLD.reverse_charge,
       OLD.discount_percentage, OLD.discount_amount, OLD.subtotal, OLD.discount, OLD.deposits_net,
       OLD.deposits_tax, OLD.tax_amount, OLD.total, OLD.vat_breakdown, OLD.client_snapshot,
       OLD.seller_snapshot, OLD.issued_at, OLD.company_id, OLD.operation_category
     ) THEN
    RAISE EXCEPTION 'issued invoice % cannot be changed', OLD.reference USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.status <> 'draft' AND NEW.status = 'draft' THEN
    RAISE EXCEPTION 'issued invoice % cannot become a draft again', OLD.reference USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
