import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountId, users } from '../../auth/tables.js';
import { createdAt, id } from '../../db/columns.js';
import { customers } from '../customers/tables.js';
import { orders } from '../orders/tables.js';

/**
 * Money received against orders and given back: a refund is a row of kind `refund` with a
 * negative amount, so a sum is what was kept. `of` keeps rental money and the refundable
 * security deposit apart on every movement (§0.2).
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    accountId: accountId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    method: text('method', {
      enum: ['card', 'cash', 'check', 'bank_transfer', 'terminal', 'store_credit'],
    }).notNull(),
    kind: text('kind', { enum: ['payment', 'refund'] })
      .notNull()
      .default('payment'),
    of: text('of', { enum: ['rental', 'deposit'] })
      .notNull()
      .default('rental'),
    note: text('note'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('payments_account_paid_idx').on(t.accountId, t.paidAt),
    index('payments_customer_idx').on(t.accountId, t.customerId),
    index('payments_order_idx').on(t.accountId, t.orderId),
  ],
);

/** §4: store credit, a ledger on the customer (credited by refunds, spent as a payment). */
export const customerCredits = pgTable(
  'customer_credits',
  {
    id: id(),
    accountId: accountId(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('customer_credits_customer_idx').on(t.accountId, t.customerId)],
);
