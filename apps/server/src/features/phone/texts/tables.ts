import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountId, users } from '../../../auth/tables.js';
import { createdAt, id } from '../../../db/columns.js';
import { customers } from '../../customers/tables.js';
import { orders } from '../../orders/tables.js';

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
    // Issue 24 item 7, the shared inbox (decision 0060): who has it, and whether it is done. A
    // new inbound text reopens a closed conversation; a removed member's conversations are
    // nobody's.
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
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
    // "Mine": a member's open conversations, newest first, without reading everyone's.
    index('conversations_assignee_idx')
      .on(t.accountId, t.assigneeId, t.lastMessageAt.desc().nullsLast())
      .where(sql`${t.assigneeId} is not null`),
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
    // The lead-sources report (decision 0054, third pass): an account's texts in by time, with
    // their conversation, read from the index alone.
    index('messages_direction_idx').on(t.accountId, t.direction, t.createdAt, t.conversationId),
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

const mediaBytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Issue 24 item 5: the pictures of an inbound text. A row per `MediaUrl{N}` is written with
 * the text; a job copies the carrier's file here (private: served only to the account's
 * members), so it outlives the carrier's copy and every instance sees it.
 */
export const messageMedia = pgTable(
  'message_media',
  {
    id: id(),
    accountId: accountId(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** What the carrier said it is; the stored file's type once fetched. */
    contentType: text('content_type').notNull(),
    carrierUrl: text('carrier_url').notNull(),
    status: text('status', { enum: ['pending', 'stored', 'refused'] })
      .notNull()
      .default('pending'),
    bytes: mediaBytes('bytes'),
    size: integer('size'),
    /** The order staff put this picture on as a site photo (once). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('message_media_message_position_idx').on(t.messageId, t.position),
    index('message_media_account_idx').on(t.accountId, t.messageId),
  ],
);
