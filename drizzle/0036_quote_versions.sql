-- Issue 31: what the client signs is what he was sent (docs/domain/quotes.md#sent-quotes-are-frozen,
-- docs/domain/signing.md#what-the-client-signs, docs/decisions/0018-frozen-sent-quotes.md).
ALTER TABLE "quotes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_signing_links" ADD COLUMN "quote_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_signing_links" ADD COLUMN "content" jsonb;--> statement-breakpoint
ALTER TABLE "quote_signing_links" ADD COLUMN "pdf" "bytea";--> statement-breakpoint
ALTER TABLE "quote_signing_links" ADD COLUMN "pdf_sha256" text;
