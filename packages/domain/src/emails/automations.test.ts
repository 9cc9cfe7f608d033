import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUTOMATION_TRIGGERS,
  type AutomationRule,
  appliesTo,
  automationInputSchema,
  DEFAULT_AUTOMATIONS,
  describeTiming,
  dueAt,
  dueMayFallWithin,
  localParts,
  OFFSET_UNITS,
  type OrderFacts,
  outsideQuietHours,
  zonedTime,
} from './automations';

const CHICAGO = 'America/Chicago';
const facts = (over: Partial<OrderFacts> = {}): OrderFacts => ({
  status: 'reserved',
  fulfilment: 'delivery',
  tags: [],
  // Saturday 14 June 2025, 10:00–18:00 in Chicago (CDT, UTC−5).
  eventStart: new Date('2025-06-14T15:00:00Z'),
  eventEnd: new Date('2025-06-14T23:00:00Z'),
  enteredAt: {
    quote: new Date('2025-05-01T12:00:00Z'),
    reserved: new Date('2025-05-03T12:00:00Z'),
  },
  balance: 10_000,
  ...over,
});
const rule = (over: Partial<AutomationRule>): AutomationRule => ({
  trigger: 'before_event',
  offsetAmount: 1,
  offsetUnit: 'days',
  atTime: null,
  channel: 'email',
  statuses: ['reserved', 'confirmed'],
  fulfilment: 'any',
  tags: [],
  ...over,
});

describe('dueAt', () => {
  it('puts the day-before delivery window at 18:00 local the day before', () => {
    expect(dueAt(rule({ atTime: '18:00' }), facts(), CHICAGO)?.toISOString()).toBe(
      '2025-06-13T23:00:00.000Z',
    );
  });

  it('counts the delivery and pickup reminders from their windows, or the event without one', () => {
    const delivery = rule({ trigger: 'before_delivery', atTime: '18:00' });
    const pickup = rule({ trigger: 'before_pickup', offsetAmount: 0, atTime: '09:00' });
    // Delivered the evening before the party (Friday 17:00 Chicago), picked up Monday morning.
    const early = facts({
      deliveryStart: new Date('2025-06-13T22:00:00Z'),
      pickupStart: new Date('2025-06-16T14:00:00Z'),
    });
    expect(dueAt(delivery, early, CHICAGO)?.toISOString()).toBe('2025-06-12T23:00:00.000Z');
    expect(dueAt(pickup, early, CHICAGO)?.toISOString()).toBe('2025-06-16T14:00:00.000Z');
    expect(dueAt(delivery, facts(), CHICAGO)?.toISOString()).toBe('2025-06-13T23:00:00.000Z');
    expect(dueAt(pickup, facts(), CHICAGO)?.toISOString()).toBe('2025-06-14T14:00:00.000Z');
  });

  it('counts hours from the moment the status was entered', () => {
    const due = dueAt(
      rule({ trigger: 'quote_sent', offsetAmount: 48, offsetUnit: 'hours' }),
      facts(),
      CHICAGO,
    );
    expect(due?.toISOString()).toBe('2025-05-03T12:00:00.000Z');
  });

  it('is null while the moment has not come (never confirmed)', () => {
    expect(
      dueAt(
        rule({ trigger: 'order_confirmed', offsetAmount: 0, offsetUnit: 'hours' }),
        facts(),
        CHICAGO,
      ),
    ).toBeNull();
  });

  it('adds months in the calendar, clamping to the month end (rebook after 11 months)', () => {
    const rebook = rule({
      trigger: 'after_event',
      offsetAmount: 11,
      offsetUnit: 'months',
      atTime: '10:00',
    });
    expect(dueAt(rebook, facts(), CHICAGO)?.toISOString()).toBe('2026-05-14T15:00:00.000Z');
    const endOfJanuary = facts({ eventEnd: new Date('2025-01-31T20:00:00Z') });
    const oneMonth = rule({
      trigger: 'after_event',
      offsetAmount: 1,
      offsetUnit: 'months',
      atTime: '09:00',
    });
    expect(dueAt(oneMonth, endOfJanuary, CHICAGO)?.toISOString()).toBe('2025-02-28T15:00:00.000Z');
  });

  it('keeps the local hour across a daylight-saving change', () => {
    // The event is Monday 10 March 2025 (CDT from Sunday 9 March); a week before was CST.
    const march = facts({ eventStart: new Date('2025-03-10T15:00:00Z') });
    const due = dueAt(
      rule({ offsetAmount: 1, offsetUnit: 'weeks', atTime: '10:00' }),
      march,
      CHICAGO,
    );
    expect(due?.toISOString()).toBe('2025-03-03T16:00:00.000Z');
  });

  it('lands on the requested local time for any moment and timezone', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2024-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
        fc.constantFrom(
          'America/Chicago',
          'America/Denver',
          'Europe/London',
          'Asia/Kolkata',
          'UTC',
        ),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 23 }),
        (start, zone, days, hour) => {
          const atTime = `${String(hour).padStart(2, '0')}:30`;
          const due = dueAt(
            rule({ offsetAmount: days, atTime }),
            facts({ eventStart: start }),
            zone,
          );
          const local = localParts(due as Date, zone);
          // A wall time skipped by a DST jump moves forward an hour.
          expect([hour, (hour + 1) % 24]).toContain(local.hour);
          expect(local.minute).toBe(30);
        },
      ),
      // Found by a run: 2:30 on the night Chicago springs forward (March 12, 2028) came out
      // as 1:30, an hour early, instead of 3:30.
      { examples: [[new Date('2028-03-16T05:00:00.000Z'), 'America/Chicago', 4, 2]] },
    );
  });
});

