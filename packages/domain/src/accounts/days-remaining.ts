const MS_PER_DAY = 86_400_000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  // A bare 'YYYY-MM-DD' is a calendar date, not UTC midnight (which is what Date would parse
  // it as, and which is the previous day west of Greenwich).
  const match = DATE_ONLY.exec(value);
  if (match) return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(value);
}

function calendarDay(date: Date): number {
  // Day number of the local calendar date; going through UTC keeps DST shifts out of it.
  return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / MS_PER_DAY;
}

/**
 * spec §4: days remaining until the trial end date, in whole calendar days of the local time
 * zone. Calendar dates are compared, not 24-hour spans, so a trial ending tomorrow at 09:00
 * is 1 day away at 23:00 today, and one ending today at 00:30 is 0 days away all day.
 * An unparseable date gives NaN (and trialBannerState(NaN) shows no banner).
 */
export function daysRemaining(trialEndDate: string | Date, now: Date): number {
  const end = toDate(trialEndDate);
  if (Number.isNaN(end.getTime()) || Number.isNaN(now.getTime())) return Number.NaN;
  return calendarDay(end) - calendarDay(now);
}
