import {
  type Blackout,
  type BlackoutInputParsed,
  type BlackoutPatch,
  blackoutConsistencyIssues,
  type Schedule,
  type ScheduleResponse,
  type WeekShifts,
} from '@tentpole/domain';
import { and, eq } from 'drizzle-orm';
import { memberships } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { blackoutBody, scheduleOf, unknownTargets } from './queries.js';
import { blackouts, schedules, staffShifts, staffTimeOff } from './tables.js';

const invalid = (fields: Record<string, string[]>) =>
  new AppError('validation_failed', 'Some fields are not valid.', fields);

/** Saves the account's hours, service hours and booking rules, whole (PUT). */
export async function saveSchedule(
  db: Db,
  accountId: string,
  schedule: Schedule,
  now: Date,
): Promise<ScheduleResponse> {
  const values = {
    businessHours: schedule.businessHours,
    serviceHours: schedule.serviceHours,
    bookingRules: schedule.bookingRules,
    updatedAt: now,
  };
  await db
    .insert(schedules)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: schedules.accountId, set: values });
  return scheduleOf(db, accountId);
}

/** The columns of a blackout; a whole-business one names no targets, a one-off no repeat end. */
async function columns(db: Db, accountId: string, blackout: BlackoutInputParsed) {
  const targetIds = blackout.scope === 'business' ? [] : [...new Set(blackout.targetIds)];
  const fields = await unknownTargets(db, accountId, blackout.scope, targetIds);
  if (Object.keys(fields).length > 0) throw invalid(fields);
  return {
    name: blackout.name,
    scope: blackout.scope,
    targetIds,
    kind: blackout.kind,
    startDate: blackout.startDate,
    endDate: blackout.endDate,
    rrule: blackout.rrule,
    until: blackout.rrule ? blackout.until : null,
  };
}

export async function createBlackout(
  db: Db,
  accountId: string,
  input: BlackoutInputParsed,
  now: Date,
): Promise<Blackout> {
  const [row] = await db
    .insert(blackouts)
    .values({ accountId, ...(await columns(db, accountId, input)), createdAt: now, updatedAt: now })
    .returning();
  return blackoutBody(row as typeof blackouts.$inferSelect);
}

/** Changes a blackout; the rules tying fields together are checked on the blackout it makes. */
export async function updateBlackout(
  db: Db,
  accountId: string,
  blackoutId: string,
  patch: BlackoutPatch,
  now: Date,
): Promise<Blackout> {
  const [row] = await db
    .select()
    .from(blackouts)
    .where(and(eq(blackouts.accountId, accountId), eq(blackouts.id, blackoutId)));
  if (!row) throw notFound('Blackout');
  const merged = {
    name: row.name,
    scope: row.scope,
    targetIds: row.targetIds,
    kind: row.kind,
    startDate: row.startDate,
    endDate: row.endDate,
    rrule: row.rrule,
    until: row.until,
    ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
  } as BlackoutInputParsed;
  const issues = blackoutConsistencyIssues(merged);
  if (issues.length > 0)
    throw invalid(Object.fromEntries(issues.map((i) => [i.path, [i.message]])));
  const [updated] = await db
    .update(blackouts)
    .set({ ...(await columns(db, accountId, merged)), updatedAt: now })
    .where(and(eq(blackouts.accountId, accountId), eq(blackouts.id, blackoutId)))
    .returning();
  if (!updated) throw notFound('Blackout');
  return blackoutBody(updated);
}

export async function deleteBlackout(db: Db, accountId: string, blackoutId: string) {
  const deleted = await db
    .delete(blackouts)
    .where(and(eq(blackouts.accountId, accountId), eq(blackouts.id, blackoutId)))
    .returning({ id: blackouts.id });
  if (deleted.length === 0) throw notFound('Blackout');
}

/** The member, or a 404: another account's user is not found here. */
async function memberOf(db: Db, accountId: string, userId: string) {
  const [member] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
  if (!member) throw notFound('Member');
}

/** §12 (decision 0051): a member's week, whole; null clears it (no schedule). */
export async function saveShifts(
  db: Db,
  accountId: string,
  userId: string,
  shifts: WeekShifts | null,
  now: Date,
) {
  await memberOf(db, accountId, userId);
  if (shifts === null)
    await db
      .delete(staffShifts)
      .where(and(eq(staffShifts.accountId, accountId), eq(staffShifts.userId, userId)));
  else
    await db
      .insert(staffShifts)
      .values({ accountId, userId, shifts, updatedAt: now })
      .onConflictDoUpdate({
        target: [staffShifts.accountId, staffShifts.userId],
        set: { shifts, updatedAt: now },
      });
}

/** §12: days off for a member. */
export async function addTimeOff(
  db: Db,
  accountId: string,
  userId: string,
  input: { from: string; to: string; note: string },
) {
  await memberOf(db, accountId, userId);
  const [row] = await db
    .insert(staffTimeOff)
    .values({ accountId, userId, fromDay: input.from, toDay: input.to, note: input.note })
    .returning();
  if (!row) throw new Error('time off was not stored');
  return { id: row.id, from: row.fromDay, to: row.toDay, note: row.note };
}

export async function deleteTimeOff(db: Db, accountId: string, id: string) {
  const gone = await db
    .delete(staffTimeOff)
    .where(and(eq(staffTimeOff.accountId, accountId), eq(staffTimeOff.id, id)))
    .returning({ id: staffTimeOff.id });
  if (gone.length === 0) throw notFound('Time off');
}
