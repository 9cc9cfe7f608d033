CREATE TABLE "weather_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"event_start" timestamp with time zone NOT NULL,
	"phone_number" text,
	"state" text NOT NULL,
	"note" text,
	"reasons" jsonb NOT NULL,
	"move_to" timestamp with time zone,
	"move_days" integer,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"message_id" uuid,
	"reply_message_id" uuid,
	"sent_by" uuid,
	"sent_at" timestamp with time zone,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weather_policies" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"policy" jsonb,
	"checked_at" timestamp with time zone,
	"checked_orders" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weather_risks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"event_start" timestamp with time zone NOT NULL,
	"reasons" jsonb NOT NULL,
	"worst_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "weather_offers" ADD CONSTRAINT "weather_offers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_offers" ADD CONSTRAINT "weather_offers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_offers" ADD CONSTRAINT "weather_offers_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_policies" ADD CONSTRAINT "weather_policies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_policies" ADD CONSTRAINT "weather_policies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_risks" ADD CONSTRAINT "weather_risks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_risks" ADD CONSTRAINT "weather_risks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "weather_offers_order_event_idx" ON "weather_offers" USING btree ("order_id","event_start");--> statement-breakpoint
CREATE INDEX "weather_offers_account_phone_idx" ON "weather_offers" USING btree ("account_id","phone_number","state");--> statement-breakpoint
CREATE UNIQUE INDEX "weather_risks_order_idx" ON "weather_risks" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "weather_risks_account_idx" ON "weather_risks" USING btree ("account_id");