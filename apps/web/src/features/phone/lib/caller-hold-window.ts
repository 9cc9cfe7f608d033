import { zonedTime } from '@tentpole/domain';

/**
 * Issue 24 item 2: the party's window the caller asks about, typed as a day and two wall-clock
 * times where the business is, as the ISO instants the caller offer takes. Null while the day or
 * a time is incomplete; `endsBeforeStart` when the times are the wrong way round.
 */
export function callerHoldWindow(
  date: string,
  from: string,
  until: string,
  timeZone: string,
): { start: string; end: string } | 'endsBeforeStart' | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const start = clock(from);
  const end = clock(until);
  if (!day || !start || !end) return null;
  const [year, month, dayOfMonth] = [Number(day[1]), Number(day[2]), Number(day[3])];
  if (year < 1000 || month < 1 || month > 12 || dayOfMonth < 1 || dayOfMonth > 31) return null;
  const at = (time: { hour: number; minute: number }) =>
    zonedTime({ year, month, day: dayOfMonth, ...time }, timeZone);
  const startsAt = at(start);
  const endsAt = at(end);
  if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime())) return null;
  if (endsAt <= startsAt) return 'endsBeforeStart';
  return { start: startsAt.toISOString(), end: endsAt.toISOString() };
}

function clock(time: string): { hour: number; minute: number } | null {
  const match = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(time);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour < 24 && minute < 60 ? { hour, minute } : null;
}
