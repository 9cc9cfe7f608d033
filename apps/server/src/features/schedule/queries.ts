import {
  type Availability,
  availabilityOn,
  type Blackout,
  type BlackoutHit,
  type BlackoutKind,
  type BlackoutScope,
  blackoutsFor,
  bookingRulesSchema,
  businessHoursSchema,
  DEFAULT_SCHEDULE,
  localDate,
  type ScheduleResponse,
  type StaffScheduleMember,
  serviceHoursSchema,
  weekShiftsSchema,
} from '@tentpole/domain';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { memberships, users } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import { accountTimezone } from '../accounts/queries.js';
import { ownsAll, productCategoryPaths } from '../inventory/queries.js';
import { blackouts, schedules, staffShifts, staffTimeOff } from './tables.js';

type BlackoutRow = typeof blackouts.$inferSelect;

export function blackoutBody(row: BlackoutRow): Blackout {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    targetIds: row.targetIds,
    kind: row.kind,
    startDate: row.startDate,
    endDate: row.endDate,
    rrule: row.rrule,
    until: row.until,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A stored part that no longer reads (a schema grew stricter) is replaced by its default. */
const orDefault = <T>(parsed: { success: true; data: T } | { success: false }, fallback: T) =>
  parsed.success ? parsed.data : fallback;

/**
 * back-office spec §12: the account's schedule (business hours, service hours, booking rules)
 * with its time zone, in which every time and day of it is read. An account that never saved
 * one has `DEFAULT_SCHEDULE` and `updatedAt: null`.
 */
export async function scheduleOf(db: Db, accountId: string): Promise<ScheduleResponse> {
  const [[row], timeZone] = await Promise.all([
    db.select().from(schedules).where(eq(schedules.accountId, accountId)),
    accountTimezone(db, accountId),
  ]);
  if (!row) return { ...DEFAULT_SCHEDULE, timeZone, updatedAt: null };
  return {
    businessHours: orDefault(
      businessHoursSchema.safeParse(row.businessHours),
      DEFAULT_SCHEDULE.businessHours,
    ),
    serviceHours: orDefault(
      serviceHoursSchema.safeParse(row.serviceHours),
      DEFAULT_SCHEDULE.serviceHours,
    ),
    bookingRules: orDefault(
      bookingRulesSchema.safeParse(row.bookingRules),
      DEFAULT_SCHEDULE.bookingRules,
    ),
    timeZone,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The account's blackouts, by first day. */
export async function listBlackouts(db: Db, accountId: string): Promise<Blackout[]> {
  const rows = await db
    .select()
    .from(blackouts)
    .where(eq(blackouts.accountId, accountId))
    .orderBy(asc(blackouts.startDate), asc(blackouts.name));
  return rows.map(blackoutBody);
}

export async function findBlackout(
  db: Db,
  accountId: string,
  blackoutId: string,
): Promise<Blackout | null> {
  const [row] = await db
    .select()
    .from(blackouts)
    .where(and(eq(blackouts.accountId, accountId), eq(blackouts.id, blackoutId)));
  return row ? blackoutBody(row) : null;
}

/** What `blackoutsHitting` answers of each blackout that hits an event. */
export type BlackoutHitting = {
  id: string;
  name: string;
  kind: BlackoutKind;
  scope: BlackoutScope;
  /** The event's local days (YYYY-MM-DD) the blackout covers. */
  days: string[];
  /** The event's products it covers (every one, for the whole business). */
  productIds: string[];
};

/**
 * §12: the account's blackouts that hit an event, hard and online-only alike (the caller
 * decides what each kind refuses). The event's days are the local days, in the account's time
 * zone (read when `timeZone` is not given), from its start to its end; an end at midnight does
 * not reach into the next day.
 */
export async function blackoutsHitting(
  db: Db,
  accountId: string,
  event: {
    eventStart: Date | string;
    eventEnd: Date | string;
    productIds: readonly string[];
    timeZone?: string;
  },
): Promise<BlackoutHitting[]> {
  const timeZone = event.timeZone ?? (await accountTimezone(db, accountId));
  const start = new Date(event.eventStart);
  const end = new Date(event.eventEnd);
  const startDay = localDate(start, timeZone);
  const endDay = end > start ? localDate(new Date(end.getTime() - 1), timeZone) : startDay;
  // One-off blackouts overlapping the event, and recurring ones begun by its last day.
  const rows = await db
    .select()
    .from(blackouts)
    .where(
      and(
        eq(blackouts.accountId, accountId),
        lte(blackouts.startDate, endDay),
        or(isNotNull(blackouts.rrule), sql`${blackouts.endDate} >= ${startDay}`),
      ),
    )
    .orderBy(asc(blackouts.startDate), asc(blackouts.name));
  if (rows.length === 0) return [];
  const productIds = [...new Set(event.productIds)];
  const needsCategories = rows.some((r) => r.scope === 'category');
  const hits: BlackoutHit<BlackoutRow>[] = blackoutsFor(
    {
      startDay,
      endDay,
      productIds,
      categoryIdsByProduct: needsCategories
        ? Object.fromEntries(await productCategoryPaths(db, accountId, productIds))
        : {},
    },
    rows,
  );
  return hits.map(({ blackout, days, productIds: reached }) => ({
    id: blackout.id,
    name: blackout.name,
    kind: blackout.kind,
    scope: blackout.scope,
    days,
    productIds: reached,
  }));
}

/** The field errors for categories or products a blackout names that are not the account's. */
export async function unknownTargets(
  db: Db,
  accountId: string,
  scope: BlackoutScope,
  targetIds: readonly string[],
): Promise<Record<string, string[]>> {
  if (scope === 'business') return {};
  if (await ownsAll(db, accountId, scope, targetIds)) return {};
  return { targetIds: [scope === 'category' ? 'Unknown category' : 'Unknown product'] };
}

/**
 * §12 staff shifts and time off (decision 0051): the account's members who are not suspended,
 * each with their week (null: none set) and their time off from `today` on, by name.
 */
export async function staffSchedule(
  db: Db,
  accountId: string,
  today: string,
  onlyUserId?: string,
): Promise<StaffScheduleMember[]> {
  const members = await db
    .select({ userId: users.id, name: users.name, email: users.email, shifts: staffShifts.shifts })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(
      staffShifts,
      and(eq(staffShifts.accountId, memberships.accountId), eq(staffShifts.userId, users.id)),
    )
    .where(
      and(
        eq(memberships.accountId, accountId),
        isNull(memberships.suspendedAt),
        onlyUserId ? eq(users.id, onlyUserId) : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.email));
  if (members.length === 0) return [];
  const off = await db
    .select({
      id: staffTimeOff.id,
      userId: staffTimeOff.userId,
      from: staffTimeOff.fromDay,
      to: staffTimeOff.toDay,
      note: staffTimeOff.note,
    })
    .from(staffTimeOff)
    .where(
      and(
        eq(staffTimeOff.accountId, accountId),
        gte(staffTimeOff.toDay, today),
        inArray(
          staffTimeOff.userId,
          members.map((m) => m.userId),
        ),
      ),
    )
    .orderBy(asc(staffTimeOff.fromDay));
  return members.map((m) => ({
    userId: m.userId,
    name: m.name?.trim() || m.email,
    shifts: m.shifts ? weekShiftsSchema.parse(m.shifts) : null,
    timeOff: off.filter((t) => t.userId === m.userId).map(({ userId: _u, ...t }) => t),
  }));
}

/** Each of `userIds`' availability on `day` (decision 0051), for the Delivery Manager. */
export async function availabilityOf(
  db: Db,
  accountId: string,
  day: string,
  userIds: readonly string[],
): Promise<Map<string, Availability>> {
  const result = new Map<string, Availability>();
  if (userIds.length === 0) return result;
  const members = await staffSchedule(db, accountId, day);
  for (const m of members)
    if (userIds.includes(m.userId)) result.set(m.userId, availabilityOn(m, day));
  return result;
}
