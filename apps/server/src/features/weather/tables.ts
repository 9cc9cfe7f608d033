import type { WeatherPolicy, WeatherReason } from '@tentpole/domain';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountId, accounts, users } from '../../auth/tables.js';
import { createdAt, id } from '../../db/columns.js';
import { orders } from '../orders/tables.js';

/** Issue 24 item 6: the account's weather policy (none: the defaults) and its last check. */
export const weatherPolicies = pgTable('weather_policies', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  policy: jsonb('policy').$type<WeatherPolicy>(),
  /** The last check's end and how many orders it looked at (null: never checked). */
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  checkedOrders: integer('checked_orders').notNull().default(0),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An order the last check found at risk, with the forecast's reasons (each with its worst
 * hour). A check replaces the rows of the orders it looked at: one row per order, always the
 * latest forecast.
 */
export const weatherRisks = pgTable(
  'weather_risks',
  {
    id: id(),
    accountId: accountId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The event's start the forecast was read for (an order moved since is checked again). */
    eventStart: timestamp('event_start', { withTimezone: true }).notNull(),
    reasons: jsonb('reasons').$type<WeatherReason[]>().notNull(),
    worstAt: timestamp('worst_at', { withTimezone: true }).notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('weather_risks_order_idx').on(t.orderId),
    index('weather_risks_account_idx').on(t.accountId),
  ],
);

/**
 * The options texted to a flagged order's customer, once per order and event date (the unique
 * index is what makes two clicks, or two servers, text once), and what their reply did.
 */
export const weatherOffers = pgTable(
  'weather_offers',
  {
    id: id(),
    accountId: accountId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The event's start when offered: the offer is about that date. */
    eventStart: timestamp('event_start', { withTimezone: true }).notNull(),
    /** The customer's number (normalised) the reply comes from. */
    phoneNumber: text('phone_number'),
    state: text('state', {
      // 'applying': a reply claimed it and is being applied (a second reply finds it taken).
      enum: ['pending', 'applying', 'kept', 'moved', 'credited', 'not_sent', 'move_failed'],
    }).notNull(),
    /** Why it was not texted, or why a reply could not be applied. */
    note: text('note'),
    reasons: jsonb('reasons').$type<WeatherReason[]>().notNull(),
    /** Option 2: the date offered (same local times), how many days later; null: none free. */
    moveTo: timestamp('move_to', { withTimezone: true }),
    moveDays: integer('move_days'),
    /** Option 3: the rain-check credit when offered (the rental money paid). */
    creditCents: integer('credit_cents').notNull().default(0),
    /** The offer's text in the conversation, and the reply that answered it. */
    messageId: uuid('message_id'),
    replyMessageId: uuid('reply_message_id'),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('weather_offers_order_event_idx').on(t.orderId, t.eventStart),
    index('weather_offers_account_phone_idx').on(t.accountId, t.phoneNumber, t.state),
  ],
);
