import { localDate } from '../dates/time-zone';
import { dayNumber } from './local-days';
import type { BookingRules } from './schedule-schemas';

export type BookingRuleIssue = {
  rule: 'minimum_notice' | 'maximum_advance';
  message: string;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * back-office spec §12: the booking rules an event starting at `eventStart` breaks when booked
 * at `now`. Minimum notice is counted in hours between the two instants; maximum advance in the
 * account's local calendar days (an event 30 days ahead is 30 days ahead at any hour).
 */
export function bookingRuleIssues({
  now,
  eventStart,
  timeZone,
  rules,
}: {
  now: Date;
  eventStart: Date;
  timeZone: string;
  rules: BookingRules;
}): BookingRuleIssue[] {
  const issues: BookingRuleIssue[] = [];
  const notice = rules.minNoticeHours;
  if (notice > 0 && eventStart.getTime() - now.getTime() < notice * 3_600_000)
    issues.push({
      rule: 'minimum_notice',
      message: `Bookings need at least ${plural(notice, "hour's", "hours'")} notice`,
    });
  const advance = rules.maxAdvanceDays;
  if (advance !== null) {
    const ahead = dayNumber(localDate(eventStart, timeZone)) - dayNumber(localDate(now, timeZone));
    if (ahead > advance)
      issues.push({
        rule: 'maximum_advance',
        message: `Bookings can be made at most ${plural(advance, 'day', 'days')} ahead`,
      });
  }
  return issues;
}
