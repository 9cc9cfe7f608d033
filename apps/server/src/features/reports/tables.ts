import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountId } from '../../auth/tables.js';
import { orders } from '../orders/tables.js';
import { payments } from '../payments/tables.js';

/**
 * The utilisation report's rollup (decision 0054): one row per order line that names a product,
 * with what the report sums and its order's status and event start beside it, so a year of
 * utilisation is read from two indexes of this table alone, never joined to the orders.
 *
 * Kept by the database, not by the code that writes lines: triggers on `order_lines` (a line
 * written, changed or deleted) and on `orders` (its status or event start changed) write it in
 * the same transaction as the change (migration 0041). Never written by the app.
 */
export const utilisationLines = pgTable(
  'utilisation_lines',
  {
    /** The order line's id. */
    lineId: uuid('line_id').primaryKey(),
    accountId: accountId(),
    orderId: uuid('order_id').notNull(),
    productId: uuid('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    reservedFrom: timestamp('reserved_from', { withTimezone: true }),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    /** Quantity × unit price of a `product` line (its rental revenue); null for other kinds. */
    revenueCents: bigint('revenue_cents', { mode: 'number' }),
    /** The order's status and event start, as of the last change to either. */
    status: text('status').notNull(),
    eventStart: timestamp('event_start', { withTimezone: true }),
  },
  (t) => [
    // Days out: the lines held across a range, with what is summed (status last, filtered).
    index('utilisation_lines_range_idx')
      .on(
        t.accountId,
        t.reservedUntil,
        t.reservedFrom,
        t.productId,
        t.orderId,
        t.quantity,
        t.status,
      )
      .where(sql`${t.reservedUntil} is not null`),
    // Revenue: the product lines of the orders whose event starts in a range.
    index('utilisation_lines_event_idx')
      .on(t.accountId, t.eventStart, t.status, t.productId, t.revenueCents)
      .where(sql`${t.revenueCents} is not null`),
    // The order trigger's update of an order's lines.
    index('utilisation_lines_order_idx').on(t.orderId),
  ],
);

/**
 * The money reports' narrow copy of each order (decision 0054): what they filter and sum, with
 * the totals already read out of the order's `totals` (total: `totals.total`, else
 * `total_cents`; tax and taxable base: 0 when absent). An order row is about 450 bytes, most
 * of it JSON; this one is about 100, so a year of payments meets it in a fraction of the time.
 *
 * Kept by a trigger on `orders` (inserted, or a column it copies changed) in the same
 * transaction (migration 0041); deleted with its order. Never written by the app.
 */
export const reportOrders = pgTable(
  'report_orders',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    accountId: accountId(),
    customerId: uuid('customer_id').notNull(),
    /** The order's number: a CSV page of deposits held walks the orders by it (migration 0044). */
    number: integer('number').notNull(),
    status: text('status').notNull(),
    taxExempt: boolean('tax_exempt').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull(),
    taxableCents: bigint('taxable_cents', { mode: 'number' }).notNull(),
    eventStart: timestamp('event_start', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * Rental money received for the order, refunds net, ever (decision 0054, migration 0044):
     * kept by the trigger on `payments`. Receivables subtract what was paid after their moment
     * instead of summing every payment before it.
     */
    rentalPaidCents: bigint('rental_paid_cents', { mode: 'number' }).notNull().default(0),
    /** Where the order came from, as written (lead sources; migration 0044). */
    referralSource: text('referral_source'),
    /**
     * The ends of the order's delivery and pickup windows as written in its JSON (deliveries:
     * on time is done by then; migration 0044). Text, cast when read: a malformed window fails
     * the report, as it did when the report read the order, not the order's write.
     */
    deliveryDue: text('delivery_due'),
    pickupDue: text('pickup_due'),
  },
  (t) => [
    // Lead sources: the orders made in a range, with what they count (an index-only scan, not
    // a year of the table's pages; decision 0054, third pass, migration 0045).
    index('report_orders_created_idx').on(
      t.accountId,
      t.createdAt,
      t.status,
      t.customerId,
      t.totalCents,
      t.taxCents,
      t.referralSource,
      t.orderId,
    ),
    // A CSV page of receivables walks the orders by number and stops at its end (third pass).
    index('report_orders_number_idx').on(t.accountId, t.number),
    // Accrual revenue and sales tax: the orders whose event starts in a range, with their money.
    index('report_orders_event_idx').on(
      t.accountId,
      t.eventStart,
      t.status,
      t.taxExempt,
      t.totalCents,
      t.taxCents,
      t.taxableCents,
    ),
  ],
);

/**
 * The cash reports' copy of each payment and refund (decision 0054, migration 0044): the
 * movement with its share of its order's tax and taxable base already worked out (rounded per
 * payment; none for a cancelled order's money, a security deposit or an order totalling 0), and
 * its order's status, tax exemption and event start beside it. Revenue and sales tax on cash
 * and deposits held read a year of it from one index each, never meeting the orders.
 *
 * Kept by triggers in the same transaction as the change: on `payments` (a movement written or
 * changed; deleted with it) and on `orders` (a change to what the shares or the columns copy).
 * Never written by the app.
 */
export const reportPayments = pgTable(
  'report_payments',
  {
    paymentId: uuid('payment_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'cascade' }),
    accountId: accountId(),
    orderId: uuid('order_id').notNull(),
    of: text('of').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The payment's share of its order's tax and taxable base. */
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull(),
    taxableCents: bigint('taxable_cents', { mode: 'number' }).notNull(),
    /** The order's, as of the last change to it. */
    taxExempt: boolean('tax_exempt').notNull(),
    status: text('status').notNull(),
    eventStart: timestamp('event_start', { withTimezone: true }),
  },
  (t) => [
    // Cash revenue and sales tax (rental money by the day it moved) and security deposits
    // received before a moment: what is summed is in the index.
    index('report_payments_paid_idx').on(
      t.accountId,
      t.of,
      t.paidAt,
      t.orderId,
      t.amountCents,
      t.taxCents,
      t.taxableCents,
      t.taxExempt,
    ),
    // Deposits held: the rental money of the orders whose event is still to come.
    index('report_payments_event_idx')
      .on(t.accountId, t.eventStart, t.status, t.paidAt, t.orderId, t.amountCents)
      .where(sql`${t.of} = 'rental'`),
    // The order trigger's update of an order's payments.
    index('report_payments_order_idx').on(t.orderId),
  ],
);

/**
 * The deliveries report's copy of each stop done (decision 0054, third pass, migration 0045):
 * every "delivered" or "picked up" event of an order's stop, with the end of the order's window
 * for that stop as written (the pickup window's for a pickup, else the delivery window's; text,
 * cast when read, so a malformed window fails the report, not the write). A stop's first done
 * in a range is read from one index in stop order, never sorted and never joined to the orders.
 * Only events whose order exists in the event's account are copied (the report counted no other).
 *
 * Kept by triggers in the same transaction as the change: on `stop_events` (an event written,
 * changed or deleted) and on `orders` (its windows or account changed); deleted with its order.
 * Never written by the app.
 */
export const reportStopEvents = pgTable(
  'report_stop_events',
  {
    accountId: accountId(),
    /** The stop event's id (unique within its account). */
    eventId: uuid('event_id').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    stopKind: text('stop_kind'),
    day: date('day', { mode: 'string' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The end of the order's window for this stop, as of the last change to either. */
    due: text('due'),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.eventId] }),
    // Deliveries: each stop's events in the order they happened, with what is counted.
    index('report_stop_events_stop_idx').on(
      t.accountId,
      t.orderId,
      t.stopKind,
      t.occurredAt,
      t.day,
      t.due,
    ),
  ],
);
