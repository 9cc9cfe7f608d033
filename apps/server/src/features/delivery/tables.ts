import type { DeliverySettings, LocatedBy, StopAction } from '@tentpole/domain';
import {
  boolean,
  customType,
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
import { accountId, accounts, users } from '../../auth/tables.js';
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
    /**
     * §11's deliveries report: the route's planned miles (depot to depot) when it was saved,
     * kept because travel estimates change as the map service does.
     */
    plannedMiles: doublePrecision('planned_miles').notNull().default(0),
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

const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * §7.2 (decision 0043): a truck's crew on a day: team members with `delivery.driver`. Keyed by
 * the day and vehicle, not the route row, so a re-plan (which rewrites the routes) keeps it.
 */
export const deliveryCrews = pgTable(
  'delivery_crews',
  {
    accountId: accountId(),
    day: date('day', { mode: 'string' }).notNull(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.day, t.vehicleId, t.userId] }),
    index('delivery_crews_user_idx').on(t.accountId, t.userId, t.day),
  ],
);

/**
 * §7.4 (decision 0043): what a crew recorded at a stop (or `start_route` for the route). The id
 * is made on the phone, so an action queued offline and sent twice is one row.
 */
export const stopEvents = pgTable(
  'stop_events',
  {
    accountId: accountId(),
    id: uuid('id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    /** Null for `start_route`. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    stopKind: text('stop_kind', { enum: ['delivery', 'pickup'] }),
    action: text('action').$type<StopAction>().notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Reason, note, printed name, counts, what became of the customer's text. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('stop_events_day_idx').on(t.accountId, t.day, t.vehicleId, t.occurredAt),
    index('stop_events_order_idx').on(t.accountId, t.orderId),
  ],
);

/**
 * §7.4: proof of delivery: the setup photo (re-encoded, EXIF and location dropped, as the
 * orders' site photos are) and the customer's signature, kept in the database.
 */
export const stopFiles = pgTable(
  'stop_files',
  {
    id: id(),
    accountId: accountId(),
    eventId: uuid('event_id').notNull(),
    kind: text('kind', { enum: ['photo', 'signature'] }).notNull(),
    contentType: text('content_type').notNull(),
    full: bytes('full').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('stop_files_event_idx').on(t.accountId, t.eventId)],
);
