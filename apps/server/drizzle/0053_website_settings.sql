ALTER TABLE "store_settings" ADD COLUMN "font" text DEFAULT 'modern' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "checkout_mode" text DEFAULT 'both' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "custom_domain" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "domain_token" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "domain_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "store_settings_custom_domain_idx" ON "store_settings" USING btree ("custom_domain") WHERE "store_settings"."custom_domain" is not null;