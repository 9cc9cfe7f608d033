import { BOUNCE_KINGDOM, type DayHours, DEFAULT_SCHEDULE } from '@tentpole/domain';
import { accountIdByName } from '../accounts/queries.js';
import type { SeedContext } from '../feature.js';
import { blackouts, schedules } from './tables.js';

const nineToSix: DayHours = { closed: false, intervals: [{ open: '09:00', close: '18:00' }] };

/**
 * Bounce Kingdom's schedule: office hours Monday to Saturday 9–6, closed Sunday; no bookings
 * on the 4th of July, every year; and no online bookings on Sundays (staff can still book one
 * by phone). The demo orders were booked before these, so they are left as they are.
 */
export async function seedSchedule({ db, now }: SeedContext): Promise<void> {
  const accountId = await accountIdByName(db, BOUNCE_KINGDOM);
  const year = now.getUTCFullYear();
  await db.insert(schedules).values({
    accountId,
    businessHours: {
      mon: nineToSix,
      tue: nineToSix,
      wed: nineToSix,
      thu: nineToSix,
      fri: nineToSix,
      sat: nineToSix,
      sun: { closed: true, intervals: [] },
    },
    serviceHours: {
      ...DEFAULT_SCHEDULE.serviceHours,
      sun: { earliestDelivery: '09:00', latestPickup: '19:00' },
    },
    bookingRules: { minNoticeHours: 0, maxAdvanceDays: 730, maxDeliveriesPerDay: 12 },
    updatedAt: now,
  });
  await db.insert(blackouts).values([
    {
      accountId,
      name: 'Independence Day',
      scope: 'business',
      kind: 'hard',
      startDate: `${year - 1}-07-04`,
      endDate: `${year - 1}-07-04`,
      rrule: 'FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=4',
    },
    {
      accountId,
      name: 'Sundays: phone bookings only',
      scope: 'business',
      kind: 'online_only',
      // The first Sunday of last year starts the weekly rule.
      startDate: firstSunday(year - 1),
      endDate: firstSunday(year - 1),
      rrule: 'FREQ=WEEKLY;BYDAY=SU',
    },
  ]);
}

function firstSunday(year: number): string {
  const jan1 = new Date(Date.UTC(year, 0, 1));
  const day = 1 + ((7 - jan1.getUTCDay()) % 7);
  return `${year}-01-${String(day).padStart(2, '0')}`;
}
