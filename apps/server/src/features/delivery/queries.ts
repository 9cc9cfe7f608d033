import {
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
} from '@tentpole/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accountCurrency, accountTimezone } from '../accounts/queries.js';
import { deliveryConfig } from './delivery-config.js';
import { createGeocoder, type Geocoder } from './geocoder.js';
import { createRoadDistance, type RoadDistance } from './road-distance.js';
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
