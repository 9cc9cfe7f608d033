import { describe, expect, it } from 'vitest';
import { isWithinHours, localWeekday } from './business-hours';
import { type BusinessHours, DEFAULT_SCHEDULE } from './schedule-schemas';

// Monday to Friday 09:00–12:00 and 13:00–17:00, Saturday until midnight, Sunday closed.
const hours: BusinessHours = {
  ...DEFAULT_SCHEDULE.businessHours,
  mon: {
    closed: false,
    intervals: [
      { open: '09:00', close: '12:00' },
      { open: '13:00', close: '17:00' },
    ],
  },
  sat: { closed: false, intervals: [{ open: '10:00', close: '24:00' }] },
  sun: { closed: true, intervals: [{ open: '09:00', close: '17:00' }] },
};
const CHICAGO = 'America/Chicago';

describe('isWithinHours', () => {
  it.each<[string, string, string, boolean]>([
    ['Monday 09:00 Chicago, the opening minute', '2026-03-02T15:00:00Z', CHICAGO, true],
    ['Monday 08:59 Chicago', '2026-03-02T14:59:00Z', CHICAGO, false],
    ['Monday 12:00 Chicago, lunch', '2026-03-02T18:00:00Z', CHICAGO, false],
    ['Monday 16:59 Chicago', '2026-03-02T22:59:00Z', CHICAGO, true],
    ['Monday 17:00 Chicago, closing', '2026-03-02T23:00:00Z', CHICAGO, false],
    // 8 March 2026 the US moves to daylight time: 09:00 Monday is 14:00 UTC, not 15:00.
    ['Monday 9 March 09:00 CDT', '2026-03-09T14:00:00Z', CHICAGO, true],
    ['Monday 9 March 08:00 CDT', '2026-03-09T13:00:00Z', CHICAGO, false],
    // 1 November 2026 it moves back: 09:00 Monday 2 November is 15:00 UTC again.
    ['Monday 2 November 08:00 CST', '2026-11-02T14:00:00Z', CHICAGO, false],
    ['Monday 2 November 09:00 CST', '2026-11-02T15:00:00Z', CHICAGO, true],
    ['Saturday 23:59 Chicago, open until midnight', '2026-03-08T05:59:00Z', CHICAGO, true],
    ['a closed Sunday, whatever its intervals say', '2026-03-01T16:00:00Z', CHICAGO, false],
    ['Monday 09:30 in UTC is still Sunday in Chicago', '2026-03-02T09:30:00Z', CHICAGO, false],
    ['Monday 09:30 UTC read in UTC', '2026-03-02T09:30:00Z', 'UTC', true],
  ])('%s', (_, instant, timeZone, open) => {
    expect(isWithinHours(hours, new Date(instant), timeZone)).toBe(open);
  });
});

describe('localWeekday', () => {
  it('is the day of the local calendar, not of UTC', () => {
    expect(localWeekday(new Date('2026-03-02T03:00:00Z'), CHICAGO)).toBe('sun');
    expect(localWeekday(new Date('2026-03-02T03:00:00Z'), 'Europe/Berlin')).toBe('mon');
  });
});
