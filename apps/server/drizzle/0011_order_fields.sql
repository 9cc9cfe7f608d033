CREATE TABLE "order_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "event_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "event_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment" text DEFAULT 'delivery' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "address" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "surface_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_window" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_window" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "damage_waiver" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "notes" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referral_source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "totals" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "settings_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "order_activity" ADD CONSTRAINT "order_activity_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_activity" ADD CONSTRAINT "order_activity_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_activity" ADD CONSTRAINT "order_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_activity_order_idx" ON "order_activity" USING btree ("account_id","order_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_surface_id_surfaces_id_fk" FOREIGN KEY ("surface_id") REFERENCES "public"."surfaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_account_event_idx" ON "orders" USING btree ("account_id","event_start");--> statement-breakpoint
CREATE INDEX "orders_account_status_event_idx" ON "orders" USING btree ("account_id","status","event_start");--> statement-breakpoint
-- Orders made before this migration had only a day: their event runs 10:00 to 18:00 there.
UPDATE "orders" o SET
  "event_start" = (o."event_date" + time '10:00') AT TIME ZONE z.tz,
  "event_end" = (o."event_date" + time '18:00') AT TIME ZONE z.tz
FROM (
  SELECT a."id", CASE WHEN EXISTS (SELECT 1 FROM pg_timezone_names n WHERE n.name = a."settings"->>'timezone')
    THEN a."settings"->>'timezone' ELSE 'UTC' END AS tz
  FROM "accounts" a
) z
WHERE z."id" = o."account_id" AND o."event_start" IS NULL;
