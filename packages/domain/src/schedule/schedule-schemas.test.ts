import { describe, expect, it } from 'vitest';
import { zodFieldErrors } from '../errors/zod-field-errors';
import { blackoutInputSchema, blackoutPatchSchema } from './blackout-schemas';
import { DEFAULT_SCHEDULE, scheduleInputSchema } from './schedule-schemas';

const fieldsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : zodFieldErrors(result.error as Parameters<typeof zodFieldErrors>[0]);

describe('scheduleInputSchema', () => {
  it('accepts the defaults', () => {
    expect(scheduleInputSchema.safeParse(DEFAULT_SCHEDULE).success).toBe(true);
  });

  it.each<[string, (s: typeof DEFAULT_SCHEDULE) => unknown, Record<string, string[]>]>([
    [
      'a time that is not HH:MM',
      (s) => ({
        ...s,
        businessHours: {
          ...s.businessHours,
          mon: { closed: false, intervals: [{ open: '9am', close: '17:00' }] },
        },
      }),
      { 'businessHours.mon.intervals.0.open': ['Enter the opening time as HH:MM, e.g. 09:00'] },
    ],
    [
      'closing before opening',
      (s) => ({
        ...s,
        businessHours: {
          ...s.businessHours,
          sat: { closed: false, intervals: [{ open: '18:00', close: '09:00' }] },
        },
      }),
      { 'businessHours.sat.intervals.0.close': ['Closing time must be after opening time'] },
    ],
    [
      'an open day without hours',
      (s) => ({
        ...s,
        businessHours: { ...s.businessHours, tue: { closed: false, intervals: [] } },
      }),
      { 'businessHours.tue.intervals': ['Enter the opening hours'] },
    ],
    [
      'overlapping hours',
      (s) => ({
        ...s,
        businessHours: {
          ...s.businessHours,
          wed: {
            closed: false,
            intervals: [
              { open: '09:00', close: '13:00' },
              { open: '12:00', close: '17:00' },
            ],
          },
        },
      }),
      { 'businessHours.wed.intervals': ['Opening times must not overlap'] },
    ],
    [
      'a pickup window that ends before it starts',
      (s) => ({
        ...s,
        serviceHours: {
          ...s.serviceHours,
          sun: { earliestDelivery: '10:00', latestPickup: '08:00' },
        },
      }),
      { 'serviceHours.sun.latestPickup': ['Latest pickup must be after earliest delivery'] },
    ],
    [
      'negative notice and a fractional cap',
      (s) => ({
        ...s,
        bookingRules: { minNoticeHours: -1, maxAdvanceDays: null, maxDeliveriesPerDay: 2.5 },
      }),
      {
        'bookingRules.minNoticeHours': ['The minimum notice must be at least 0'],
        'bookingRules.maxDeliveriesPerDay': ['Enter the deliveries per day as a whole number'],
      },
    ],
  ])('refuses %s', (_, change, fields) => {
    expect(fieldsOf(scheduleInputSchema.safeParse(change(DEFAULT_SCHEDULE)))).toEqual(fields);
  });

  it('accepts a day open until midnight and a day without deliveries', () => {
    const result = scheduleInputSchema.safeParse({
      ...DEFAULT_SCHEDULE,
      businessHours: {
        ...DEFAULT_SCHEDULE.businessHours,
        sat: { closed: false, intervals: [{ open: '09:00', close: '24:00' }] },
      },
      serviceHours: { ...DEFAULT_SCHEDULE.serviceHours, sun: null },
    });
    expect(result.success).toBe(true);
  });
});

describe('blackoutInputSchema', () => {
  it('fills in a one-day, hard blackout of the whole business', () => {
    expect(blackoutInputSchema.parse({ name: ' July 4th ', startDate: '2026-07-04' })).toEqual({
      name: 'July 4th',
      scope: 'business',
      targetIds: [],
      kind: 'hard',
      startDate: '2026-07-04',
      endDate: '2026-07-04',
      rrule: null,
      until: null,
    });
  });

  it('keeps a repeat rule upper case without its prefix, and drops `until` without one', () => {
    const parsed = blackoutInputSchema.parse({
      name: 'Sundays',
      startDate: '2026-07-05',
      rrule: 'RRULE:freq=weekly;byday=su',
      until: '2026-12-31',
    });
    expect(parsed).toMatchObject({ rrule: 'FREQ=WEEKLY;BYDAY=SU', until: '2026-12-31' });
    expect(
      blackoutInputSchema.parse({ name: 'Once', startDate: '2026-07-05', until: '2026-12-31' })
        .until,
    ).toBeNull();
  });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ['no name', { name: ' ', startDate: '2026-07-04' }, { name: ['Enter a name'] }],
    ['no first day', { name: 'X' }, { startDate: ['Enter the first day'] }],
    [
      'an impossible day',
      { name: 'X', startDate: '2026-02-30' },
      { startDate: ['Enter a real date'] },
    ],
    [
      'a day written another way',
      { name: 'X', startDate: '07/04/2026' },
      { startDate: ['Enter the first day as YYYY-MM-DD'] },
    ],
    [
      'an end before the start',
      { name: 'X', startDate: '2026-07-04', endDate: '2026-07-03' },
      { endDate: ['The blackout must end on or after it starts'] },
    ],
    [
      'more than a year',
      { name: 'X', startDate: '2026-01-01', endDate: '2027-01-02' },
      { endDate: ['A blackout can last at most 366 days'] },
    ],
    [
      'an invalid repeat rule',
      { name: 'X', startDate: '2026-07-04', rrule: 'every sunday' },
      { rrule: ['Enter a valid repeat rule'] },
    ],
    [
      'repeats ending before they start',
      { name: 'X', startDate: '2026-07-04', rrule: 'FREQ=YEARLY', until: '2026-07-01' },
      { until: ['The repeats must end on or after the first day'] },
    ],
    [
      'a category blackout without categories',
      { name: 'X', startDate: '2026-07-04', scope: 'category' },
      { targetIds: ['Choose at least one category'] },
    ],
    [
      'a product blackout without products',
      { name: 'X', startDate: '2026-07-04', scope: 'product' },
      { targetIds: ['Choose at least one product'] },
    ],
    [
      'an unknown kind',
      { name: 'X', startDate: '2026-07-04', kind: 'soft' },
      { kind: ['Choose which bookings the blackout stops'] },
    ],
  ])('refuses %s', (_, input, fields) => {
    expect(fieldsOf(blackoutInputSchema.safeParse(input))).toEqual(fields);
  });

  it('lets a patch name any one field', () => {
    expect(blackoutPatchSchema.parse({ kind: 'online_only' })).toEqual({ kind: 'online_only' });
    expect(fieldsOf(blackoutPatchSchema.safeParse({ rrule: 'FREQ=NEVER' }))).toEqual({
      rrule: ['Enter a valid repeat rule'],
    });
  });
});