describe('appliesTo', () => {
  it('checks status, fulfilment, tags and, for the balance, that something is due', () => {
    expect(appliesTo(rule({}), facts())).toBe(true);
    expect(appliesTo(rule({}), facts({ status: 'quote' }))).toBe(false);
    expect(appliesTo(rule({ fulfilment: 'pickup' }), facts())).toBe(false);
    expect(appliesTo(rule({ tags: ['vip'] }), facts({ tags: ['school', 'vip'] }))).toBe(true);
    expect(appliesTo(rule({ tags: ['vip'] }), facts())).toBe(false);
    expect(appliesTo(rule({ trigger: 'balance_due' }), facts({ balance: 0 }))).toBe(false);
  });
});

describe('outsideQuietHours', () => {
  const quiet = { start: '21:00', end: '08:00' };
  it('holds a late-evening message to 08:00 the next morning, local time', () => {
    // 22:30 CDT on 13 June = 03:30 UTC on 14 June.
    expect(outsideQuietHours(new Date('2025-06-14T03:30:00Z'), quiet, CHICAGO).toISOString()).toBe(
      '2025-06-14T13:00:00.000Z',
    );
  });
  it('holds an early-morning one to 08:00 the same day, and lets daytime through', () => {
    expect(outsideQuietHours(new Date('2025-06-14T10:00:00Z'), quiet, CHICAGO).toISOString()).toBe(
      '2025-06-14T13:00:00.000Z',
    );
    const noon = new Date('2025-06-14T17:00:00Z');
    expect(outsideQuietHours(noon, quiet, CHICAGO)).toBe(noon);
  });
  it('never answers a time inside the quiet hours', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2024-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
        (instant) => {
          const out = outsideQuietHours(instant, quiet, CHICAGO);
          const local = localParts(out, CHICAGO);
          const minutes = local.hour * 60 + local.minute;
          expect(minutes >= 8 * 60 && minutes < 21 * 60).toBe(true);
          expect(out.getTime()).toBeGreaterThanOrEqual(instant.getTime());
        },
      ),
    );
  });
});

