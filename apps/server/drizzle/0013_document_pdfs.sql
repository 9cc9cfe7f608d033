ALTER TABLE "documents" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "pdf" "bytea";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "sha256" text;--> statement-breakpoint
CREATE INDEX "documents_order_idx" ON "documents" USING btree ("account_id","order_id","kind","revision");