import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId } from '../../auth/tables.js';
import { createdAt } from '../../db/columns.js';

/**
 * Issue 24 item 3: short links for texts (`/l/{code}`). Each stands for one address the app
 * made (an order page, a Checkout page): the same address asked again gets the same code.
 */
export const shortLinks = pgTable(
  'short_links',
  {
    code: text('code').primaryKey(),
    accountId: accountId(),
    /** A path on the app's origin (`/o/…`) or the absolute address of a payment page. */
    target: text('target').notNull(),
    createdAt: createdAt(),
    /** After this the link answers that it has expired (a pay link's own end); null: never. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('short_links_account_target_idx').on(t.accountId, t.target)],
);
