import { index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountId } from '../../auth/tables.js';
import { id } from '../../db/columns.js';
import { customers } from '../customers/tables.js';
import { orders } from '../orders/tables.js';

export const cartSessions = pgTable(
  'cart_sessions',
  {
    id: id(),
    accountId: accountId(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    itemCount: integer('item_count').notNull(),
    valueCents: integer('value_cents').notNull(),
    convertedOrderId: uuid('converted_order_id').references(() => orders.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('cart_sessions_account_started_idx').on(t.accountId, t.startedAt),
    index('cart_sessions_customer_idx').on(t.accountId, t.customerId),
  ],
);
