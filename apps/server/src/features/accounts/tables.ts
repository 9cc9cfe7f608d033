import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId } from '../../auth/tables.js';
import { bytea, createdAt, id } from '../../db/columns.js';

/**
 * The account's uploaded logo (decision 0055), re-encoded as WebP and kept in the database like
 * the product images, so every server instance serves it. One row per account: a new upload
 * replaces the row's bytes and id in one statement, so the old bytes never outlive it and the
 * address (`/api/account-logos/<id>`, in `accounts.logo`) changes with each upload. The id is
 * random, which is what lets the store and e-mails show it without a sign-in.
 */
export const accountLogos = pgTable(
  'account_logos',
  {
    id: id(),
    accountId: accountId(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('account_logos_account_idx').on(t.accountId)],
);
