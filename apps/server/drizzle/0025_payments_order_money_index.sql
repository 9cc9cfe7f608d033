DROP INDEX "payments_order_idx";--> statement-breakpoint
CREATE INDEX "payments_order_money_idx" ON "payments" USING btree ("account_id","order_id","of","paid_at","amount_cents");