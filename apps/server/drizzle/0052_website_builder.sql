CREATE TABLE "website_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"slug" text,
	"is_home" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"seo_title" text DEFAULT '' NOT NULL,
	"seo_description" text DEFAULT '' NOT NULL,
	"draft_sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_sections" jsonb,
	"published_title" text,
	"published_seo_title" text,
	"published_seo_description" text,
	"published_at" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "website_images" ADD CONSTRAINT "website_images_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_pages" ADD CONSTRAINT "website_pages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "website_images_account_idx" ON "website_images" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "website_pages_account_slug_idx" ON "website_pages" USING btree ("account_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "website_pages_one_home_idx" ON "website_pages" USING btree ("account_id") WHERE "website_pages"."is_home";--> statement-breakpoint
CREATE INDEX "website_pages_account_position_idx" ON "website_pages" USING btree ("account_id","position");