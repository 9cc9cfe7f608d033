import { type CrewMember, can } from '@tentpole/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { memberships, users } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { availabilityOf } from '../schedule/queries.js';
import { deliveryCrews, vehicles } from './tables.js';

/**
 * back-office spec §7.2 (decision 0043): drivers and crew are team members with
 * `delivery.driver`; a planner puts them on a truck's route for a day.
 */

/** The account's members who may be on a crew (not suspended, granted `delivery.driver`). */
export async function listDrivers(db: Db, accountId: string): Promise<CrewMember[]> {
  const rows = await db
    .select({ userId: users.id, name: users.name, roles: memberships.roles })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), isNull(memberships.suspendedAt)))
    .orderBy(asc(users.name), asc(users.id));
  return rows
    .filter((r) => can(r.roles, 'delivery.driver'))
    .map((r) => ({ userId: r.userId, name: r.name }));
}

/** The day's crews by vehicle. */
export async function crewsOf(
  db: Db,
  accountId: string,
  day: string,
): Promise<Map<string, CrewMember[]>> {
  const rows = await db
    .select({ vehicleId: deliveryCrews.vehicleId, userId: users.id, name: users.name })
    .from(deliveryCrews)
    .innerJoin(users, eq(users.id, deliveryCrews.userId))
    .where(and(eq(deliveryCrews.accountId, accountId), eq(deliveryCrews.day, day)))
    .orderBy(asc(deliveryCrews.createdAt), asc(users.name));
  const crews = new Map<string, CrewMember[]>();
  for (const r of rows)
    crews.set(r.vehicleId, [...(crews.get(r.vehicleId) ?? []), { userId: r.userId, name: r.name }]);
  return crews;
}

/** The vehicles whose route `userId` is on that day. */
export async function vehiclesCrewedBy(
  db: Db,
  accountId: string,
  day: string,
  userId: string,
): Promise<string[]> {
  const rows = await db
    .select({ vehicleId: deliveryCrews.vehicleId })
    .from(deliveryCrews)
    .where(
      and(
        eq(deliveryCrews.accountId, accountId),
        eq(deliveryCrews.day, day),
        eq(deliveryCrews.userId, userId),
      ),
    );
  return rows.map((r) => r.vehicleId);
}

/**
 * Replaces a truck's crew for the day (the caller has checked the vehicle). Every person must
 * be one of the account's drivers, else a 400 on `userIds`.
 */
export async function saveCrew(
  db: Db,
  accountId: string,
  input: { date: string; vehicleId: string; userIds: string[] },
): Promise<void> {
  const list = await listDrivers(db, accountId);
  const drivers = new Set(list.map((d) => d.userId));
  if (input.userIds.some((id) => !drivers.has(id)))
    throw new AppError('validation_failed', 'Some fields are not valid.', {
      userIds: ['Choose team members who can drive (delivery.driver)'],
    });
  // Decision 0051: someone on time off that day is not put on a crew.
  const available = await availabilityOf(db, accountId, input.date, input.userIds);
  const off = list.filter((d) => available.get(d.userId)?.status === 'off');
  if (off.length > 0)
    throw new AppError(
      'conflict',
      `${off.map((d) => d.name).join(', ')} ${off.length === 1 ? 'has' : 'have'} time off that day.`,
    );
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Two planners saving this truck's crew at once: one after the other, not a key clash.
    await tx
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.accountId, accountId), eq(vehicles.id, input.vehicleId)))
      .for('update');
    await tx
      .delete(deliveryCrews)
      .where(
        and(
          eq(deliveryCrews.accountId, accountId),
          eq(deliveryCrews.day, input.date),
          eq(deliveryCrews.vehicleId, input.vehicleId),
        ),
      );
    if (input.userIds.length > 0)
      await tx.insert(deliveryCrews).values(
        input.userIds.map((userId, i) => ({
          accountId,
          day: input.date,
          vehicleId: input.vehicleId,
          userId,
          // Keeps the planner's order: the first named leads.
          createdAt: new Date(Date.UTC(2000, 0, 1) + i),
        })),
      );
  });
}
