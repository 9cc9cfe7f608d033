import { dateTimeFormat } from '@tentpole/domain';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month of a date in the viewer's time zone: 'YYYY-MM'. */
export function monthOf(date: Date = new Date()): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** The month `by` months after (or before) `month`: ('2026-01', -1) → '2025-12'. */
export function shiftMonth(month: string, by: number): string {
  const match = MONTH.exec(month);
  if (!match) return month;
  const index = Number(match[1]) * 12 + Number(match[2]) - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const monthLabel = (locale: string) =>
  dateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** '2026-06' → 'June 2026'. */
export function formatMonth(month: string, locale: string): string {
  return monthLabel(locale).format(new Date(`${month}-01T00:00:00Z`));
}

/**
 * The days of a month laid out in weeks, Sunday first: each week seven cells, a day's cell
 * holding its item, the cells before the first and after the last day null.
 */
export function monthWeeks<T extends { date: string }>(
  month: string,
  days: readonly T[],
): (T | null)[][] {
  const firstWeekday = new Date(`${month}-01T00:00:00Z`).getUTCDay();
  const cells: (T | null)[] = [
    ...Array<null>(Number.isNaN(firstWeekday) ? 0 : firstWeekday).fill(null),
    ...days,
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (T | null)[][] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}
