import { date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountId } from '../../auth/tables.js';
import { createdAt, id } from '../../db/columns.js';
import { customers } from '../customers/tables.js';

export const orders = pgTable(
  'orders',
  {
    id: id(),
    accountId: accountId(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: text('status', {
      enum: ['quote', 'confirmed', 'out', 'completed', 'cancelled'],
    }).notNull(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    totalCents: integer('total_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_account_number_idx').on(t.accountId, t.number),
    index('orders_account_created_idx').on(t.accountId, t.createdAt),
    index('orders_customer_idx').on(t.accountId, t.customerId),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    accountId: accountId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
  },
  (t) => [index('order_lines_order_idx').on(t.accountId, t.orderId)],
);

export const documents = pgTable(
  'documents',
  {
    id: id(),
    accountId: accountId(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['quote', 'invoice', 'contract', 'waiver'] }).notNull(),
    title: text('title').notNull(),
    status: text('status', {
      enum: ['draft', 'sent', 'viewed', 'signed', 'paid', 'void'],
    }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('documents_customer_idx').on(t.accountId, t.customerId, t.createdAt)],
);
