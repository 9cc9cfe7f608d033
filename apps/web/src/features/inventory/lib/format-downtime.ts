import { type Downtime, dateTimeFormat } from '@tentpole/domain';

const when = (locale: string) =>
  dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

/** A downtime's time span: 'Jun 5, 2026, 9:00 AM – Jun 7, 2026, 5:00 PM', or 'since …'. */
export function formatDowntimeSpan(
  downtime: Pick<Downtime, 'from' | 'until'>,
  locale: string,
): string {
  const from = when(locale).format(new Date(downtime.from));
  return downtime.until
    ? `${from} – ${when(locale).format(new Date(downtime.until))}`
    : `Since ${from}, open-ended`;
}

/** Whether the downtime covers the instant `now` (it is current). */
export function isCurrentDowntime(
  downtime: Pick<Downtime, 'from' | 'until'>,
  now: number = Date.now(),
): boolean {
  return (
    Date.parse(downtime.from) <= now &&
    (downtime.until === null || Date.parse(downtime.until) > now)
  );
}
