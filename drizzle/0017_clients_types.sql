CREATE TABLE "client_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"label" text,
	"address" text NOT NULL,
	"postal_code" text,
	"city" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"role" text,
	"phone" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "type" text DEFAULT 'particulier' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "civility" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "siret" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "client_addresses" ADD CONSTRAINT "client_addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_addresses" ADD CONSTRAINT "client_addresses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD CONSTRAINT "client_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD CONSTRAINT "client_contacts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_addresses_client_idx" ON "client_addresses" USING btree ("company_id","client_id","position");--> statement-breakpoint
CREATE INDEX "client_contacts_client_idx" ON "client_contacts" USING btree ("company_id","client_id","position");--> statement-breakpoint
CREATE INDEX "clients_company_email_idx" ON "clients" USING btree ("company_id",lower("email")) WHERE "clients"."email" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "clients_company_siren_idx" ON "clients" USING btree ("company_id",left("siret", 9)) WHERE "clients"."siret" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_type_check" CHECK ("clients"."type" IN ('particulier', 'professionnel'));--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_civility_check" CHECK ("clients"."civility" IS NULL OR "clients"."civility" IN ('M.', 'Mme'));--> statement-breakpoint
-- Tenant isolation (ADR 0003).
ALTER TABLE client_contacts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE client_contacts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON client_contacts
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
ALTER TABLE client_addresses ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE client_addresses FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON client_addresses
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
-- The clients written before types existed, typed by the rule of ADR 0012 — legacyIdentity() in
-- src/shared/client-rules.ts, the same words read the same way (a test runs both on the same names):
-- a name holding a legal form, an organisation's or a public body's word is a business of that name
-- (raison sociale); another is an individual, « M. Jean Dupont » / « Mme Claire Martin » split into
-- civility, first name (the word after it) and last name (the rest), any other name the last name
-- whole. The name itself is left as it is: nothing is lost, and it is the display name of the result.
CREATE FUNCTION clients_normalised_words(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT btrim(regexp_replace(lower(replace(replace(replace(replace(
             translate(value, 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿ',
                              'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOooooooUUUUuuuuYyy'),
             'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE')), '[^a-z0-9]+', ' ', 'g'))
  $$;
--> statement-breakpoint
CREATE FUNCTION clients_legacy_identity(name text)
  RETURNS TABLE (type text, civility text, first_name text, last_name text, company_name text)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT CASE WHEN r.business THEN 'professionnel' ELSE 'particulier' END,
           CASE WHEN NOT r.business THEN r.m[1] END,
           CASE WHEN NOT r.business AND r.m[3] IS NOT NULL THEN r.m[2] END,
           CASE WHEN r.business THEN NULL WHEN r.m IS NULL THEN name ELSE coalesce(r.m[3], r.m[2]) END,
           CASE WHEN r.business THEN name END
    FROM (SELECT string_to_array(clients_normalised_words(name), ' ') && ARRAY['sa', 'sas', 'sasu', 'sarl', 'eurl', 'sci', 'snc', 'scop', 'scp', 'scm', 'selarl', 'selas',
                   'gie', 'gaec', 'ei', 'eirl', 'societe', 'ste', 'ets', 'etablissements',
                   'entreprise', 'groupe', 'holding', 'cabinet', 'agence', 'office', 'association',
                   'asso', 'fondation', 'syndic', 'syndicat', 'copropriete', 'sdc', 'residence',
                   'mairie', 'commune', 'communaute', 'departement', 'region', 'prefecture',
                   'ecole', 'college', 'lycee', 'universite', 'creche', 'hopital', 'clinique',
                   'ehpad', 'paroisse', 'restaurant', 'hotel', 'boulangerie', 'pharmacie',
                   'garage', 'camping']::text[] AS business,
                 regexp_match(name, '^(M\.|Mme) (\S+)(?: (.+))?$') AS m) AS r
  $$;
--> statement-breakpoint
SELECT set_config('app.platform', 'on', true);
--> statement-breakpoint
UPDATE clients c
SET (type, civility, first_name, last_name, company_name) = (SELECT * FROM clients_legacy_identity(c.name));
--> statement-breakpoint
SELECT set_config('app.platform', 'off', true);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_identity_check" CHECK (("clients"."type" = 'particulier' AND "clients"."last_name" IS NOT NULL AND "clients"."company_name" IS NULL)
        OR ("clients"."type" = 'professionnel' AND "clients"."company_name" IS NOT NULL AND "clients"."last_name" IS NULL
            AND "clients"."first_name" IS NULL AND "clients"."civility" IS NULL));