import { dateTimeFormat } from '@tentpole/domain';

const dayFormat = (locale: string) =>
  dateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * A calendar day (`YYYY-MM-DD`, no time zone of its own) as people read it: 'Fri, Jun 14, 2030'.
 * Formatted at UTC midnight, so the day never shifts with the browser's time zone.
 */
export function formatCalendarDay(isoDay: string, locale: string): string {
  const at = new Date(`${isoDay}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? isoDay : dayFormat(locale).format(at);
}
