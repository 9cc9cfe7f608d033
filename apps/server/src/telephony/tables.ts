import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';

// Webhook deliveries already handled, by the carrier's idempotency token: a retried
// delivery is answered without being applied twice.
export const webhookReceipts = pgTable('webhook_receipts', {
  token: text('token').primaryKey(),
  receivedAt: createdAt(),
});
