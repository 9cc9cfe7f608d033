import { describe, expect, it } from 'vitest';
import { isValidTimeZone, localDate } from './time-zone';

describe('time zones', () => {
  it('knows IANA names and refuses anything else', () => {
    expect(isValidTimeZone('America/Chicago')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    // Asked again (the good names are kept), the answers stay.
    expect(isValidTimeZone('America/Chicago')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });

  it("gives an instant's local day: 11:30 pm on the 31st in Chicago is already the 1st in UTC", () => {
    const instant = new Date('2026-02-01T05:30:00Z');
    expect(localDate(instant, 'America/Chicago')).toBe('2026-01-31');
    expect(localDate(instant, 'UTC')).toBe('2026-02-01');
  });
});
