import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /**
     * The card processor's id of this movement (a PaymentIntent for a payment or a capture, a
     * Refund for a refund): one row per id, so a webhook and the request that caused it, or a
     * retry, can never record the same money twice.
     */
    providerRef: text('provider_ref'),
    /** A card refund: the PaymentIntent it gives money back from (its payment's provider_ref). */
    refundOf: text('refund_of'),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_idx')
      .on(t.accountId, t.providerRef)
      .where(sql`provider_ref is not null`),
    index('payments_account_paid_idx').on(t.accountId, t.paidAt),
    index('payments_customer_idx').on(t.accountId, t.customerId),
    // An order's payments, with what the reports sum (which money, when, how much) in the
    // index itself: a balance or a year's deposits read no table rows (decision 0033).
    index('payments_order_money_idx').on(t.accountId, t.orderId, t.of, t.paidAt, t.amountCents),
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

/**
 * §6: a pay link, a Checkout Session for an amount of an order (the booking deposit, the
 * balance, or any amount), shown on the customer's page or sent to them. Paid once: its
 * payment is the row in `payments` with the session's PaymentIntent as `provider_ref`.
 */
export const payLinks = pgTable(
  'pay_links',
  {
    id: id(),
    accountId: accountId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['deposit', 'balance', 'custom'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['open', 'paid', 'expired'] })
      .notNull()
      .default('open'),
    checkoutSessionId: text('checkout_session_id').unique(),
    url: text('url'),
    paymentIntentId: text('payment_intent_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('pay_links_order_idx').on(t.accountId, t.orderId, t.createdAt),
    index('pay_links_open_idx').on(t.status, t.createdAt),
  ],
);

/** Every Stripe event handled, by its id: a redelivered event is answered and not handled again. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A customer's saved card (a Checkout setup session), at the processor: its Customer and
 * PaymentMethod. One per customer; saving another replaces it.
 */
export const cardsOnFile = pgTable(
  'cards_on_file',
  {
    id: id(),
    accountId: accountId(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    processorCustomerId: text('processor_customer_id').notNull(),
    paymentMethodId: text('payment_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('cards_on_file_customer_idx').on(t.accountId, t.customerId)],
);

/**
 * The automatic charges of an order to the card on file: the balance (`autopay`) and the
 * security deposit hold (`hold`), each at most once per order (the unique index), whichever
 * instance's job gets there first.
 */
export const orderCardCharges = pgTable(
  'order_card_charges',
  {
    id: id(),
    accountId: accountId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['autopay', 'hold'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', {
      enum: ['pending', 'succeeded', 'held', 'captured', 'released', 'failed'],
    }).notNull(),
    paymentIntentId: text('payment_intent_id'),
    capturedCents: integer('captured_cents').notNull().default(0),
    failure: text('failure'),
    note: text('note'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('order_card_charges_once_idx').on(t.orderId, t.kind)],
);
