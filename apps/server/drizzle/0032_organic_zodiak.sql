CREATE TABLE "cart_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cart_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"chosen" boolean NOT NULL,
	"unit_price_cents" integer DEFAULT 0 NOT NULL,
	"reserved_from" timestamp with time zone NOT NULL,
	"reserved_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"hold_minutes" integer DEFAULT 30 NOT NULL,
	"colour" text DEFAULT '#4f46e5' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_sessions" ADD COLUMN "token" text;--> statement-breakpoint
ALTER TABLE "cart_sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cart_sessions" ADD COLUMN "event_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cart_sessions" ADD COLUMN "event_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cart_sessions" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "cart_sessions" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cart_sessions" ADD COLUMN "contact" jsonb;--> statement-breakpoint
ALTER TABLE "cart_sessions" ADD COLUMN "abandoned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_id_cart_sessions_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."cart_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_lines_cart_idx" ON "cart_lines" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "cart_lines_product_range_idx" ON "cart_lines" USING btree ("product_id","reserved_until","reserved_from");--> statement-breakpoint
CREATE UNIQUE INDEX "store_settings_slug_idx" ON "store_settings" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_sessions_token_idx" ON "cart_sessions" USING btree ("token") WHERE "cart_sessions"."token" is not null;