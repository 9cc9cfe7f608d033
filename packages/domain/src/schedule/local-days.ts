/**
 * Calendar days as whole numbers (days since 1970-01-01) and back. A schedule's days are the
 * account's local calendar days, never instants: counting them on a proleptic calendar in UTC
 * means no time zone or daylight-saving change can move one.
 */
const DAY_MS = 86_400_000;

export const LOCAL_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The day number of YYYY-MM-DD, or NaN when it is not a real date (2026-02-30). */
export function dayNumber(day: string): number {
  if (!LOCAL_DAY_PATTERN.test(day)) return Number.NaN;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const ms = Date.UTC(year, month - 1, date);
  const back = new Date(ms);
  if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== date) return Number.NaN;
  return ms / DAY_MS;
}

export function dayString(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** Whether a string is a real calendar day written YYYY-MM-DD. */
export function isLocalDay(day: string): boolean {
  return !Number.isNaN(dayNumber(day));
}

/** 0 = Monday … 6 = Sunday (RFC 5545's MO … SU). */
export function weekdayOfDay(n: number): number {
  return (((n + 3) % 7) + 7) % 7;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The day number of a year, month (1–12) and date. */
export function dayOf(year: number, month: number, date: number): number {
  return Date.UTC(year, month - 1, date) / DAY_MS;
}

/** Year and month (1–12) of a day number. */
export function yearMonthOf(n: number): { year: number; month: number; date: number } {
  const d = new Date(n * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, date: d.getUTCDate() };
}
