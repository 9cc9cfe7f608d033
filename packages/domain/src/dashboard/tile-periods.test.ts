import { describe, expect, it } from 'vitest';
import { lastSevenDays, thisWeek, yearToDate } from './tile-periods';

describe('the tiles’ periods (back-office §11)', () => {
  it('the last seven days include today and cross a month end', () => {
    expect(lastSevenDays('2026-03-03')).toEqual({
      current: { from: '2026-02-25', to: '2026-03-03' },
      previous: { from: '2026-02-18', to: '2026-02-24' },
    });
  });

  it.each([
    ['a Monday', '2026-11-16'],
    ['a Friday', '2026-11-20'],
    ['a Sunday', '2026-11-22'],
  ])('this week runs Monday to Sunday, on %s too', (_, today) => {
    expect(thisWeek(today)).toEqual({
      current: { from: '2026-11-16', to: '2026-11-22' },
      previous: { from: '2026-11-09', to: '2026-11-15' },
    });
  });

  it('a week across the new year', () => {
    expect(thisWeek('2027-01-01').current).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });

  it('year to date against the same days last year; 29 February against the 28th', () => {
    expect(yearToDate('2026-11-20')).toEqual({
      current: { from: '2026-01-01', to: '2026-11-20' },
      previous: { from: '2025-01-01', to: '2025-11-20' },
    });
    expect(yearToDate('2028-02-29').previous).toEqual({ from: '2027-01-01', to: '2027-02-28' });
  });
});
