import type { BusinessHours, ScheduleInput, ScheduleResponse, Weekday } from '@tentpole/domain';

/** A weekday's delivery window as the form holds it: off, or its two times. */
export type ServiceDayValues = { off: boolean; earliestDelivery: string; latestPickup: string };

/** The schedule form: hours as the API has them, the rules as typed text. */
export type ScheduleFormValues = {
  businessHours: BusinessHours;
  serviceHours: Record<Weekday, ServiceDayValues>;
  bookingRules: { minNoticeHours: string; maxAdvanceDays: string; maxDeliveriesPerDay: string };
};

const text = (n: number | null) => (n === null ? '' : String(n));
/** Empty is "no limit"; anything else a number the schema checks ('1.5' is refused). */
const numberOf = (value: string): number | null => (value.trim() === '' ? null : Number(value));

export function scheduleFormValues(schedule: ScheduleResponse): ScheduleFormValues {
  const serviceHours = Object.fromEntries(
    Object.entries(schedule.serviceHours).map(([day, hours]) => [
      day,
      hours
        ? { off: false, ...hours }
        : { off: true, earliestDelivery: '08:00', latestPickup: '20:00' },
    ]),
  ) as Record<Weekday, ServiceDayValues>;
  return {
    businessHours: schedule.businessHours,
    serviceHours,
    bookingRules: {
      minNoticeHours: text(schedule.bookingRules.minNoticeHours),
      maxAdvanceDays: text(schedule.bookingRules.maxAdvanceDays),
      maxDeliveriesPerDay: text(schedule.bookingRules.maxDeliveriesPerDay),
    },
  };
}

/** The PUT body: a closed day keeps no hours, a day without deliveries is null. */
export function scheduleInputOf(values: ScheduleFormValues): ScheduleInput {
  const businessHours = Object.fromEntries(
    Object.entries(values.businessHours).map(([day, hours]) => [
      day,
      hours.closed ? { closed: true, intervals: [] } : hours,
    ]),
  ) as BusinessHours;
  const serviceHours = Object.fromEntries(
    Object.entries(values.serviceHours).map(([day, s]) => [
      day,
      s.off ? null : { earliestDelivery: s.earliestDelivery, latestPickup: s.latestPickup },
    ]),
  ) as ScheduleInput['serviceHours'];
  return {
    businessHours,
    serviceHours,
    bookingRules: {
      // An empty notice is none at all; the other two empty are no limit.
      minNoticeHours: numberOf(values.bookingRules.minNoticeHours) ?? 0,
      maxAdvanceDays: numberOf(values.bookingRules.maxAdvanceDays),
      maxDeliveriesPerDay: numberOf(values.bookingRules.maxDeliveriesPerDay),
    },
  } as ScheduleInput;
}
