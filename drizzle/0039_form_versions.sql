-- The versions of the settings page's forms, saved apart (ADR 0024): a save of the identity never makes
-- the commercial settings or the message templates stale, nor the reverse.
ALTER TABLE "companies" ADD COLUMN "info_updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "settings_updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "message_templates_updated_at" timestamp with time zone DEFAULT now() NOT NULL;
