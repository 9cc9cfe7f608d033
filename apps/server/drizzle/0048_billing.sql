CREATE TABLE "account_billing" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"processor_customer_id" text NOT NULL,
	"subscription_id" text,
	"subscription_status" text,
	"subscription_tier" text,
	"current_period_end" timestamp with time zone,
	"scheduled_tier" text,
	"payment_method_id" text,
	"card_brand" text,
	"card_last4" text,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_billing" ADD CONSTRAINT "account_billing_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_billing_customer_idx" ON "account_billing" USING btree ("processor_customer_id");