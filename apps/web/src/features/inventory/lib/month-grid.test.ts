import { describe, expect, it } from 'vitest';
import { formatMonth, monthWeeks, shiftMonth } from './month-grid';

describe('shiftMonth', () => {
  it.each([
    ['2026-06', 1, '2026-07'],
    ['2026-12', 1, '2027-01'],
    ['2026-01', -1, '2025-12'],
  ])('%s moved by %i is %s', (month, by, expected) => {
    expect(shiftMonth(month, by)).toBe(expected);
  });
});

describe('monthWeeks', () => {
  it('starts June 2026 on its Monday, after one empty Sunday, and fills the last week', () => {
    const days = Array.from({ length: 30 }, (_, i) => ({
      date: `2026-06-${String(i + 1).padStart(2, '0')}`,
    }));
    const weeks = monthWeeks('2026-06', days);
    expect(weeks).toHaveLength(5);
    expect(weeks[0]?.[0]).toBeNull();
    expect(weeks[0]?.[1]?.date).toBe('2026-06-01');
    expect(weeks[4]?.map((cell) => cell?.date ?? null)).toEqual([
      '2026-06-28',
      '2026-06-29',
      '2026-06-30',
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('formatMonth', () => {
  it('names the month and year', () => {
    expect(formatMonth('2026-06', 'en-US')).toBe('June 2026');
  });
});
