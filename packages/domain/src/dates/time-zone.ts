const validTimeZones = new Set<string>();

/** Whether the runtime knows an IANA time zone name (an account's setting may hold any text). */
export function isValidTimeZone(timeZone: string): boolean {
  // Asked on every request that reads an account's time zone; building the format that proves
  // a name costs 60 µs or more, so the names found good are kept (there are a few hundred).
  if (validTimeZones.has(timeZone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    return false;
  }
  if (validTimeZones.size < 1_000) validTimeZones.add(timeZone);
  return true;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The local calendar day of an instant in a time zone, as YYYY-MM-DD. */
export function localDate(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}
