import { describe, expect, it } from 'vitest';
import { daysRemaining } from './days-remaining';

// Local-time dates, so the rows hold in any time zone.
const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

// spec §4: days remaining, as whole calendar days (dates compared, not 24-hour spans).
describe('daysRemaining', () => {
  it.each([
    {
      why: 'a trial ending tomorrow at 09:00 is 1 day away at 23:00 today',
      end: at(2025, 6, 11, 9),
      now: at(2025, 6, 10, 23),
      expected: 1,
    },
    {
      why: 'a trial ending later today is 0 days away',
      end: at(2025, 6, 10, 23, 59),
      now: at(2025, 6, 10, 8),
      expected: 0,
    },
    {
      why: 'a trial that ended this morning is still 0 days away',
      end: at(2025, 6, 10, 0, 30),
      now: at(2025, 6, 10, 23),
      expected: 0,
    },
    {
      why: 'a trial that ended yesterday is -1',
      end: at(2025, 6, 9, 23),
      now: at(2025, 6, 10, 1),
      expected: -1,
    },
    {
      why: 'a trial 14 days out is 14',
      end: at(2025, 6, 24, 12),
      now: at(2025, 6, 10, 12),
      expected: 14,
    },
    { why: 'counts across a month end', end: at(2025, 3, 1), now: at(2025, 2, 27), expected: 2 },
    {
      why: 'counts across a daylight-saving change',
      end: at(2025, 3, 31),
      now: at(2025, 3, 1),
      expected: 30,
    },
  ])('$why', ({ end, now, expected }) => {
    expect(daysRemaining(end, now)).toBe(expected);
  });

  it.each([
    { why: 'reads a date-only string as a local calendar date', end: '2025-06-11', expected: 1 },
    { why: 'reads a local date-time string', end: '2025-06-12T09:00:00', expected: 2 },
  ])('$why', ({ end, expected }) => {
    expect(daysRemaining(end, at(2025, 6, 10, 23, 30))).toBe(expected);
  });

  it('reads an ISO instant by its local calendar date', () => {
    const end = at(2025, 6, 20, 12);
    expect(daysRemaining(end.toISOString(), at(2025, 6, 10, 12))).toBe(10);
  });

  it('gives NaN for an unparseable date', () => {
    expect(daysRemaining('not a date', at(2025, 6, 10))).toBeNaN();
  });
});
