CREATE TABLE "short_links" (
	"code" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"target" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "short_links_account_target_idx" ON "short_links" USING btree ("account_id","target");