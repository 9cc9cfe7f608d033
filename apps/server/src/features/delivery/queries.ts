import {
  type CrewMember,
  can,
  DEFAULT_DELIVERY_SETTINGS,
  type DeliveryMethod,
  type DeliveryQuoteResponse,
  type DeliverySettings,
  type DepotResponse,
  deliveryFee,
  deliverySettingsSchema,
  greatCircleMiles,
  type LatLng,
  type LocatedBy,
  needsDistance,
  normalizePostalCode,
  roundMiles,
  type Vehicle,
} from '@tentpole/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { accountCurrency, accountTimezone } from '../accounts/queries.js';
import { deliveryConfig } from './delivery-config.js';
import { createGeocoder, type Geocoder } from './geocoder.js';
import { createRoadDistance, type RoadDistance } from './road-distance.js';
import type { StopEventRow } from './stop-events.js';
import { deliverySettings, depots } from './tables.js';

/** How quotes find an address and measure the road to it (tests pass their own). */
export type DeliveryServices = { geocoder: Geocoder; roads: RoadDistance };

let fromEnvironment: { key: string; services: DeliveryServices } | null = null;

/**
 * The geocoder and router the environment names (GEOCODER_URL, OSRM_URL), made once per
 * configuration and shared by the process's apps (their answers are cached in memory); an app
 * started after the variables change gets services for the new ones.
 */
export function deliveryServices(): DeliveryServices {
  const config = deliveryConfig();
  const key = `${config.geocoderUrl ?? ''} ${config.osrmUrl ?? ''}`;
  if (fromEnvironment?.key !== key) {
    fromEnvironment = {
      key,
      services: {
        geocoder: createGeocoder(config.geocoderUrl),
        roads: createRoadDistance(config.osrmUrl),
      },
    };
  }
  return fromEnvironment.services;
}

/**
 * The account's delivery methods and fee rules (§7.1); the defaults when it has saved none.
 * Parsed again on the way out, so a row written before a rule existed reads as valid settings.
 */
export async function deliverySettingsOf(db: Db, accountId: string): Promise<DeliverySettings> {
  const [row] = await db
    .select({ settings: deliverySettings.settings })
    .from(deliverySettings)
    .where(eq(deliverySettings.accountId, accountId));
  if (!row) return DEFAULT_DELIVERY_SETTINGS;
  const parsed = deliverySettingsSchema.safeParse({
    ...DEFAULT_DELIVERY_SETTINGS,
    ...row.settings,
  });
  return parsed.success ? parsed.data : DEFAULT_DELIVERY_SETTINGS;
}

type DepotRow = typeof depots.$inferSelect;

