import { describe, expect, it } from 'vitest';
import { formatCalendarDay } from './format-day';

describe('formatCalendarDay', () => {
  it('reads a calendar day with its weekday, whatever the time zone', () => {
    expect(formatCalendarDay('2030-06-14', 'en-US')).toBe('Fri, Jun 14, 2030');
    expect(formatCalendarDay('2030-12-31', 'en-US')).toBe('Tue, Dec 31, 2030');
  });

  it('leaves what is not a day as it is', () => {
    expect(formatCalendarDay('soon', 'en-US')).toBe('soon');
  });
});
