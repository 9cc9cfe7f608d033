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
    // The member's own mobile, which click-to-call rings first (spec §6 mobile forwarding).
    mobilePhoneNumber: text('mobile_phone_number'),
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
    // The list's default order (by name), so a page needs no sort of the whole account.
    index('customers_account_name_idx').on(t.accountId, t.lastName, t.firstName, t.id),
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

// Reach: an account's business number at the carrier (spec §3 phone info).
export const phoneServices = pgTable('phone_services', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  phoneNumber: text('phone_number').unique(),
  numberSid: text('number_sid'),
  twimlAppSid: text('twiml_app_sid'),
  enabled: boolean('enabled').notNull().default(true),
  // 'approved' or 'success' means texts may be sent (spec §6); A2P registration otherwise.
  messagingStatus: text('messaging_status'),
  createdAt: createdAt(),
});

// spec §3 phone settings, one row per account.
export const phoneSettings = pgTable('phone_settings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  voicemailText: text('voicemail_text').notNull(),
  showCallerId: boolean('show_caller_id').notNull().default(true),
  forwardIncomingCallsToMobile: boolean('forward_incoming_calls_to_mobile')
    .notNull()
    .default(false),
  forwardIncomingCallsTo: text('forward_incoming_calls_to')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  forwardIncomingMessagesToMobile: boolean('forward_incoming_messages_to_mobile')
    .notNull()
    .default(false),
  forwardIncomingMessagesTo: text('forward_incoming_messages_to')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  mobileClickToCall: boolean('mobile_click_to_call').notNull().default(false),
  forwardIncomingMessagesToSlack: boolean('forward_incoming_messages_to_slack')
    .notNull()
    .default(false),
  slackWebhookUrl: text('slack_webhook_url'),
  slackChannelName: text('slack_channel_name'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// The call log: one row per call at the business (the parent leg), kept current by the
// carrier's status callbacks.
export const calls = pgTable(
  'calls',
  {
    id: id(),
    accountId: accountId(),
    callSid: text('call_sid').notNull(),
    direction: text('direction', { enum: ['inbound', 'outbound'] }).notNull(),
    // How an outbound call was placed: the browser, or the user's own mobile first.
    via: text('via', { enum: ['browser', 'mobile', 'pstn'] }).notNull(),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    // The customer's side of the call, normalised, for matching and search.
    counterpartNumber: text('counterpart_number').notNull(),
    status: text('status').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    placedByUserId: uuid('placed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    answeredByUserId: uuid('answered_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    answeredByNumber: text('answered_by_number'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    durationSeconds: integer('duration_seconds'),
    voicemailRecordingSid: text('voicemail_recording_sid'),
    voicemailUrl: text('voicemail_url'),
    voicemailDurationSeconds: integer('voicemail_duration_seconds'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Call SIDs are the carrier's, unique across accounts; webhooks find calls by them.
    uniqueIndex('calls_sid_idx').on(t.callSid),
    index('calls_account_started_idx').on(t.accountId, t.startedAt),
    index('calls_customer_idx').on(t.accountId, t.customerId),
    index('calls_counterpart_trgm_idx').using('gin', t.counterpartNumber.op('gin_trgm_ops')),
  ],
);

// Webhook deliveries already handled, by the carrier's idempotency token: a retried
// delivery is answered without being applied twice.
export const webhookReceipts = pgTable('webhook_receipts', {
  token: text('token').primaryKey(),
  receivedAt: createdAt(),
});

// Reach texting: one conversation per account and the other party's number.
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    accountId: accountId(),
    phoneNumber: text('phone_number').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    unreadCount: integer('unread_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessagePreview: text('last_message_preview'),
    lastMessageDirection: text('last_message_direction', { enum: ['inbound', 'outbound'] }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_account_phone_idx').on(t.accountId, t.phoneNumber),
    // The list's order (newest text first, spec §7), so its first page reads 100 index entries
    // instead of sorting every conversation of the account (decision 0012).
    index('conversations_account_last_idx').on(
      t.accountId,
      t.lastMessageAt.desc().nullsLast(),
      t.createdAt.desc().nullsFirst(),
    ),
    index('conversations_customer_idx').on(t.accountId, t.customerId),
    index('conversations_phone_trgm_idx').using('gin', t.phoneNumber.op('gin_trgm_ops')),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    accountId: accountId(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['inbound', 'outbound'] }).notNull(),
    body: text('body').notNull(),
    // queued → sent → delivered, or undelivered / failed with the carrier's error.
    status: text('status').notNull(),
    providerSid: text('provider_sid'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    sentByUserId: uuid('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_account_sid_idx')
      .on(t.accountId, t.providerSid)
      .where(sql`${t.providerSid} is not null`),
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('messages_body_trgm_idx').using('gin', t.body.op('gin_trgm_ops')),
  ],
);

// Numbers that texted STOP (or similar) to an account's number; START removes them.
export const smsOptOuts = pgTable(
  'sms_opt_outs',
  {
    accountId: accountId(),
    phoneNumber: text('phone_number').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.phoneNumber] })],
);

// Work with side effects outside the request (send a text, forward one, post to Slack):
// written in the same transaction as the change that causes it, run by any instance with
// FOR UPDATE SKIP LOCKED, retried with backoff, never lost on a crash.
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    // One job per effect: a repeated webhook cannot queue the same forward twice.
    dedupeKey: text('dedupe_key').notNull().unique(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
  ],
);
