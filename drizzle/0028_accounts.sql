CREATE TABLE "account_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "plan" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "trial_ends_at" date;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_tokens_user_idx" ON "account_tokens" USING btree ("user_id","kind");--> statement-breakpoint
-- The one-time links of accounts (docs/domain/accounts.md#links): a company's own, or the platform's
-- (a SuperAdmin inviting a new company's first administrator works in the platform scope; the public
-- pages that open a link read it in the platform scope by the hash of its token, nothing else).
ALTER TABLE account_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE account_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON account_tokens
  USING (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()))
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_is_platform()));
--> statement-breakpoint
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_kind_check CHECK (kind IN ('invitation', 'password_reset'));
--> statement-breakpoint
ALTER TABLE companies ADD CONSTRAINT companies_plan_check
  CHECK (plan IN ('essai', 'standard', 'professionnel', 'entreprise'));
--> statement-breakpoint
-- The SuperAdmin's list of companies searches their names (a few hundred to a few thousand rows).
CREATE INDEX companies_name_trgm_idx ON companies USING gin (lower(name) gin_trgm_ops);
