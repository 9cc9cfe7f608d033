import { describe, expect, it } from 'vitest';
import { bookingRuleIssues } from './booking-rules';
import type { BookingRules } from './schedule-schemas';

const rules = (over: Partial<BookingRules> = {}): BookingRules => ({
  minNoticeHours: 48,
  maxAdvanceDays: 30,
  maxDeliveriesPerDay: null,
  ...over,
});
// 1 June 2026, 10:00 in Chicago (CDT, UTC−5).
const NOW = new Date('2026-06-01T15:00:00Z');

describe('bookingRuleIssues', () => {
  it.each<[string, string, Partial<BookingRules>, string[]]>([
    ['an event well inside both rules', '2026-06-10T15:00:00Z', {}, []],
    ['exactly the minimum notice', '2026-06-03T15:00:00Z', {}, []],
    [
      'a minute short of the notice',
      '2026-06-03T14:59:00Z',
      {},
      ["Bookings need at least 48 hours' notice"],
    ],
    [
      'one hour of notice',
      '2026-06-01T15:30:00Z',
      { minNoticeHours: 1 },
      ["Bookings need at least 1 hour's notice"],
    ],
    ['no notice needed', '2026-06-01T15:30:00Z', { minNoticeHours: 0 }, []],
    // 1 July is 30 local days ahead at any hour of it, 23:30 Chicago being 04:30 UTC on the 2nd.
    ['the last day of the advance window, late evening', '2026-07-02T04:30:00Z', {}, []],
    [
      'the day after it',
      '2026-07-02T15:00:00Z',
      {},
      ['Bookings can be made at most 30 days ahead'],
    ],
    ['no advance limit', '2027-06-01T15:00:00Z', { maxAdvanceDays: null }, []],
    [
      'both at once: a 1-day window and a week of notice',
      '2026-06-05T15:00:00Z',
      { minNoticeHours: 24 * 7, maxAdvanceDays: 1 },
      ["Bookings need at least 168 hours' notice", 'Bookings can be made at most 1 day ahead'],
    ],
  ])('%s', (_, eventStart, over, messages) => {
    const issues = bookingRuleIssues({
      now: NOW,
      eventStart: new Date(eventStart),
      timeZone: 'America/Chicago',
      rules: rules(over),
    });
    expect(issues.map((i) => i.message)).toEqual(messages);
  });

  it('names the rule each message is about', () => {
    const issues = bookingRuleIssues({
      now: NOW,
      eventStart: new Date('2026-06-01T16:00:00Z'),
      timeZone: 'UTC',
      rules: rules(),
    });
    expect(issues.map((i) => i.rule)).toEqual(['minimum_notice']);
  });
});
