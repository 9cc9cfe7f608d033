import { describe, expect, it } from 'vitest';
import {
  isValidRepeatRule,
  normalizeRepeatRule,
  parseRepeatRule,
  repeatStarts,
} from './repeat-rule';

const starts = (rule: string, start: string, from: string, to: string, until?: string) => {
  const parsed = parseRepeatRule(rule);
  if (!parsed) throw new Error(`not a rule: ${rule}`);
  return repeatStarts(parsed, start, from, to, until ?? null);
};

describe('parseRepeatRule', () => {
  it.each([
    'FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=4',
    'FREQ=WEEKLY;BYDAY=SU',
    'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA,SU;WKST=SU',
    'FREQ=YEARLY;BYMONTH=11;BYDAY=4TH',
    'FREQ=MONTHLY;BYMONTHDAY=-1',
    'FREQ=DAILY;COUNT=3',
    'FREQ=DAILY;UNTIL=20261231',
    'FREQ=DAILY;UNTIL=20261231T235959Z',
    'rrule:freq=weekly;byday=su',
  ])('reads %s', (rule) => {
    expect(isValidRepeatRule(rule)).toBe(true);
  });

  it.each([
    ['nothing', ''],
    ['no frequency', 'BYDAY=SU'],
    ['an hourly rule', 'FREQ=HOURLY'],
    ['a made-up weekday', 'FREQ=WEEKLY;BYDAY=XX'],
    ['a 13th month', 'FREQ=YEARLY;BYMONTH=13'],
    ['a day 0 of the month', 'FREQ=MONTHLY;BYMONTHDAY=0'],
    ['an interval of 0', 'FREQ=DAILY;INTERVAL=0'],
    ['COUNT with UNTIL', 'FREQ=DAILY;COUNT=2;UNTIL=20260101'],
    ['an ordinal in a weekly rule', 'FREQ=WEEKLY;BYDAY=1SU'],
    ['BYMONTHDAY in a weekly rule', 'FREQ=WEEKLY;BYMONTHDAY=1'],
    ['a part twice', 'FREQ=DAILY;FREQ=WEEKLY'],
    ['an unsupported part', 'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1'],
    ['a time of day', 'FREQ=DAILY;BYHOUR=9'],
    ['an impossible UNTIL', 'FREQ=DAILY;UNTIL=20260230'],
    ['free text', 'every sunday'],
  ])('refuses %s', (_, rule) => {
    expect(parseRepeatRule(rule)).toBeNull();
  });

  it('stores a rule upper case without its RRULE: prefix', () => {
    expect(normalizeRepeatRule(' RRULE:freq=weekly; byday=su ')).toBe('FREQ=WEEKLY;BYDAY=SU');
  });
});

describe('repeatStarts', () => {
  it.each<[string, string, string, string, string, string[]]>([
    [
      'July 4th every year',
      'FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=4',
      '2026-07-04',
      '2026-01-01',
      '2029-12-31',
      ['2026-07-04', '2027-07-04', '2028-07-04', '2029-07-04'],
    ],
    [
      'FREQ=YEARLY alone repeats the first day',
      'FREQ=YEARLY',
      '2026-07-04',
      '2027-01-01',
      '2028-12-31',
      ['2027-07-04', '2028-07-04'],
    ],
    [
      '29 February every year: leap years only',
      'FREQ=YEARLY',
      '2024-02-29',
      '2024-01-01',
      '2033-12-31',
      ['2024-02-29', '2028-02-29', '2032-02-29'],
    ],
    [
      '29 February by month and day: leap years only',
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
      '2024-02-29',
      '2025-01-01',
      '2029-12-31',
      ['2028-02-29'],
    ],
    [
      "February's last day, whatever the year",
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1',
      '2024-02-29',
      '2024-01-01',
      '2026-12-31',
      ['2024-02-29', '2025-02-28', '2026-02-28'],
    ],
    [
      'Sundays across the March daylight-saving change (8 March 2026 in the US)',
      'FREQ=WEEKLY;BYDAY=SU',
      '2026-01-04',
      '2026-03-01',
      '2026-03-15',
      ['2026-03-01', '2026-03-08', '2026-03-15'],
    ],
    [
      'Sundays across the November change (1 November 2026)',
      'FREQ=WEEKLY;BYDAY=SU',
      '2026-01-04',
      '2026-10-25',
      '2026-11-08',
      ['2026-10-25', '2026-11-01', '2026-11-08'],
    ],
    [
      'Thanksgiving: the fourth Thursday of November',
      'FREQ=YEARLY;BYMONTH=11;BYDAY=4TH',
      '2026-11-26',
      '2026-01-01',
      '2028-12-31',
      ['2026-11-26', '2027-11-25', '2028-11-23'],
    ],
    [
      "Memorial Day: May's last Monday",
      'FREQ=YEARLY;BYMONTH=5;BYDAY=-1MO',
      '2026-05-25',
      '2026-01-01',
      '2027-12-31',
      ['2026-05-25', '2027-05-31'],
    ],
    [
      'the 31st: months without one are skipped',
      'FREQ=MONTHLY',
      '2026-01-31',
      '2026-01-01',
      '2026-05-31',
      ['2026-01-31', '2026-03-31', '2026-05-31'],
    ],
    [
      'every other Saturday',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA',
      '2026-01-03',
      '2026-01-01',
      '2026-02-01',
      ['2026-01-03', '2026-01-17', '2026-01-31'],
    ],
    [
      'a first day off the rule is not an occurrence',
      'FREQ=WEEKLY;BYDAY=SU',
      '2026-07-04',
      '2026-07-01',
      '2026-07-12',
      ['2026-07-05', '2026-07-12'],
    ],
    [
      'COUNT counts from the first day, also before the span',
      'FREQ=WEEKLY;COUNT=3',
      '2026-01-05',
      '2026-01-13',
      '2026-03-01',
      ['2026-01-19'],
    ],
    [
      'UNTIL includes its day',
      'FREQ=DAILY;UNTIL=20260105',
      '2026-01-01',
      '2025-12-01',
      '2026-01-31',
      ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05'],
    ],
    [
      'weekends, as a daily rule',
      'FREQ=DAILY;BYDAY=SA,SU',
      '2026-07-01',
      '2026-07-01',
      '2026-07-12',
      ['2026-07-04', '2026-07-05', '2026-07-11', '2026-07-12'],
    ],
    [
      "a year's 20th Monday",
      'FREQ=YEARLY;BYDAY=20MO',
      '2026-01-01',
      '2026-01-01',
      '2027-12-31',
      ['2026-05-18', '2027-05-17'],
    ],
    [
      'a span far from the first day',
      'FREQ=WEEKLY;BYDAY=SU',
      '2000-01-02',
      '2099-12-20',
      '2099-12-31',
      ['2099-12-20', '2099-12-27'],
    ],
  ])('%s', (_, rule, start, from, to, expected) => {
    expect(starts(rule, start, from, to)).toEqual(expected);
  });

  it('stops at the blackout’s own last repeat', () => {
    expect(starts('FREQ=YEARLY', '2026-07-04', '2026-01-01', '2030-12-31', '2028-07-03')).toEqual([
      '2026-07-04',
      '2027-07-04',
    ]);
  });
});
