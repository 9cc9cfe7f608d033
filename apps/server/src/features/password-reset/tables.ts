import { index, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { singleUseLinkColumns } from '../../auth/link-tokens.js';
import { users } from '../../auth/tables.js';
import { createdAt, id } from '../../db/columns.js';

/**
 * "Forgot password?" (decision 0065, Password reset): the links that let a user choose a new
 * password. As the e-mail check's links, only the SHA-256 of the token is stored (the link
 * itself is in the outbox's copy of the e-mail); a link works once (`used_at`) within its
 * hour, and a newer request or a use revokes the user's other open links (`revoked_at`).
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...singleUseLinkColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_idx').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId, t.createdAt),
  ],
);
