import { z } from 'zod';

/**
 * back-office spec §12 Schedule: business hours per weekday (Reach routes calls outside them to
 * the after-hours greeting), service hours (earliest delivery, latest pickup) and booking rules.
 * Times are the account's wall-clock "HH:MM" (24-hour); a day is closed or open in one or more
 * intervals, each from its opening time up to (not including) its closing time.
 */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Readonly<Record<Weekday, string>> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** At most this many open intervals in a day (morning, afternoon, evening…). */
export const MAX_INTERVALS_PER_DAY = 4;

/** Minutes since midnight of "HH:MM" ("24:00" is the end of the day). */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeSchema = (what: string) =>
  z
    .string({ error: `Enter the ${what}` })
    .regex(TIME, { message: `Enter the ${what} as HH:MM, e.g. 09:00`, abort: true });
/** A closing time may be midnight at the day's end. */
const closingSchema = z
  .string({ error: 'Enter the closing time' })
  .refine((t) => TIME.test(t) || t === '24:00', {
    message: 'Enter the closing time as HH:MM, e.g. 17:00',
    abort: true,
  });

export const openIntervalSchema = z
  .object({ open: timeSchema('opening time'), close: closingSchema })
  .refine((i) => minutesOf(i.close) > minutesOf(i.open), {
    path: ['close'],
    message: 'Closing time must be after opening time',
  });
export type OpenInterval = z.output<typeof openIntervalSchema>;

export const dayHoursSchema = z
  .object({
    closed: z.boolean({ error: 'Choose open or closed' }),
    intervals: z
      .array(openIntervalSchema)
      .max(MAX_INTERVALS_PER_DAY, `At most ${MAX_INTERVALS_PER_DAY} opening times in a day`),
  })
  .superRefine((day, ctx) => {
    if (!day.closed && day.intervals.length === 0)
      ctx.addIssue({ code: 'custom', path: ['intervals'], message: 'Enter the opening hours' });
    const sorted = [...day.intervals].sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
    for (let i = 1; i < sorted.length; i++) {
      const previous = sorted[i - 1] as OpenInterval;
      if (minutesOf((sorted[i] as OpenInterval).open) < minutesOf(previous.close)) {
        ctx.addIssue({
          code: 'custom',
          path: ['intervals'],
          message: 'Opening times must not overlap',
        });
        break;
      }
    }
  });
export type DayHours = z.output<typeof dayHoursSchema>;

const perWeekday = <S extends z.ZodType>(schema: S) =>
  z.object({
    mon: schema,
    tue: schema,
    wed: schema,
    thu: schema,
    fri: schema,
    sat: schema,
    sun: schema,
  });

export const businessHoursSchema = perWeekday(dayHoursSchema);
export type BusinessHours = z.output<typeof businessHoursSchema>;

/** A weekday's delivery window; null: no deliveries or pickups that day. */
export const dayServiceHoursSchema = z
  .object({
    earliestDelivery: timeSchema('earliest delivery time'),
    latestPickup: timeSchema('latest pickup time'),
  })
  .refine((s) => minutesOf(s.latestPickup) > minutesOf(s.earliestDelivery), {
    path: ['latestPickup'],
    message: 'Latest pickup must be after earliest delivery',
  })
  .nullable();
export type DayServiceHours = z.output<typeof dayServiceHoursSchema>;

export const serviceHoursSchema = perWeekday(dayServiceHoursSchema);
export type ServiceHours = z.output<typeof serviceHoursSchema>;

export const MAX_NOTICE_HOURS = 24 * 365;
export const MAX_ADVANCE_DAYS = 365 * 5;
export const MAX_DELIVERIES_PER_DAY = 1000;

const wholeNumber = (what: string, min: number, max: number) =>
  z
    .number({ error: `Enter the ${what} as a whole number` })
    .int(`Enter the ${what} as a whole number`)
    .min(min, `The ${what} must be at least ${min}`)
    .max(max, `The ${what} must be at most ${max.toLocaleString('en-US')}`);

export const bookingRulesSchema = z.object({
  /** Hours between now and an event's start; 0 allows last-minute bookings. */
  minNoticeHours: wholeNumber('minimum notice', 0, MAX_NOTICE_HOURS),
  /** Days ahead an event may be booked (local days); null: no limit. */
  maxAdvanceDays: wholeNumber('maximum advance', 1, MAX_ADVANCE_DAYS).nullable(),
  /** Deliveries a day can take; null: no cap. */
  maxDeliveriesPerDay: wholeNumber('deliveries per day', 1, MAX_DELIVERIES_PER_DAY).nullable(),
});
export type BookingRules = z.output<typeof bookingRulesSchema>;

/** PUT /api/schedule: the whole of it, as the page saves it. */
export const scheduleInputSchema = z.object({
  businessHours: businessHoursSchema,
  serviceHours: serviceHoursSchema,
  bookingRules: bookingRulesSchema,
});
export type ScheduleInput = z.input<typeof scheduleInputSchema>;
export type Schedule = z.output<typeof scheduleInputSchema>;

export const scheduleResponseSchema = scheduleInputSchema.extend({
  /** The account's time zone (IANA), in which every time and day here is read. */
  timeZone: z.string(),
  /** When the schedule was last saved; null: never, these are the defaults. */
  updatedAt: z.string().nullable(),
});
export type ScheduleResponse = z.output<typeof scheduleResponseSchema>;

const open = (from: string, to: string): DayHours => ({
  closed: false,
  intervals: [{ open: from, close: to }],
});
const closed: DayHours = { closed: true, intervals: [] };
const service = { earliestDelivery: '08:00', latestPickup: '20:00' };

/**
 * An account's schedule before anyone saves one: office hours Monday to Friday, deliveries
 * every day, and no booking rules, so nothing is refused that was accepted before §12.
 */
export const DEFAULT_SCHEDULE: Schedule = {
  businessHours: {
    mon: open('09:00', '17:00'),
    tue: open('09:00', '17:00'),
    wed: open('09:00', '17:00'),
    thu: open('09:00', '17:00'),
    fri: open('09:00', '17:00'),
    sat: closed,
    sun: closed,
  },
  serviceHours: {
    mon: service,
    tue: service,
    wed: service,
    thu: service,
    fri: service,
    sat: service,
    sun: service,
  },
  bookingRules: { minNoticeHours: 0, maxAdvanceDays: null, maxDeliveriesPerDay: null },
};
