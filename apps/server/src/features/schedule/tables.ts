import type {
  BlackoutKind,
  BlackoutScope,
  BookingRules,
  BusinessHours,
  ServiceHours,
  WeekShifts,
} from '@tentpole/domain';
import {
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountId, accounts, users } from '../../auth/tables.js';
import { createdAt, id } from '../../db/columns.js';

/**
 * back-office spec §12: an account's schedule, one row once it is first saved (an account
 * without one has `DEFAULT_SCHEDULE`). Each part is read and written whole, parsed with its
 * domain schema, so it is kept as jsonb rather than 21 columns of times.
 */
export const schedules = pgTable('schedules', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  businessHours: jsonb('business_hours').$type<BusinessHours>().notNull(),
  serviceHours: jsonb('service_hours').$type<ServiceHours>().notNull(),
  bookingRules: jsonb('booking_rules').$type<BookingRules>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * §12 blackout dates: local days (the account's calendar), both ends included. A recurring one
 * keeps its RFC 5545 rule, expanded on calendar days with `start_date` as its DTSTART
 * (decision 0037); `target_ids` are the categories or products of a scoped one.
 */
export const blackouts = pgTable(
  'blackouts',
  {
    id: id(),
    accountId: accountId(),
    name: text('name').notNull(),
    scope: text('scope').$type<BlackoutScope>().notNull().default('business'),
    targetIds: jsonb('target_ids').$type<string[]>().notNull().default([]),
    kind: text('kind').$type<BlackoutKind>().notNull().default('hard'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    rrule: text('rrule'),
    until: date('until', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blackouts_account_start_idx').on(t.accountId, t.startDate)],
);

/** §12 staff shifts (decision 0051): a member's week, one row once set (none: no schedule). */
export const staffShifts = pgTable(
  'staff_shifts',
  {
    accountId: accountId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shifts: jsonb('shifts').$type<WeekShifts>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] })],
);

/** §12 time off: a member's days off, local days of the account, both ends included. */
export const staffTimeOff = pgTable(
  'staff_time_off',
  {
    id: id(),
    accountId: accountId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('staff_time_off_account_user_idx').on(t.accountId, t.userId, t.toDay)],
);
