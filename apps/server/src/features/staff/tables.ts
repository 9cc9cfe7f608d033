import type { InviteChannel } from '@tentpole/domain';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountId, users } from '../../auth/tables.js';
import { createdAt, id } from '../../db/columns.js';

/**
 * back-office spec §12: invitations to join an account's team, by e-mail or by a text link.
 * Only the SHA-256 of the link's token is kept, so a copy of the database cannot accept one.
 * An invitation works once (`accepted_at`), until it expires or is revoked; a resend gives it a
 * new token, so the previous link stops working.
 */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: id(),
    accountId: accountId(),
    via: text('via').$type<InviteChannel>().notNull(),
    email: text('email'),
    phoneNumber: text('phone_number'),
    /** The role strings the member will hold (a preset's, or custom). */
    roles: text('roles').array().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_invites_token_hash_idx').on(t.tokenHash),
    index('staff_invites_account_idx').on(t.accountId, t.createdAt),
  ],
);
