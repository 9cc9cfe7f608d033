import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Fixed-window counters for per-user limits (texts a minute, accounts a day), in the database
// so that every server instance counts together.
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