describe('automation input', () => {
  it('ships valid automations, each described in words', () => {
    for (const automation of DEFAULT_AUTOMATIONS) {
      expect(automationInputSchema.safeParse(automation).success).toBe(true);
    }
    expect(DEFAULT_AUTOMATIONS.map((a) => describeTiming(a))).toEqual([
      'When the order was reserved',
      '48 hours after the order became a quote',
      'When the order was confirmed',
      '5 days before the event starts, while a balance is unpaid, at 10:00',
      '1 day before the delivery window starts, at 18:00',
      'On the day the pickup window starts, at 09:00',
      '1 day after the event ends, at 10:00',
      '11 months after the event ends, at 10:00',
    ]);
  });
  it('refuses a time of day with an offset in hours', () => {
    const result = automationInputSchema.safeParse({
      ...DEFAULT_AUTOMATIONS[0],
      name: 'x',
      atTime: '10:00',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['atTime']);
  });
});

describe('zonedTime', () => {
  it('is the inverse of localParts for ordinary times', () => {
    const instant = zonedTime(
      { year: 2025, month: 12, day: 24, hour: 18, minute: 5 },
      'Europe/London',
    );
    expect(instant.toISOString()).toBe('2025-12-24T18:05:00.000Z');
  });
});

describe('dueMayFallWithin', () => {
  const ZONES = [
    CHICAGO,
    'UTC',
    'Europe/London',
    'Australia/Lord_Howe', // a 30-minute DST shift
    'Asia/Kathmandu', // +5:45
    'Pacific/Chatham', // +12:45 / +13:45
    'Pacific/Kiritimati', // +14
    'Pacific/Pago_Pago', // −11
    'America/St_Johns', // −3:30 with DST
  ];
  const instant = fc.date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2060-12-31T00:00:00Z'),
    noInvalidDate: true,
  });

  it('never rules out a window the due time falls in (it only saves dueAt the work)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...AUTOMATION_TRIGGERS),
        fc.constantFrom(...OFFSET_UNITS),
        fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 999 })),
        fc.option(
          fc
            .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
            .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
        ),
        fc.constantFrom(...ZONES),
        instant,
        fc.integer({ min: 0, max: 3 * 3_600_000 }),
        (trigger, offsetUnit, offsetAmount, atTime, zone, moment, width) => {
          const order = facts({
            eventStart: moment,
            eventEnd: moment,
            enteredAt: {
              quote: moment,
              reserved: moment,
              confirmed: moment,
              out: moment,
              returned: moment,
            },
          });
          const r = rule({ trigger, offsetUnit, offsetAmount, atTime });
          const due = dueAt(r, order, zone);
          if (!due) return;
          // Any window holding the due time, however narrow, and however it sits around it.
          const from = new Date(due.getTime() - width);
          const to = new Date(due.getTime() + (3 * 3_600_000 - width));
          expect(dueMayFallWithin(r, order, from, to)).toBe(true);
          expect(dueMayFallWithin(r, order, due, due)).toBe(true);
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it('rules out a window weeks away from the due time', () => {
    const order = facts();
    const r = rule({ offsetAmount: 2, offsetUnit: 'days' });
    const due = dueAt(r, order, CHICAGO) as Date;
    const weeksLater = new Date(due.getTime() + 21 * 86_400_000);
    expect(
      dueMayFallWithin(r, order, weeksLater, new Date(weeksLater.getTime() + 7 * 86_400_000)),
    ).toBe(false);
    const monthsBefore = rule({ offsetAmount: 12, offsetUnit: 'months', trigger: 'after_event' });
    const rebook = dueAt(monthsBefore, order, CHICAGO) as Date;
    expect(
      dueMayFallWithin(
        monthsBefore,
        order,
        new Date(rebook.getTime() - 30 * 86_400_000),
        new Date(rebook.getTime() - 23 * 86_400_000),
      ),
    ).toBe(false);
  });

  it('is false when the moment has not come, as dueAt is null', () => {
    const order = facts({ enteredAt: {} });
    const r = rule({ trigger: 'order_confirmed' });
    expect(dueAt(r, order, CHICAGO)).toBeNull();
    expect(dueMayFallWithin(r, order, new Date(0), new Date('2100-01-01'))).toBe(false);
  });
});
