import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountId } from '../../auth/tables.js';
import { createdAt, id } from '../../db/columns.js';
import { customers } from '../customers/tables.js';
import { products } from '../inventory/tables.js';

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
      enum: [
        'draft',
        'quote',
        'hold',
        'reserved',
        'confirmed',
        'out',
        'returned',
        'completed',
        'cancelled',
      ],
    }).notNull(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    /** A `hold` holds stock until then; past it, it holds nothing (§4). */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
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
    /** §4: a product or bundle line, a fee, or a component the line above brought with it. */
    kind: text('kind', { enum: ['product', 'component', 'fee', 'discount'] })
      .notNull()
      .default('product'),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'restrict' }),
    parentLineId: uuid('parent_line_id').references((): AnyPgColumn => orderLines.id, {
      onDelete: 'cascade',
    }),
    /**
     * §3: the range the line holds its product over (buffers and recovery included), computed
     * when it is saved so a later change of buffers never creates a silent conflict.
     */
    reservedFrom: timestamp('reserved_from', { withTimezone: true }),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
  },
  (t) => [
    index('order_lines_order_idx').on(t.accountId, t.orderId),
    // Availability's one read: the lines of these products whose range reaches past a moment.
    index('order_lines_product_range_idx')
      .on(t.productId, t.reservedUntil, t.reservedFrom)
      .where(sql`${t.productId} is not null`),
  ],
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
