CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"kind" text NOT NULL,
	"percent_bps" integer,
	"amount_cents" integer,
	"applies_to" text DEFAULT 'all' NOT NULL,
	"category_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"minimum_subtotal_cents" integer DEFAULT 0 NOT NULL,
	"valid_from" date,
	"valid_until" date,
	"date_basis" text DEFAULT 'event' NOT NULL,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"new_customers_only" boolean DEFAULT false NOT NULL,
	"channel" text DEFAULT 'both' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon" jsonb;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_account_code_idx" ON "coupons" USING btree ("account_id","code");--> statement-breakpoint
CREATE INDEX "coupons_account_created_idx" ON "coupons" USING btree ("account_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_account_coupon_idx" ON "orders" USING btree ("account_id","coupon_id","customer_id") WHERE "orders"."coupon_id" is not null;