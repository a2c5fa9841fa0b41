ALTER TABLE "quotes" ADD COLUMN "worksite_label" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "worksite_address" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "worksite_postal_code" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "worksite_city" text;