import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
// Every tenant table carries account_id; queries are scoped by it in the where-clause.
const accountId = () =>
  uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const accounts = pgTable('accounts', {
  id: id(),
  name: text('name').notNull(),
  logo: text('logo'),
  planLevel: text('plan_level').notNull().default('free'),
  trialEndDate: date('trial_end_date', { mode: 'string' }),
  settings: jsonb('settings').$type<Record<string, unknown>>(),
  createdAt: createdAt(),
});

export const memberships = pgTable(
  'memberships',
  {
    accountId: accountId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['holder', 'member'] }).notNull(),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId] }),
    index('memberships_user_idx').on(t.userId),
  ],
);

export const customers = pgTable(
  'customers',
  {
    id: id(),
    accountId: accountId(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    phoneNumber: text('phone_number'),
    internalNotes: text('internal_notes'),
    points: integer('points').notNull().default(0),
    banned: boolean('banned').notNull().default(false),
    reference: text('reference'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // What customer search matches words against, kept by the database itself.
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(company, '') || ' ' || coalesce(reference, ''))`,
      ),
  },
  (t) => [
    index('customers_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('customers_phone_trgm_idx').using('gin', t.phoneNumber.op('gin_trgm_ops')),
    uniqueIndex('customers_account_email_idx').on(t.accountId, sql`lower(${t.email})`),
    uniqueIndex('customers_account_phone_idx')
      .on(t.accountId, t.phoneNumber)
      .where(sql`${t.phoneNumber} is not null`),
    index('customers_account_created_idx').on(t.accountId, t.createdAt),
  ],
);

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

// Things that happened with a customer that no other table records (a note, an e-mail
// opened, a call made outside Reach). The journey view merges these with the rows of
// the other tables.
export const customerJourneyEvents = pgTable(
  'customer_journey_events',
  {
    id: id(),
    accountId: accountId(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    detail: text('detail'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('journey_customer_idx').on(t.accountId, t.customerId, t.occurredAt)],
);

// Failed sign-ins, for the per-e-mail and per-address rate limit. Kept in the database so
// that every server instance sees the same counts.
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: id(),
    email: text('email').notNull(),
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sign_in_failures_email_idx').on(t.email, t.createdAt),
    index('sign_in_failures_address_idx').on(t.address, t.createdAt),
  ],
);
