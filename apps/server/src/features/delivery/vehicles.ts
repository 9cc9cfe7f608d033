import type { Vehicle, VehicleInputParsed, VehiclePatch } from '@tentpole/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { holdPlanRoom } from '../billing/queries.js';
import { depots, vehicles } from './tables.js';

type VehicleRow = typeof vehicles.$inferSelect;

export function vehicleBody(row: VehicleRow): Vehicle {
  return {
    id: row.id,
    name: row.name,
    depotId: row.depotId,
    capacityUnits: row.capacityUnits,
    capacityVolume: row.capacityVolume,
    shiftStart: row.shiftStart,
    shiftEnd: row.shiftEnd,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

/** §7.2: the account's vehicles, oldest first. */
export async function listVehicles(db: Db, accountId: string): Promise<Vehicle[]> {
  const rows = await db
    .select()
    .from(vehicles)
    .where(eq(vehicles.accountId, accountId))
    .orderBy(asc(vehicles.createdAt), asc(vehicles.name));
  return rows.map(vehicleBody);
}

export async function findVehicle(
  db: Db,
  accountId: string,
  vehicleId: string,
): Promise<Vehicle | null> {
  const [row] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.accountId, accountId), eq(vehicles.id, vehicleId)));
  return row ? vehicleBody(row) : null;
}

/** A depot named by a vehicle must be one of the account's: a 400 on `depotId` otherwise. */
async function checkDepot(db: Db, accountId: string, depotId: string | null | undefined) {
  if (!depotId) return;
  const [row] = await db
    .select({ id: depots.id })
    .from(depots)
    .where(and(eq(depots.accountId, accountId), eq(depots.id, depotId)));
  if (!row)
    throw new AppError('validation_failed', 'Some fields are not valid.', {
      depotId: ['Choose one of your depots'],
    });
}

export async function createVehicle(
  db: Db,
  accountId: string,
  input: VehicleInputParsed,
  now: Date,
): Promise<Vehicle> {
  await checkDepot(db, accountId, input.depotId);
  const row = await db.transaction(async (tx) => {
    if (input.active !== false) await holdPlanRoom(tx, accountId, 'vehicles', now);
    const [inserted] = await tx
      .insert(vehicles)
      .values({ accountId, ...input, createdAt: now, updatedAt: now })
      .returning();
    return inserted;
  });
  return vehicleBody(row as VehicleRow);
}

export async function updateVehicle(
  db: Db,
  accountId: string,
  vehicleId: string,
  patch: VehiclePatch,
  now: Date,
): Promise<Vehicle> {
  const current = await findVehicle(db, accountId, vehicleId);
  if (!current) throw notFound('Vehicle');
  await checkDepot(db, accountId, patch.depotId);
  const shiftStart = patch.shiftStart ?? current.shiftStart;
  const shiftEnd = patch.shiftEnd ?? current.shiftEnd;
  if (shiftEnd <= shiftStart)
    throw new AppError('validation_failed', 'Some fields are not valid.', {
      shiftEnd: ['The shift must end after it starts'],
    });
  const row = await db.transaction(async (tx) => {
    // An inactive vehicle made active takes a place in the plan again.
    if (patch.active === true && !current.active)
      await holdPlanRoom(tx, accountId, 'vehicles', now);
    const [updated] = await tx
      .update(vehicles)
      .set({ ...patch, updatedAt: now })
      .where(and(eq(vehicles.accountId, accountId), eq(vehicles.id, vehicleId)))
      .returning();
    return updated;
  });
  if (!row) throw notFound('Vehicle');
  return vehicleBody(row);
}

/** Deletes a vehicle; its saved routes go with it, their stops back to the unassigned. */
export async function deleteVehicle(db: Db, accountId: string, vehicleId: string): Promise<void> {
  const [row] = await db
    .delete(vehicles)
    .where(and(eq(vehicles.accountId, accountId), eq(vehicles.id, vehicleId)))
    .returning({ id: vehicles.id });
  if (!row) throw notFound('Vehicle');
}
