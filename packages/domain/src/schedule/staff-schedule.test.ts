import { describe, expect, it } from 'vitest';
import {
  availabilityOn,
  timeOffInputSchema,
  type WeekShifts,
  weekShiftsSchema,
} from './staff-schedule';

const weekdays: WeekShifts = {
  mon: { start: '08:00', end: '17:00' },
  tue: { start: '08:00', end: '17:00' },
  wed: null,
  thu: { start: '08:00', end: '17:00' },
  fri: { start: '08:00', end: '17:00' },
  sat: { start: '07:00', end: '21:00' },
  sun: null,
};

describe('a member’s day (decision 0051)', () => {
  it('time off first, then the weekday’s shift; no shifts set means no schedule', () => {
    const timeOff = [{ from: '2030-06-14', to: '2030-06-16' }];
    // 2030-06-15 is a Saturday, 2030-06-19 a Wednesday, 2030-06-22 a Saturday.
    expect(availabilityOn({ shifts: weekdays, timeOff }, '2030-06-15').status).toBe('off');
    expect(availabilityOn({ shifts: weekdays, timeOff }, '2030-06-16').status).toBe('off');
    expect(availabilityOn({ shifts: weekdays, timeOff }, '2030-06-19')).toEqual({
      status: 'not_scheduled',
      shift: null,
    });
    expect(availabilityOn({ shifts: weekdays, timeOff }, '2030-06-22')).toEqual({
      status: 'on_shift',
      shift: { start: '07:00', end: '21:00' },
    });
    expect(availabilityOn({ shifts: null, timeOff: [] }, '2030-06-22').status).toBe('no_schedule');
  });

  it('refuses a shift that ends before it starts, and time off that ends before it begins', () => {
    const bad = weekShiftsSchema.safeParse({ ...weekdays, mon: { start: '17:00', end: '08:00' } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['mon', 'end'],
      message: 'The shift must end after it starts',
    });
    const backwards = timeOffInputSchema.safeParse({ from: '2030-06-16', to: '2030-06-14' });
    expect(backwards.error?.issues[0]).toMatchObject({
      path: ['to'],
      message: 'The last day must be on or after the first',
    });
    expect(timeOffInputSchema.parse({ from: '2030-06-14', to: '2030-06-14' }).note).toBe('');
  });
});
