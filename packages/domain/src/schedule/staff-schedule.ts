import { z } from 'zod';
import { dayNumber, isLocalDay, weekdayOfDay } from './local-days';
import { minutesOf, WEEKDAYS, type Weekday } from './schedule-schemas';

/**
 * back-office spec §12 Schedule (decision 0051): each member's weekly shifts and their time off.
 * The Delivery Manager reads them: a driver off that day cannot be put on a crew, and one not
 * on shift is shown so. A member with no shifts set has no schedule: the truck's shift hours
 * stand for theirs, as before there was one.
 */

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const shiftSchema = z
  .object({
    start: z
      .string({ error: 'Enter the start' })
      .regex(TIME, { message: 'Enter the start as HH:MM, e.g. 08:00', abort: true }),
    end: z.string({ error: 'Enter the end' }).refine((t) => TIME.test(t) || t === '24:00', {
      message: 'Enter the end as HH:MM, e.g. 17:00',
      abort: true,
    }),
  })
  .refine((s) => minutesOf(s.end) > minutesOf(s.start), {
    path: ['end'],
    message: 'The shift must end after it starts',
  });
export type Shift = z.output<typeof shiftSchema>;

/** A week of shifts: one per weekday, null for a day off. */
export const weekShiftsSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, shiftSchema.nullable()])) as Record<
    Weekday,
    z.ZodNullable<typeof shiftSchema>
  >,
);
export type WeekShifts = z.output<typeof weekShiftsSchema>;

/** PUT /api/schedule/staff/{userId}/shifts: the week whole; null clears their schedule. */
export const staffShiftsInputSchema = z.object({ shifts: weekShiftsSchema.nullable() });
export type StaffShiftsInput = z.input<typeof staffShiftsInputSchema>;

const daySchema = (what: string) =>
  z
    .string({ error: `Enter the ${what}` })
    .refine(isLocalDay, { message: `Enter the ${what} as YYYY-MM-DD`, abort: true });
const NOTE_MAX = 200;

/** POST /api/schedule/staff/{userId}/time-off: days off, both ends included. */
export const timeOffInputSchema = z
  .object({
    from: daySchema('first day'),
    to: daySchema('last day'),
    note: z.string().trim().max(NOTE_MAX, `Must be at most ${NOTE_MAX} characters`).default(''),
  })
  .refine((t) => t.to >= t.from, {
    path: ['to'],
    message: 'The last day must be on or after the first',
  });
export type TimeOffInput = z.input<typeof timeOffInputSchema>;

export const timeOffSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  note: z.string(),
});
export type TimeOff = z.output<typeof timeOffSchema>;
export const timeOffResponseSchema = z.object({ timeOff: timeOffSchema });

export const staffScheduleMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  /** null: no schedule set (the truck's shift hours stand for theirs). */
  shifts: weekShiftsSchema.nullable(),
  /** Time off from today on, earliest first. */
  timeOff: z.array(timeOffSchema),
});
export type StaffScheduleMember = z.output<typeof staffScheduleMemberSchema>;
export const staffScheduleResponseSchema = z.object({
  members: z.array(staffScheduleMemberSchema),
});
export type StaffScheduleResponse = z.output<typeof staffScheduleResponseSchema>;
export const staffScheduleMemberResponseSchema = z.object({ member: staffScheduleMemberSchema });

/** A member's day: off (time off), not on shift, on a shift, or no schedule set. */
export const availabilitySchema = z.object({
  status: z.enum(['off', 'not_scheduled', 'on_shift', 'no_schedule']),
  /** The shift's hours when on one. */
  shift: shiftSchema.nullable(),
});
export type Availability = z.output<typeof availabilitySchema>;

export function availabilityOn(
  member: { shifts: WeekShifts | null; timeOff: readonly { from: string; to: string }[] },
  day: string,
): Availability {
  if (member.timeOff.some((t) => t.from <= day && day <= t.to))
    return { status: 'off', shift: null };
  if (!member.shifts) return { status: 'no_schedule', shift: null };
  const weekday = WEEKDAYS[weekdayOfDay(dayNumber(day))] as Weekday;
  const shift = member.shifts[weekday];
  return shift ? { status: 'on_shift', shift } : { status: 'not_scheduled', shift: null };
}
