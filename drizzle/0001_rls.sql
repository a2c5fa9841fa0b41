-- Tenant isolation backstop (docs/decisions/0003-tenant-isolation.md).
-- Every request sets app.company_id (its company) or app.platform = 'on' (platform scope:
-- sign-in look-ups and the SuperAdmin area) per transaction with set_config(..., true).
CREATE OR REPLACE FUNCTION app_company_id() RETURNS uuid
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT nullif(current_setting('app.company_id', true), '')::uuid $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_is_platform() RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT coalesce(current_setting('app.platform', true), '') = 'on' $$;
--> statement-breakpoint
ALTER TABLE companies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE companies FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON companies
  USING (id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['users', 'roles', 'role_permissions', 'user_roles', 'sessions', 'reference_counters'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform())) '
      'WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))', t);
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE companies ADD CONSTRAINT companies_status_check CHECK (status IN ('active', 'suspended'));
