import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountId } from '../../auth/tables.js';
import { id } from '../../db/columns.js';
import { customers } from '../customers/tables.js';
import { orders } from '../orders/tables.js';

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
    method: text('method', { enum: ['card', 'cash', 'check', 'bank_transfer'] }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('payments_account_paid_idx').on(t.accountId, t.paidAt),
    index('payments_customer_idx').on(t.accountId, t.customerId),
  ],
);
