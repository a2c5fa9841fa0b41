-- Who sees money (issue 32, docs/domain/permissions.md#default-roles): the default Compagnon sees no
-- quote (quotes:view) and no worksite budget nor task price (the new projects:budget).
--
-- The rule for the roles that existed before:
-- - a « left at default » Compagnon is a role named 'Compagnon' whose permissions are exactly the
--   Compagnon's former default set (calendar:view, dashboard:view, equipment:view, projects:execute,
--   projects:view, quotes:view, vehicles:view): it gets the new default — quotes:view is taken from it,
--   projects:budget is not given;
-- - every other role holding projects:view (an Administrateur, a Chef d'équipe, a customised Compagnon,
--   any role made by the company) gets projects:budget: it keeps seeing the budgets it saw. A customised
--   role is otherwise left alone.
-- The catalogue sync after the migrations writes the same name.
SELECT set_config('app.platform', 'on', true);
--> statement-breakpoint
INSERT INTO permissions (code, name, description, category) VALUES
  ('projects:budget', 'Voir le budget des chantiers et le prix de leurs tâches',
   'Voir le budget des chantiers et le prix de leurs tâches', 'Chantiers')
ON CONFLICT (code) DO NOTHING;
--> statement-breakpoint
WITH default_compagnons AS (
  SELECT r.id
  FROM roles r
  WHERE r.name = 'Compagnon'
    AND (
      SELECT array_agg(p.code ORDER BY p.code)
      FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
      WHERE rp.role_id = r.id
    ) = ARRAY['calendar:view', 'dashboard:view', 'equipment:view', 'projects:execute', 'projects:view',
              'quotes:view', 'vehicles:view']::text[]
)
INSERT INTO role_permissions (company_id, role_id, permission_id)
SELECT r.company_id, r.id, p.id
FROM roles r
JOIN permissions p ON p.code = 'projects:budget'
WHERE r.id NOT IN (SELECT id FROM default_compagnons)
  AND EXISTS (
    SELECT 1 FROM role_permissions rp JOIN permissions held ON held.id = rp.permission_id
    WHERE rp.role_id = r.id AND held.code IN ('projects:view', 'admin:access'))
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The same roles as above: the INSERT gave nothing to them, their set is still the former default.
WITH default_compagnons AS (
  SELECT r.id
  FROM roles r
  WHERE r.name = 'Compagnon'
    AND (
      SELECT array_agg(p.code ORDER BY p.code)
      FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
      WHERE rp.role_id = r.id
    ) = ARRAY['calendar:view', 'dashboard:view', 'equipment:view', 'projects:execute', 'projects:view',
              'quotes:view', 'vehicles:view']::text[]
)
DELETE FROM role_permissions rp
USING permissions p
WHERE p.id = rp.permission_id
  AND p.code = 'quotes:view'
  AND rp.role_id IN (SELECT id FROM default_compagnons);
--> statement-breakpoint
-- Issue 32: the office is told of each new imprévu (docs/domain/projects.md#imprevus-notification).
ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_kind_check;
--> statement-breakpoint
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('quote_signed', 'project_issue'));
