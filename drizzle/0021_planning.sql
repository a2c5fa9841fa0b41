-- The last day a worksite occupies on the planning (docs/domain/planning.md#days), the SQL twin of
-- lastOccupiedDay() in src/shared/planning-rules.ts (a test compares them): its start date, whatever the
-- day, then working days (Monday to Friday) until its estimated duration (at least 1, 1 when unset) is
-- counted. IMMUTABLE: it only reads its arguments, so a generated column can use it.
CREATE OR REPLACE FUNCTION project_last_day(start date, days integer) RETURNS date
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
SET search_path = pg_catalog
AS $$
DECLARE
  total integer := greatest(1, coalesce(days, 1));
  d date := start;
  counted integer := 1;
  weeks integer;
BEGIN
  IF start IS NULL THEN
    RETURN NULL;
  END IF;
  IF total > 1 AND extract(isodow FROM start) >= 6 THEN
    d := start + (8 - extract(isodow FROM start)::integer);
    counted := 2;
  END IF;
  -- Five working days are seven calendar days from a working day: whole weeks at once.
  weeks := (total - counted) / 5;
  d := d + weeks * 7;
  counted := counted + weeks * 5;
  WHILE counted < total LOOP
    d := d + 1;
    IF extract(isodow FROM d) < 6 THEN
      counted := counted + 1;
    END IF;
  END LOOP;
  RETURN d;
END
$$;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "end_date" date GENERATED ALWAYS AS (project_last_day(start_date, estimated_duration_days)) STORED;--> statement-breakpoint
CREATE INDEX "projects_company_end_idx" ON "projects" USING btree ("company_id","end_date","start_date");
