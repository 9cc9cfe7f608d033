-- The conversation list's own order (last text newest first, then newest conversation), so
-- its first page is read from the index instead of sorting every conversation (decision 0012).
DROP INDEX "conversations_account_last_idx";--> statement-breakpoint
CREATE INDEX "conversations_account_last_idx" ON "conversations" USING btree ("account_id","last_message_at" DESC NULLS LAST,"created_at" DESC NULLS FIRST);