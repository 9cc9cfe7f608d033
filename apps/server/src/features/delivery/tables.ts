import type { DeliverySettings, LocatedBy } from '@tentpole/domain';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountId, accounts } from '../../auth/tables.js';
import { createdAt, id } from '../../db/columns.js';
import { orders } from '../orders/tables.js';

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

/**
 * §7.2: the account's vehicles: a depot (null: the account's first), a capacity in rental units
 * and in cubic feet, and shift hours ("HH:MM", local). An inactive vehicle is not planned.
 */
export const vehicles = pgTable(
  'vehicles',
  {
    id: id(),
    accountId: accountId(),
    name: text('name').notNull(),
    depotId: uuid('depot_id').references(() => depots.id, { onDelete: 'set null' }),
    capacityUnits: integer('capacity_units').notNull(),
    capacityVolume: doublePrecision('capacity_volume').notNull().default(0),
    shiftStart: text('shift_start').notNull(),
    shiftEnd: text('shift_end').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vehicles_account_created_idx').on(t.accountId, t.createdAt)],
);

/**
 * §7.3: one row per account and local day that has saved routes. Saving a day's routes locks
 * this row first (FOR UPDATE), so two planners' saves of the same day run one after the other.
 */
export const deliveryDays = pgTable(
  'delivery_days',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);

/** §7.2: a vehicle's route on a day. Its stops are in `route_stops`. */
export const deliveryRoutes = pgTable(
  'delivery_routes',
  {
    id: id(),
    accountId: accountId(),
    day: date('day', { mode: 'string' }).notNull(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('delivery_routes_account_day_vehicle_idx').on(t.accountId, t.day, t.vehicleId),
  ],
);

/**
 * A stop's place on a route: the order and which of its stops (delivery or pickup), the position
 * and whether the dispatcher pinned it to the vehicle. The stop itself is derived from the order
 * on read (decision 0040): a cancelled or moved order's stop is dropped from the route then.
 */
export const routeStops = pgTable(
  'route_stops',
  {
    id: id(),
    accountId: accountId(),
    routeId: uuid('route_id')
      .notNull()
      .references(() => deliveryRoutes.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['delivery', 'pickup'] }).notNull(),
    position: integer('position').notNull(),
    pinned: boolean('pinned').notNull().default(false),
  },
  (t) => [
    index('route_stops_route_idx').on(t.routeId, t.position),
    index('route_stops_order_idx').on(t.orderId),
  ],
);
