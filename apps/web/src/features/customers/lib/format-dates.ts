import { dateTimeFormat } from '@tentpole/domain';

const calendarDate = (locale: string) =>
  dateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
const shortDate = (locale: string) => dateTimeFormat(locale, { dateStyle: 'medium' });
const dateTime = (locale: string) =>
  dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
const monthYear = (locale: string) => dateTimeFormat(locale, { month: 'long', year: 'numeric' });

/**
 * A calendar date such as an event date ('2026-06-06' → 'Sat, Jun 6, 2026'). It names a day,
 * not an instant, so it is read and shown in UTC: no time zone moves it to the day before.
 */
export function formatCalendarDate(isoDate: string, locale: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : calendarDate(locale).format(date);
}

/** An instant as a date in the viewer's time zone: 'Nov 20, 2026'. */
export function formatDate(isoDateTime: string, locale: string): string {
  return shortDate(locale).format(new Date(isoDateTime));
}

/** An instant as date and time in the viewer's time zone: 'Nov 20, 2026, 3:30 PM'. */
export function formatDateTime(isoDateTime: string, locale: string): string {
  return dateTime(locale).format(new Date(isoDateTime));
}

/** An instant as month and year: 'August 2026'. */
export function formatMonthYear(isoDateTime: string, locale: string): string {
  return monthYear(locale).format(new Date(isoDateTime));
}

/** Today in the viewer's time zone as 'YYYY-MM-DD', to compare with event dates. */
export function localIsoDate(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
