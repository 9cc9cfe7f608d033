const calendarDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

/**
 * A calendar date such as an event date ('2026-06-06' → 'Sat, Jun 6, 2026'). It names a day,
 * not an instant, so it is read and shown in UTC: no time zone moves it to the day before.
 */
export function formatCalendarDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : calendarDate.format(date);
}

/** An instant as a date in the viewer's time zone: 'Nov 20, 2026'. */
export function formatDate(isoDateTime: string): string {
  return shortDate.format(new Date(isoDateTime));
}

/** An instant as date and time in the viewer's time zone: 'Nov 20, 2026, 3:30 PM'. */
export function formatDateTime(isoDateTime: string): string {
  return dateTime.format(new Date(isoDateTime));
}

/** An instant as month and year: 'August 2026'. */
export function formatMonthYear(isoDateTime: string): string {
  return monthYear.format(new Date(isoDateTime));
}

/** Today in the viewer's time zone as 'YYYY-MM-DD', to compare with event dates. */
export function localIsoDate(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
