import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { accountId, users } from '../../auth/tables.js';
import { createdAt, id } from '../../db/columns.js';
import { customers } from '../customers/tables.js';
import { orders } from '../orders/tables.js';

/**
 * Every e-mail Tentpole sends, stored with its send job in the transaction of the change that
 * causes it, so none is lost; its status is kept (queued, sent, failed with the reason).
 */
export const emails = pgTable(
  'emails',
  {
    id: id(),
    accountId: accountId(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    failure: text('failure'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('emails_account_created_idx').on(t.accountId, t.createdAt),
    index('emails_order_idx').on(t.accountId, t.orderId),
  ],
);

/** An account's edit of one of the templates Tentpole ships (§8); none: the shipped text. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    accountId: accountId(),
    key: text('key').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] })],
);

/** §8 automations: a trigger and offset, a channel and template, and conditions. */
export const automations = pgTable(
  'automations',
  {
    id: id(),
    accountId: accountId(),
    /** The shipped automation this is (they are turned off, never deleted); null: the account's own. */
    key: text('key'),
    name: text('name').notNull(),
    trigger: text('trigger').notNull(),
    offsetAmount: integer('offset_amount').notNull(),
    offsetUnit: text('offset_unit').notNull(),
    atTime: text('at_time'),
    channel: text('channel', { enum: ['email', 'text'] }).notNull(),
    templateKey: text('template_key').notNull(),
    statuses: jsonb('statuses').$type<string[]>().notNull(),
    fulfilment: text('fulfilment', { enum: ['any', 'delivery', 'pickup'] })
      .notNull()
      .default('any'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('automations_account_key_idx').on(t.accountId, t.key),
    index('automations_account_idx').on(t.accountId),
  ],
);

/**
 * One automated message for one order: planned when the order changes, moved or cancelled
 * when it changes again, sent once. The unique (automation, order, occurrence) is what makes
 * "never the same message twice for the same order" hold on any number of instances.
 */
export const scheduledMessages = pgTable(
  'scheduled_messages',
  {
    id: id(),
    accountId: accountId(),
    automationId: uuid('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    occurrence: text('occurrence').notNull().default('once'),
    channel: text('channel', { enum: ['email', 'text'] }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['pending', 'sent', 'cancelled', 'skipped'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    emailId: uuid('email_id'),
    textMessageId: uuid('text_message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scheduled_messages_once_idx').on(t.automationId, t.orderId, t.occurrence),
    index('scheduled_messages_due_idx').on(t.dueAt).where(sql`status = 'pending'`),
    index('scheduled_messages_order_idx').on(t.accountId, t.orderId),
    index('scheduled_messages_account_due_idx').on(t.accountId, t.dueAt),
  ],
);

/** Which version of each order (its updated_at) its messages were last planned for. */
export const orderMessagePlans = pgTable('order_message_plans', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  accountId: accountId(),
  orderUpdatedAt: timestamp('order_updated_at', { withTimezone: true }).notNull(),
  plannedAt: timestamp('planned_at', { withTimezone: true }).notNull().defaultNow(),
});

/** §8 per-order mute: no automated message goes to this order's customer. */
export const orderMessageMutes = pgTable('order_message_mutes', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  accountId: accountId(),
  mutedBy: uuid('muted_by').references(() => users.id, { onDelete: 'set null' }),
  mutedAt: timestamp('muted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Issue 24 item 7: saved replies, the team's ready-made texts for the Reach reply box, with the
 * templates' merge fields (filled for the conversation's customer and their next order when one
 * is used). One name per account.
 */
export const savedReplies = pgTable(
  'saved_replies',
  {
    id: id(),
    accountId: accountId(),
    name: text('name').notNull(),
    body: text('body').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_replies_account_name_idx').on(t.accountId, sql`lower(${t.name})`)],
);
