import { describe, expect, it } from 'vitest';
import { shiftLocalDays } from './shift-local-days';

describe('shiftLocalDays', () => {
  it('keeps the local time of day', () => {
    expect(shiftLocalDays('2030-06-14T19:00:00.000Z', 1, 'America/Chicago')).toBe(
      '2030-06-15T19:00:00.000Z',
    );
  });

  it('across the change to daylight saving time (Chicago, Mar 10, 2030)', () => {
    // 2 pm CST on Saturday is 2 pm CDT on Sunday: an hour earlier in UTC.
    expect(shiftLocalDays('2030-03-09T20:00:00.000Z', 1, 'America/Chicago')).toBe(
      '2030-03-10T19:00:00.000Z',
    );
  });
});
