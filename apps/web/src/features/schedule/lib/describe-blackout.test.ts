import type { Blackout } from '@tentpole/domain';
import { describe, expect, it } from 'vitest';
import { describeWhen, nextBlackoutDay } from './describe-blackout';

const blackout = (over: Partial<Blackout>): Blackout => ({
  id: 'b',
  name: 'B',
  scope: 'business',
  targetIds: [],
  kind: 'hard',
  startDate: '2026-07-04',
  endDate: '2026-07-04',
  rrule: null,
  until: null,
  createdAt: '',
  updatedAt: '',
  ...over,
});

describe('describeWhen', () => {
  it.each<[Partial<Blackout>, string]>([
    [{}, 'Jul 4, 2026'],
    [{ startDate: '2026-12-24', endDate: '2027-01-02' }, 'Dec 24, 2026 – Jan 2, 2027'],
    [{ rrule: 'FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=4' }, 'Every year on July 4, from 2026'],
    [
      {
        startDate: '2026-07-04',
        endDate: '2026-07-05',
        rrule: 'FREQ=WEEKLY;BYDAY=SA,SU',
        until: '2026-12-31',
      },
      'Every week on Saturday and Sunday, 2 days each, from Jul 4, 2026 until Dec 31, 2026',
    ],
    [
      { startDate: '2026-11-26', endDate: '2026-11-26', rrule: 'FREQ=YEARLY;BYMONTH=11;BYDAY=4TH' },
      'Repeats by the rule FREQ=YEARLY;BYMONTH=11;BYDAY=4TH, from Nov 26, 2026',
    ],
  ])('%o', (over, text) => {
    expect(describeWhen(blackout(over), 'en-US')).toBe(text);
  });
});

describe('nextBlackoutDay', () => {
  it.each<[Partial<Blackout>, string, string | null]>([
    [{}, '2026-07-01', '2026-07-04'],
    [{}, '2026-07-05', null],
    [{ rrule: 'FREQ=YEARLY' }, '2026-07-05', '2027-07-04'],
    [
      { startDate: '2024-02-29', endDate: '2024-02-29', rrule: 'FREQ=YEARLY' },
      '2026-03-01',
      '2028-02-29',
    ],
    [
      { startDate: '2026-01-04', endDate: '2026-01-04', rrule: 'FREQ=WEEKLY;BYDAY=SU' },
      '2026-03-09',
      '2026-03-15',
    ],
  ])('%o from %s', (over, today, next) => {
    expect(nextBlackoutDay(blackout(over), today)).toBe(next);
  });
});
