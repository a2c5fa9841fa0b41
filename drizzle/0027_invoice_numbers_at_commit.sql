-- An invoice's number is given by the database as its issuing transaction commits (design §5.5,
-- docs/domain/invoices.md#numbering): the service issues the draft (status, dates, frozen identities)
-- with its provisional reference, and this deferred trigger takes the next FAC (or AV) number of the
-- company and the issue date's year while the transaction commits. The counter row is then held from
-- that moment to the end of the commit only — no round trip to the application while every other issue
-- of the company waits on it (it was held across two statements and the COMMIT: the bench's issuing
-- line, p99 143 ms at 10 connections). A transaction that fails before its commit takes no number:
-- the numbers stay gapless whatever the code path that issues.
CREATE OR REPLACE FUNCTION invoices_take_number() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
DECLARE
  current invoices%ROWTYPE;
  counter text;
  number integer;
BEGIN
  -- The row as it is now (the event was queued by an earlier statement of the transaction).
  SELECT * INTO current FROM invoices WHERE id = NEW.id;
  IF NOT FOUND OR current.status = 'draft' OR current.reference NOT LIKE 'PROV-%' THEN
    RETURN NULL;
  END IF;
  counter := CASE WHEN current.kind = 'credit_note' THEN 'credit_note' ELSE 'invoice' END;
  INSERT INTO reference_counters AS r (company_id, kind, year, last_value)
  VALUES (current.company_id, counter, extract(year FROM current.date)::int, 1)
  ON CONFLICT (company_id, kind, year) DO UPDATE SET last_value = r.last_value + 1
  RETURNING last_value INTO number;
  -- formatReference() (src/shared/references.ts): FAC-2026-0001, four digits at least.
  UPDATE invoices SET reference =
    CASE WHEN counter = 'credit_note' THEN 'AV' ELSE 'FAC' END || '-' || extract(year FROM current.date)::int
      || '-' || lpad(number::text, greatest(4, length(number::text)), '0')
  WHERE id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER invoices_take_number AFTER INSERT OR UPDATE ON invoices
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.status <> 'draft' AND NEW.reference LIKE 'PROV-%')
  EXECUTE FUNCTION invoices_take_number();
--> statement-breakpoint
-- What an issued invoice says never changes (0023), except its provisional reference, replaced once by
-- its number as the issuing transaction commits.
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
