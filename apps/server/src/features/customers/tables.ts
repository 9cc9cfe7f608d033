import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountId } from '../../auth/tables.js';
import { createdAt, id } from '../../db/columns.js';

export const customers = pgTable(
  'customers',
  {
    id: id(),
    accountId: accountId(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    phoneNumber: text('phone_number'),
    internalNotes: text('internal_notes'),
    points: integer('points').notNull().default(0),
    banned: boolean('banned').notNull().default(false),
    reference: text('reference'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // What customer search matches words against, kept by the database itself.
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(company, '') || ' ' || coalesce(reference, ''))`,
      ),
  },
  (t) => [
    index('customers_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('customers_phone_trgm_idx').using('gin', t.phoneNumber.op('gin_trgm_ops')),
    uniqueIndex('customers_account_email_idx').on(t.accountId, sql`lower(${t.email})`),
    // Not unique: a family or a company shares one number (issue 24 item 1, decision 0062).
    // Saving a number another customer has is asked for explicitly (`sharePhoneNumber`).
    index('customers_account_phone_idx')
      .on(t.accountId, t.phoneNumber)
      .where(sql`${t.phoneNumber} is not null`),
    index('customers_account_created_idx').on(t.accountId, t.createdAt),
    // The list's default order (by name), so a page needs no sort of the whole account.
    index('customers_account_name_idx').on(t.accountId, t.lastName, t.firstName, t.id),
  ],
);

// Things that happened with a customer that no other table records (a note, an e-mail
// opened, a call made outside Reach). The journey view merges these with the rows of
// the other tables.
export const customerJourneyEvents = pgTable(
  'customer_journey_events',
  {
    id: id(),
    accountId: accountId(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    detail: text('detail'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('journey_customer_idx').on(t.accountId, t.customerId, t.occurredAt)],
);
