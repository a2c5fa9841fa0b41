ALTER TABLE "companies" ADD COLUMN "default_tax_rate" numeric(5, 2) DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_items" ADD COLUMN "kind" text DEFAULT 'item' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_items" ADD COLUMN "cost_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "quote_items" ADD COLUMN "library_item_id" uuid;--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_library_item_id_library_items_id_fk" FOREIGN KEY ("library_item_id") REFERENCES "public"."library_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_items_library_item_idx" ON "quote_items" USING btree ("library_item_id") WHERE "quote_items"."library_item_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_kind_check" CHECK ("quote_items"."kind" IN ('item', 'section', 'text'));