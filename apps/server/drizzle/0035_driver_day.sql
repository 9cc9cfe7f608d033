CREATE TABLE "delivery_crews" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_crews_account_id_day_vehicle_id_user_id_pk" PRIMARY KEY("account_id","day","vehicle_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "stop_events" (
	"account_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"day" date NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"order_id" uuid,
	"stop_kind" text,
	"action" text NOT NULL,
	"user_id" uuid,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stop_events_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "stop_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"full" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_crews" ADD CONSTRAINT "delivery_crews_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_crews" ADD CONSTRAINT "delivery_crews_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_crews" ADD CONSTRAINT "delivery_crews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_events" ADD CONSTRAINT "stop_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_events" ADD CONSTRAINT "stop_events_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_events" ADD CONSTRAINT "stop_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_events" ADD CONSTRAINT "stop_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_files" ADD CONSTRAINT "stop_files_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_crews_user_idx" ON "delivery_crews" USING btree ("account_id","user_id","day");--> statement-breakpoint
CREATE INDEX "stop_events_day_idx" ON "stop_events" USING btree ("account_id","day","vehicle_id","occurred_at");--> statement-breakpoint
CREATE INDEX "stop_events_order_idx" ON "stop_events" USING btree ("account_id","order_id");--> statement-breakpoint
CREATE INDEX "stop_files_event_idx" ON "stop_files" USING btree ("account_id","event_id");