export function depotBody(row: DepotRow): DepotResponse {
  return {
    id: row.id,
    name: row.name,
    address: { line1: row.line1, city: row.city, region: row.region, postalCode: row.postalCode },
    lat: row.lat,
    lng: row.lng,
    locatedBy: row.locatedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The account's depots, oldest first (the first is the one staff made first). */
export async function listDepots(db: Db, accountId: string): Promise<DepotResponse[]> {
  const rows = await db
    .select()
    .from(depots)
    .where(eq(depots.accountId, accountId))
    .orderBy(asc(depots.createdAt), asc(depots.name));
  return rows.map(depotBody);
}

export async function findDepot(
  db: Db,
  accountId: string,
  depotId: string,
): Promise<DepotResponse | null> {
  const [row] = await db
    .select()
    .from(depots)
    .where(and(eq(depots.accountId, accountId), eq(depots.id, depotId)));
  return row ? depotBody(row) : null;
}

export type DeliveryQuoteInput = {
  method: DeliveryMethod;
  address: {
    line1?: string;
    city?: string;
    region?: string;
    postalCode?: string;
    /** A pin placed by staff: it wins over geocoding. */
    lat?: number | null;
    lng?: number | null;
  };
  /** The delivery window as instants (ISO 8601 with an offset). */
  window?: { start: string; end: string } | null;
};

/**
 * back-office spec §7.1: the delivery fee for an address, or why it cannot be delivered.
 * The address is placed by the staff's pin, else the geocoder (GEOCODER_URL), else its ZIP
 * code's centre; the nearest depot is the nearest in a straight line, and the miles to it are
 * road miles (OSRM_URL) or great-circle × 1.3 (`milesEstimated`). The fee itself is the
 * domain's `deliveryFee`, in the account's currency and time zone.
 */
export async function quoteDelivery(
  db: Db,
  accountId: string,
  input: DeliveryQuoteInput,
  services: DeliveryServices = deliveryServices(),
): Promise<DeliveryQuoteResponse> {
  const [settings, currency, timeZone] = await Promise.all([
    deliverySettingsOf(db, accountId),
    accountCurrency(db, accountId),
    accountTimezone(db, accountId),
  ]);
  const address = input.address;
  const postalCode = normalizePostalCode(address.postalCode ?? '');
  let point: (LatLng & { locatedBy: LocatedBy }) | null = null;
  if (address.lat != null && address.lng != null)
    point = { lat: address.lat, lng: address.lng, locatedBy: 'pin' };
  else if (input.method !== 'pickup')
    point = await services.geocoder.locate({
      line1: address.line1 ?? '',
      city: address.city ?? '',
      region: address.region ?? '',
      postalCode,
    });

  let nearest: { depot: DepotResponse; miles: number; estimated: boolean } | null = null;
  const depotList = input.method === 'pickup' ? [] : await listDepots(db, accountId);
  if (point && depotList.length > 0) {
    const to = point;
    const [closest] = depotList
      .map((depot) => ({ depot, straight: greatCircleMiles(depot, to) }))
      .sort((a, b) => a.straight - b.straight);
    if (closest) {
      const road = await services.roads.miles(closest.depot, to);
      nearest = { depot: closest.depot, miles: roundMiles(road.miles), estimated: road.estimated };
    }
  }

  const placed = {
    miles: nearest?.miles ?? null,
    milesEstimated: nearest?.estimated ?? false,
    depotId: nearest?.depot.id ?? null,
    depotName: nearest?.depot.name ?? null,
    lat: point?.lat ?? null,
    lng: point?.lng ?? null,
    locatedBy: point?.locatedBy ?? null,
  };
  const result = deliveryFee(
    settings,
    {
      method: input.method,
      postalCode,
      miles: placed.miles,
      window: input.window ?? null,
      timeZone,
    },
    currency,
  );
  if (result.ok) return { ...result, ...placed };
  if (result.reason === 'distance_unknown' && needsDistance(settings)) {
    if (!point)
      return {
        ok: false,
        reason: 'address_not_found',
        message: 'This address could not be found: check the ZIP code or place the pin',
        ...placed,
      };
    if (depotList.length === 0)
      return {
        ok: false,
        reason: 'no_depot',
        message: 'Add a depot in Delivery settings to price deliveries by distance',
        ...placed,
      };
  }
  return { ...result, ...placed };
}

/** A saved route: its vehicle and its stops in order (`orderId:kind`), each pinned or not. */
export type SavedRoute = { vehicleId: string; stops: { stopId: string; pinned: boolean }[] };

/** What the Delivery Manager's day reads of the delivery tables (decisions 0040, 0043). */
export type DayRecords = {
  depots: { id: string; name: string; lat: number; lng: number }[];
  vehicles: Vehicle[];
  /** The day's crews by vehicle, as `crewsOf` reads them. */
  crews: Map<string, CrewMember[]>;
  routes: SavedRoute[];
  savedAt: string | null;
  /** With `drivers`: the members who can drive, as `listDrivers` reads them; else empty. */
  drivers: CrewMember[];
  /** With `events`: the day's stop events, oldest first, as `eventsOfDay` reads them; else empty. */
  events: StopEventRow[];
};

type Json<T> = T[] | string | null;
const jsonList = <T>(value: Json<T>): T[] =>
  (typeof value === 'string' ? JSON.parse(value) : value) ?? [];

/**
 * A day's delivery records in one read: the account's depots and vehicles (oldest first), the
 * day's crews, its saved routes and when they were saved, and, when asked, the drivers and the
 * day's stop events. The board, the load lists and the driver's day each need most of them, and
 * a round trip each (nine on the board) cost far more than the few rows they read. Each part is
 * ordered as its own query orders it, and timestamps come as the column's text, read as drizzle
 * reads a column, so the answers are those of the separate queries.
 */
export async function dayRecords(
  db: Db,
  accountId: string,
  day: string,
  wants: { drivers?: boolean; events?: boolean } = {},
): Promise<DayRecords> {
  const [row] = await queryRows<{
    depots: Json<DayRecords['depots'][number]>;
    vehicles: Json<Omit<Vehicle, 'createdAt'> & { createdAt: string }>;
    crews: Json<CrewMember & { vehicleId: string }>;
    saved_at: string | null;
    routes: Json<{
      vehicleId: string;
      stops: { orderId: string; kind: 'delivery' | 'pickup'; pinned: boolean }[];
    }>;
    drivers?: Json<CrewMember & { roles: string[] }>;
    events?: Json<Omit<StopEventRow, 'occurredAt'> & { occurredAt: string }>;
  }>(
    db,
    sql`select
      (select json_agg(json_build_object('id', d.id, 'name', d.name, 'lat', d.lat, 'lng', d.lng)
          order by d.created_at, d.name)
        from depots d where d.account_id = ${accountId}) as depots,
      (select json_agg(json_build_object('id', v.id, 'name', v.name, 'depotId', v.depot_id,
          'capacityUnits', v.capacity_units, 'capacityVolume', v.capacity_volume,
          'shiftStart', v.shift_start, 'shiftEnd', v.shift_end, 'active', v.active,
          'createdAt', v.created_at::text) order by v.created_at, v.name)
        from vehicles v where v.account_id = ${accountId}) as vehicles,
      (select json_agg(json_build_object('vehicleId', c.vehicle_id, 'userId', u.id, 'name', u.name)
          order by c.created_at, u.name)
        from delivery_crews c join users u on u.id = c.user_id
        where c.account_id = ${accountId} and c.day = ${day}) as crews,
      (select d.saved_at::text from delivery_days d
        where d.account_id = ${accountId} and d.day = ${day}) as saved_at,
      (select json_agg(json_build_object('vehicleId', r.vehicle_id, 'stops', coalesce((
            select json_agg(json_build_object('orderId', s.order_id, 'kind', s.kind,
                'pinned', s.pinned) order by s.position)
            from route_stops s where s.account_id = ${accountId} and s.route_id = r.id
          ), '[]'::json)))
        from delivery_routes r where r.account_id = ${accountId} and r.day = ${day}) as routes
      ${
        wants.drivers
          ? sql`, (select json_agg(json_build_object('userId', u.id, 'name', u.name,
                'roles', m.roles) order by u.name, u.id)
              from memberships m join users u on u.id = m.user_id
              where m.account_id = ${accountId} and m.suspended_at is null) as drivers`
          : sql``
      }
      ${
        wants.events
          ? sql`, (select json_agg(json_build_object('id', e.id, 'orderId', e.order_id,
                'stopKind', e.stop_kind, 'vehicleId', e.vehicle_id, 'action', e.action,
                'detail', e.detail, 'occurredAt', e.occurred_at::text, 'byName', u.name)
                order by e.occurred_at, e.created_at)
              from stop_events e left join users u on u.id = e.user_id
              where e.account_id = ${accountId} and e.day = ${day}) as events`
          : sql``
      }`,
  );
  const crews = new Map<string, CrewMember[]>();
  for (const c of jsonList(row?.crews ?? null))
    crews.set(c.vehicleId, [...(crews.get(c.vehicleId) ?? []), { userId: c.userId, name: c.name }]);
  return {
    depots: jsonList(row?.depots ?? null),
    vehicles: jsonList(row?.vehicles ?? null).map((v) => ({
      id: v.id,
      name: v.name,
      depotId: v.depotId,
      capacityUnits: v.capacityUnits,
      capacityVolume: v.capacityVolume,
      shiftStart: v.shiftStart,
      shiftEnd: v.shiftEnd,
      active: v.active,
      createdAt: new Date(v.createdAt).toISOString(),
    })),
    crews,
    routes: jsonList(row?.routes ?? null).map((r) => ({
      vehicleId: r.vehicleId,
      stops: r.stops.map((s) => ({ stopId: `${s.orderId}:${s.kind}`, pinned: s.pinned })),
    })),
    savedAt: row?.saved_at ? new Date(row.saved_at).toISOString() : null,
    drivers: jsonList(row?.drivers ?? null)
      .filter((d) => can(d.roles, 'delivery.driver'))
      .map((d) => ({ userId: d.userId, name: d.name })),
    events: jsonList(row?.events ?? null).map((e) => ({
      ...e,
      occurredAt: new Date(e.occurredAt),
    })),
  };
}
