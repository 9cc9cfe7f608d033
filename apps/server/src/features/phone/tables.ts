import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountId, accounts, users } from '../../auth/tables.js';
import { createdAt, id } from '../../db/columns.js';
import { customers } from '../customers/tables.js';

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
    // The lead-sources report (decision 0054, third pass): an account's inbound calls by time,
    // with the number, read from the index alone.
    index('calls_direction_started_idx').on(
      t.accountId,
      t.direction,
      t.startedAt,
      t.counterpartNumber,
    ),
    index('calls_customer_idx').on(t.accountId, t.customerId),
    // The lead-sources report asks, per order, whether its customer's number called in the
    // days before it: one range probe each (decision 0033).
    index('calls_account_counterpart_started_idx').on(
      t.accountId,
      t.counterpartNumber,
      t.startedAt,
    ),
    index('calls_counterpart_trgm_idx').using('gin', t.counterpartNumber.op('gin_trgm_ops')),
  ],
);

const audioBytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Voicemail audio, copied from the carrier as soon as the recording is ready, so playback
 * survives restarts of the app and of the carrier's stand-in, on both engines (issue 15).
 */
export const callRecordings = pgTable('call_recordings', {
  callId: uuid('call_id')
    .primaryKey()
    .references(() => calls.id, { onDelete: 'cascade' }),
  accountId: accountId(),
  contentType: text('content_type').notNull(),
  audio: audioBytes('audio').notNull(),
  createdAt: createdAt(),
});

/**
 * Issue 24 item 4, missed-call text-back: off until the account turns it on; a template per
 * case (new caller, known caller with an order ahead, after hours). No row: the defaults.
 */
export const textBackSettings = pgTable('text_back_settings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  newCaller: text('new_caller').notNull(),
  knownCaller: text('known_caller').notNull(),
  afterHours: text('after_hours').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One claim per caller per local day of the account: whoever inserts it (one instance, one
 * delivery of the call's final status) queues the text; every other attempt finds it taken.
 */
export const missedCallTextBacks = pgTable(
  'missed_call_text_backs',
  {
    id: id(),
    accountId: accountId(),
    phoneNumber: text('phone_number').notNull(),
    /** The account's local day (YYYY-MM-DD) the call ended on. */
    localDay: text('local_day').notNull(),
    callSid: text('call_sid').notNull(),
    kind: text('kind', { enum: ['newCaller', 'knownCaller', 'afterHours'] }).notNull(),
    /** The queued text; null when it could not go (the reason says why, e.g. STOP). */
    messageId: uuid('message_id'),
    skippedReason: text('skipped_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('missed_call_text_backs_caller_day_idx').on(t.accountId, t.phoneNumber, t.localDay),
  ],
);
