import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountId } from '../../auth/tables.js';
import { createdAt, id } from '../../db/columns.js';
import { customers } from '../customers/tables.js';
import { orders } from '../orders/tables.js';

/**
 * Every e-mail Tentpole sends, stored with its send job in the transaction of the change that
 * causes it, so none is lost; its status is kept (queued, sent, failed with the reason).
 */
export const emails = pgTable(
  'emails',
  {
    id: id(),
    accountId: accountId(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    failure: text('failure'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('emails_account_created_idx').on(t.accountId, t.createdAt),
    index('emails_order_idx').on(t.accountId, t.orderId),
  ],
);
