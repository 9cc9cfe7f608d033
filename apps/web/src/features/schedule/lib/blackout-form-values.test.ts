import { describe, expect, it } from 'vitest';
import { blackoutFormValues, blackoutInputOf, repeatChoiceOf } from './blackout-form-values';

describe('repeatChoiceOf', () => {
  it.each<[string | null, string, ReturnType<typeof repeatChoiceOf>]>([
    [null, '2026-07-04', { repeats: 'never', weekdays: [], customRule: '' }],
    [
      'FREQ=WEEKLY;BYDAY=SU,SA',
      '2026-07-04',
      { repeats: 'weekly', weekdays: ['SA', 'SU'], customRule: '' },
    ],
    [
      'FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=4',
      '2026-07-04',
      { repeats: 'yearly', weekdays: [], customRule: '' },
    ],
    ['FREQ=YEARLY', '2026-07-04', { repeats: 'yearly', weekdays: [], customRule: '' }],
    [
      // A yearly rule on another date than the first day's is shown as it is.
      'FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=5',
      '2026-07-04',
      { repeats: 'custom', weekdays: [], customRule: 'FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=5' },
    ],
    [
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA',
      '2026-07-04',
      { repeats: 'custom', weekdays: [], customRule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA' },
    ],
  ])('reads %s', (rrule, start, expected) => {
    expect(repeatChoiceOf(rrule, start)).toEqual(expected);
  });
});

describe('blackoutInputOf', () => {
  it('sends a one-day blackout with its first day as its last, and no repeat end', () => {
    const values = {
      ...blackoutFormValues(),
      name: 'Once',
      startDate: '2026-07-04',
      until: '2027-01-01',
    };
    expect(blackoutInputOf(values)).toMatchObject({
      endDate: '2026-07-04',
      rrule: null,
      until: null,
    });
  });

  it('sends only the chosen scope’s targets', () => {
    const values = {
      ...blackoutFormValues(),
      scope: 'category' as const,
      categoryIds: ['c1'],
      productIds: ['p1'],
    };
    expect(blackoutInputOf(values).targetIds).toEqual(['c1']);
  });
});
