import { localParts } from '../emails/automations';
import { dayOf, weekdayOfDay } from './local-days';
import { type BusinessHours, minutesOf, WEEKDAYS, type Weekday } from './schedule-schemas';

/** The weekday of an instant's local day in a time zone. */
export function localWeekday(instant: Date, timeZone: string): Weekday {
  const { year, month, day } = localParts(instant, timeZone);
  return WEEKDAYS[weekdayOfDay(dayOf(year, month, day))] as Weekday;
}

/**
 * back-office spec §12: whether the business is open at an instant, read on the wall clock of
 * the account's time zone (Reach sends calls outside these hours to the after-hours greeting).
 * An interval includes its opening minute and ends before its closing one.
 */
export function isWithinHours(hours: BusinessHours, instant: Date, timeZone: string): boolean {
  const { hour, minute } = localParts(instant, timeZone);
  const day = hours[localWeekday(instant, timeZone)];
  if (day.closed) return false;
  const now = hour * 60 + minute;
  return day.intervals.some((i) => now >= minutesOf(i.open) && now < minutesOf(i.close));
}
