import type {
  DeliverySettings,
  DepotInputParsed,
  DepotPatch,
  DepotResponse,
} from '@tentpole/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import type { Located } from './geocoder.js';
import { type DeliveryServices, depotBody } from './queries.js';
import { deliverySettings, depots } from './tables.js';

/** Saves the account's delivery settings whole (PUT): one row per account. */
export async function saveDeliverySettings(
  db: Db,
  accountId: string,
  settings: DeliverySettings,
  now: Date,
): Promise<DeliverySettings> {
  await db
    .insert(deliverySettings)
    .values({ accountId, settings, updatedAt: now })
    .onConflictDoUpdate({ target: deliverySettings.accountId, set: { settings, updatedAt: now } });
  return settings;
}

type DepotAddress = DepotInputParsed['address'];

/** The depot's point: the pin staff gave, else the address geocoded; a 400 when neither. */
async function placeDepot(
  services: DeliveryServices,
  address: DepotAddress,
  pin: { lat: number | null; lng: number | null },
): Promise<Pick<typeof depots.$inferInsert, 'lat' | 'lng' | 'locatedBy'>> {
  if (pin.lat !== null && pin.lng !== null) return { lat: pin.lat, lng: pin.lng, locatedBy: 'pin' };
  const found: Located | null = await services.geocoder.locate(address);
  if (!found)
    throw new AppError('validation_failed', 'Some fields are not valid.', {
      lat: ['This address could not be placed on the map: enter the pin’s latitude and longitude'],
    });
  return found;
}

export async function createDepot(
  db: Db,
  services: DeliveryServices,
  accountId: string,
  input: DepotInputParsed,
  now: Date,
): Promise<DepotResponse> {
  const point = await placeDepot(services, input.address, input);
  const [row] = await db
    .insert(depots)
    .values({
      accountId,
      name: input.name,
      ...input.address,
      ...point,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('The depot was not saved');
  return depotBody(row);
}

/**
 * Changes a depot. A new pin moves it; a new address without a pin is geocoded again; a new
 * name alone leaves it where it is.
 */
export async function updateDepot(
  db: Db,
  services: DeliveryServices,
  accountId: string,
  depotId: string,
  patch: DepotPatch,
  now: Date,
): Promise<DepotResponse> {
  const where = and(eq(depots.accountId, accountId), eq(depots.id, depotId));
  const [current] = await db.select().from(depots).where(where);
  if (!current) throw notFound('Depot');
  const address = patch.address ?? {
    line1: current.line1,
    city: current.city,
    region: current.region,
    postalCode: current.postalCode,
  };
  const pinned = patch.lat != null && patch.lng != null;
  const point =
    pinned || patch.address
      ? await placeDepot(services, address, { lat: patch.lat ?? null, lng: patch.lng ?? null })
      : {};
  const [row] = await db
    .update(depots)
    .set({ ...(patch.name ? { name: patch.name } : {}), ...address, ...point, updatedAt: now })
    .where(where)
    .returning();
  if (!row) throw notFound('Depot');
  return depotBody(row);
}

export async function deleteDepot(db: Db, accountId: string, depotId: string): Promise<void> {
  const deleted = await db
    .delete(depots)
    .where(and(eq(depots.accountId, accountId), eq(depots.id, depotId)))
    .returning({ id: depots.id });
  if (deleted.length === 0) throw notFound('Depot');
}
