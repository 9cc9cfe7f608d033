CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"call_sid" text NOT NULL,
	"direction" text NOT NULL,
	"via" text NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"counterpart_number" text NOT NULL,
	"status" text NOT NULL,
	"customer_id" uuid,
	"placed_by_user_id" uuid,
	"answered_by_user_id" uuid,
	"answered_by_number" text,
	"started_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration_seconds" integer,
	"voicemail_recording_sid" text,
	"voicemail_url" text,
	"voicemail_duration_seconds" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_services" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"phone_number" text,
	"number_sid" text,
	"twiml_app_sid" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"messaging_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_services_phone_number_unique" UNIQUE("phone_number")
);
--> statement-breakpoint
CREATE TABLE "phone_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"voicemail_text" text NOT NULL,
	"show_caller_id" boolean DEFAULT true NOT NULL,
	"forward_incoming_calls_to_mobile" boolean DEFAULT false NOT NULL,
	"forward_incoming_calls_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"forward_incoming_messages_to_mobile" boolean DEFAULT false NOT NULL,
	"forward_incoming_messages_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"mobile_click_to_call" boolean DEFAULT false NOT NULL,
	"forward_incoming_messages_to_slack" boolean DEFAULT false NOT NULL,
	"slack_webhook_url" text,
	"slack_channel_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_receipts" (
	"token" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "mobile_phone_number" text;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_placed_by_user_id_users_id_fk" FOREIGN KEY ("placed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_answered_by_user_id_users_id_fk" FOREIGN KEY ("answered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_services" ADD CONSTRAINT "phone_services_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_settings" ADD CONSTRAINT "phone_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calls_sid_idx" ON "calls" USING btree ("call_sid");--> statement-breakpoint
CREATE INDEX "calls_account_started_idx" ON "calls" USING btree ("account_id","started_at");--> statement-breakpoint
CREATE INDEX "calls_customer_idx" ON "calls" USING btree ("account_id","customer_id");--> statement-breakpoint
CREATE INDEX "calls_counterpart_trgm_idx" ON "calls" USING gin ("counterpart_number" gin_trgm_ops);