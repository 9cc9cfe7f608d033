import { sql } from 'drizzle-orm';
import {
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from '../db/columns.js';

// Every tenant table carries account_id; queries are scoped by it in the where-clause.
export const accountId = () =>
  uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    // When the user proved the address (the sign-up's link, decision 0065); null: not yet.
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    name: text('name').notNull(),
    // The business's handle, from its name at sign-up (decision 0065): the address its store
    // is published at. Accounts from before sign-up have none.
    slug: text('slug'),
    logo: text('logo'),
    planLevel: text('plan_level').notNull().default('free'),
    trialEndDate: date('trial_end_date', { mode: 'string' }),
    settings: jsonb('settings').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('accounts_slug_idx').on(t.slug)],
);

export const memberships = pgTable(
  'memberships',
  {
    accountId: accountId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['holder', 'member'] }).notNull(),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    // The member's own mobile, which click-to-call rings first (spec §6 mobile forwarding).
    mobilePhoneNumber: text('mobile_phone_number'),
    // A suspended member keeps the membership but cannot use the account; suspending ends the
    // user's sessions (a trigger, migration 0008).
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId] }),
    index('memberships_user_idx').on(t.userId),
  ],
);

// One row per sign-in: the session cookie (an Auth.js JWT) carries its id, and every request
// checks it here (through a per-instance cache), so a session can end everywhere at once:
// signing out, a password change, removal or suspension revoke it (the last three by trigger,
// migration 0008). `expires_at` is the absolute lifetime no rolling refresh extends.
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

// Failed sign-ins, for the per-e-mail and per-address rate limit. Kept in the database so
// that every server instance sees the same counts.
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: id(),
    email: text('email').notNull(),
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sign_in_failures_email_idx').on(t.email, t.createdAt),
    index('sign_in_failures_address_idx').on(t.address, t.createdAt),
  ],
);
