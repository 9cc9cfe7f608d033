import { localParts, zonedTime } from '../emails/automations';

/**
 * The same local time `days` days later in `timeZone` (ISO): a 2 pm party moved a day is at
 * 2 pm the next day, across a change to or from daylight saving time too. The wall clock is
 * read and named again by the domain's own zone functions (`localParts`, `zonedTime`); the
 * seconds, which they leave out, are carried over.
 */
export function shiftLocalDays(instant: string | Date, days: number, timeZone: string): string {
  const at = new Date(instant);
  const local = localParts(at, timeZone);
  const moved = zonedTime({ ...local, day: local.day + days }, timeZone);
  const seconds = ((at.getTime() % 60_000) + 60_000) % 60_000;
  return new Date(moved.getTime() + seconds).toISOString();
}
