import { sql } from 'drizzle-orm';
import {
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
