import type { DeliverySettings, LocatedBy } from '@tentpole/domain';
import { doublePrecision, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountId, accounts } from '../../auth/tables.js';
import { createdAt, id } from '../../db/columns.js';

/**
 * back-office spec §2 and §7.1: an account's depots (warehouses), each with the point fees are
 * measured from: a pin staff placed, or where the geocoder or the ZIP code's centre put it.
 */
export const depots = pgTable(
  'depots',
  {
    id: id(),
    accountId: accountId(),
    name: text('name').notNull(),
    line1: text('line1').notNull(),
    city: text('city').notNull(),
    region: text('region').notNull(),
    // A string: a ZIP such as 02134 keeps its leading zero.
    postalCode: text('postal_code').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    locatedBy: text('located_by').$type<LocatedBy>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('depots_account_created_idx').on(t.accountId, t.createdAt)],
);

/**
 * §7.1: an account's delivery methods and fee rules, one row per account, as the domain's
 * `deliverySettingsSchema` parses them (no row: the defaults). Orders snapshot the fee they
 * were priced with, so a change here never changes a booked order (§0.2).
 */
export const deliverySettings = pgTable('delivery_settings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<DeliverySettings>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
