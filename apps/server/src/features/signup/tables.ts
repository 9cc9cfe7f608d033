import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { singleUseLinkColumns } from '../../auth/link-tokens.js';
import { accountId, users } from '../../auth/tables.js';
import { createdAt, id } from '../../db/columns.js';

/**
 * Issue 23 item 5: the links that prove a new sign-in's e-mail address. The check reads only
 * the SHA-256 of the token (the link itself is in the outbox's copy of the e-mail, as a staff
 * invitation's is); a link works once (`used_at`) until it expires, and a resend replaces it
 * (the older one stops working).
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link was sent to: verifying proves this one, not a later one. */
    email: text('email').notNull(),
    ...singleUseLinkColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_verifications_token_hash_idx').on(t.tokenHash),
    index('email_verifications_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * An account that started by signing up: its first-run checklist shows to its owners until
 * one of them dismisses it. Accounts made any other way have no row and no checklist.
 */
export const accountOnboarding = pgTable('account_onboarding', {
  accountId: accountId().primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  dismissedBy: uuid('dismissed_by').references(() => users.id, { onDelete: 'set null' }),
});
