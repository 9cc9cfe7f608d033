/** The zone's offset from UTC at an instant, in ms (local wall clock minus UTC). */
function offsetMs(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return local - Math.floor(at / 1000) * 1000;
}

/**
 * The same local time `days` days later in `timeZone` (ISO): a 2 pm party moved a day is at
 * 2 pm the next day, across a change to or from daylight saving time too.
 */
export function shiftLocalDays(instant: string | Date, days: number, timeZone: string): string {
  const at = new Date(instant).getTime();
  const moved = at + days * 86_400_000;
  return new Date(moved + offsetMs(timeZone, at) - offsetMs(timeZone, moved)).toISOString();
}
