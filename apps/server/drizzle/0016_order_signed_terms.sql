ALTER TABLE "orders" ADD COLUMN "signed_terms" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "changes_pending_since" timestamp with time zone;