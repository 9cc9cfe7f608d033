/** The calendar's days: local dates as `YYYY-MM-DD`, and the ranges its views show. */

const pad = (n: number) => String(n).padStart(2, '0');

export const CALENDAR_VIEWS = ['month', 'week', 'day', 'list'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function dateOf(key: string): Date {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

export function addDays(key: string, days: number): string {
  const date = dateOf(key);
  date.setDate(date.getDate() + days);
  return dayKey(date);
}

/** Whole days from `a` to `b` (local dates; daylight saving does not change the count). */
export function daysBetween(a: string, b: string): number {
  return Math.round((dateOf(b).getTime() - dateOf(a).getTime()) / 86_400_000);
}

/** An instant moved by whole local days, keeping its time of day. */
export function shiftInstant(iso: string, days: number): string {
  const date = new Date(iso);
  date.setDate(date.getDate() + days);
  return date.toISOString();
}

/** The days a view shows for the date it is on: whole weeks (Sunday first) for a month. */
export function visibleDays(view: CalendarView, key: string): string[] {
  const date = dateOf(key);
  if (view === 'day') return [key];
  if (view === 'week') {
    const start = addDays(key, -date.getDay());
    return Array.from({ length: 7 }, (_, i) => addDays(start, i));
  }
  const first = new Date(date.getFullYear(), date.getMonth(), 1);
  const last = new Date(date.getFullYear(), date.getMonth() + 1, 0);
  const start = addDays(dayKey(first), -first.getDay());
  const end = addDays(dayKey(last), 6 - last.getDay());
  return Array.from({ length: daysBetween(start, end) + 1 }, (_, i) => addDays(start, i));
}

/** The date a view moves to with its previous/next buttons. */
export function stepDate(view: CalendarView, key: string, direction: 1 | -1): string {
  if (view === 'day') return addDays(key, direction);
  if (view === 'week') return addDays(key, 7 * direction);
  const date = dateOf(key);
  return dayKey(new Date(date.getFullYear(), date.getMonth() + direction, 1));
}
