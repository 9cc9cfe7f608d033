import { describe, expect, it } from 'vitest';
import { type BlackoutEvent, blackoutDaysBetween, blackoutsFor } from './blackout-days';
import type { BlackoutKind, BlackoutScope } from './blackout-schemas';

const CASTLE = '11111111-1111-4111-8111-111111111111';
const TENT = '22222222-2222-4222-8222-222222222222';
const INFLATABLES = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const WATER = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

type Example = {
  name: string;
  scope: BlackoutScope;
  targetIds: string[];
  kind: BlackoutKind;
  startDate: string;
  endDate: string;
  rrule: string | null;
  until: string | null;
};

const blackout = (over: Partial<Example> = {}): Example => ({
  name: 'Closed',
  scope: 'business',
  targetIds: [],
  kind: 'hard',
  startDate: '2026-07-04',
  endDate: '2026-07-04',
  rrule: null,
  until: null,
  ...over,
});

describe('blackoutDaysBetween', () => {
  it.each<[string, Partial<Example>, string, string, string[]]>([
    ['a one-off day inside the span', {}, '2026-07-01', '2026-07-31', ['2026-07-04']],
    ['a one-off day outside it', {}, '2026-07-05', '2026-07-31', []],
    [
      'a one-off range cut to the span',
      { startDate: '2026-12-24', endDate: '2027-01-02' },
      '2026-12-30',
      '2027-01-05',
      ['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02'],
    ],
    [
      'July 4th every year',
      { rrule: 'FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=4' },
      '2027-06-01',
      '2028-07-31',
      ['2027-07-04', '2028-07-04'],
    ],
    [
      'Sundays over the March daylight-saving change, Sunday 8 March 2026',
      { startDate: '2026-03-01', endDate: '2026-03-01', rrule: 'FREQ=WEEKLY;BYDAY=SU' },
      '2026-03-06',
      '2026-03-16',
      ['2026-03-08', '2026-03-15'],
    ],
    [
      'Sundays over the November change, Sunday 1 November 2026',
      { startDate: '2026-03-01', endDate: '2026-03-01', rrule: 'FREQ=WEEKLY;BYDAY=SU' },
      '2026-10-30',
      '2026-11-02',
      ['2026-11-01'],
    ],
    [
      '29 February every year: only in leap years',
      { startDate: '2024-02-29', endDate: '2024-02-29', rrule: 'FREQ=YEARLY' },
      '2025-01-01',
      '2028-12-31',
      ['2028-02-29'],
    ],
    [
      'a weekend every week, Saturday and Sunday as one occurrence',
      { startDate: '2026-07-04', endDate: '2026-07-05', rrule: 'FREQ=WEEKLY' },
      '2026-07-05',
      '2026-07-12',
      ['2026-07-05', '2026-07-11', '2026-07-12'],
    ],
    [
      'a two-day occurrence starting the day before the span reaches into it',
      {
        startDate: '2026-12-31',
        endDate: '2027-01-01',
        rrule: 'FREQ=YEARLY',
      },
      '2028-01-01',
      '2028-01-10',
      ['2028-01-01'],
    ],
    [
      'repeats end on the blackout’s last repeat',
      { rrule: 'FREQ=YEARLY', until: '2027-12-31' },
      '2026-01-01',
      '2030-12-31',
      ['2026-07-04', '2027-07-04'],
    ],
    ['nothing before the first day', { rrule: 'FREQ=YEARLY' }, '2020-01-01', '2025-12-31', []],
    [
      'a stored rule that no longer reads covers nothing',
      { rrule: 'FREQ=SOMETIMES' },
      '2026-01-01',
      '2026-12-31',
      [],
    ],
  ])('%s', (_, over, from, to, expected) => {
    const hits = blackoutDaysBetween([blackout(over)], from, to);
    expect(hits.flatMap((h) => h.days)).toEqual(expected);
  });

  it('answers each blackout with its own days, leaving out those with none', () => {
    const july = blackout({ name: 'July 4th', rrule: 'FREQ=YEARLY' });
    const sundays = blackout({
      name: 'Sundays',
      startDate: '2026-07-05',
      endDate: '2026-07-05',
      rrule: 'FREQ=WEEKLY',
    });
    const winter = blackout({ name: 'Winter', startDate: '2026-12-01', endDate: '2027-02-28' });
    expect(
      blackoutDaysBetween([july, sundays, winter], '2026-07-03', '2026-07-12').map((h) => [
        h.blackout.name,
        h.days,
      ]),
    ).toEqual([
      ['July 4th', ['2026-07-04']],
      ['Sundays', ['2026-07-05', '2026-07-12']],
    ]);
  });
});

describe('blackoutsFor', () => {
  const event = (over: Partial<BlackoutEvent> = {}): BlackoutEvent => ({
    startDay: '2026-07-03',
    endDay: '2026-07-05',
    // The castle is a water slide under Inflatables › Water; the tent is in no category.
    productIds: [CASTLE, TENT],
    categoryIdsByProduct: { [CASTLE]: [WATER, INFLATABLES] },
    ...over,
  });

  it.each<[string, Partial<Example>, Partial<BlackoutEvent>, string[] | null, string[]]>([
    ['the whole business hits every product', {}, {}, ['2026-07-04'], [CASTLE, TENT]],
    [
      'the whole business hits an event without products',
      {},
      { productIds: [] },
      ['2026-07-04'],
      [],
    ],
    [
      'a category hits its subcategories’ products',
      { scope: 'category', targetIds: [INFLATABLES] },
      {},
      ['2026-07-04'],
      [CASTLE],
    ],
    [
      'a category the event has no product in misses',
      { scope: 'category', targetIds: ['cccccccc-cccc-4ccc-8ccc-cccccccccccc'] },
      {},
      null,
      [],
    ],
    [
      'a product of the event hits',
      { scope: 'product', targetIds: [TENT] },
      {},
      ['2026-07-04'],
      [TENT],
    ],
    [
      'a product blackout on other days misses',
      { scope: 'product', targetIds: [TENT], startDate: '2026-07-10', endDate: '2026-07-10' },
      {},
      null,
      [],
    ],
    [
      'a recurring Sunday blackout hits a weekend event on its Sunday',
      { kind: 'online_only', startDate: '2026-01-04', endDate: '2026-01-04', rrule: 'FREQ=WEEKLY' },
      {},
      ['2026-07-05'],
      [CASTLE, TENT],
    ],
  ])('%s', (_, over, eventOver, days, products) => {
    const hits = blackoutsFor(event(eventOver), [blackout(over)]);
    if (days === null) expect(hits).toEqual([]);
    else {
      expect(hits.map((h) => h.days)).toEqual([days]);
      expect(hits.map((h) => h.productIds)).toEqual([products]);
    }
  });
});
