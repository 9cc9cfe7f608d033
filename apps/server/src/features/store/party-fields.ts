/**
 * A party's local day and times as the store's forms and links carry them (`YYYY-MM-DD`,
 * `HH:MM` on a 24-hour clock) in the store's time zone: a cart's party on its pages, and the
 * abandoned-cart text's link back to it.
 */
export function partyFields(
  timeZone: string,
  start: Date,
  end: Date,
): { date: string; start: string; end: string } {
  const part = (d: Date, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, ...options }).format(d);
  const hm = (d: Date) =>
    part(d, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).replace(/^24/, '00');
  return {
    date: part(start, { year: 'numeric', month: '2-digit', day: '2-digit' }),
    start: hm(start),
    end: hm(end),
  };
}
