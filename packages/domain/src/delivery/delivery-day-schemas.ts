import { z } from 'zod';
import { isLocalDay } from '../schedule/local-days';
import { availabilitySchema } from '../schedule/staff-schedule';
import { boardStopStatusSchema } from './driver-day-schemas';

/**
 * The Delivery Manager's contracts (back-office spec §7.2, §7.3): vehicles, and a day of stops
 * and routes. Times in a day are minutes from the local midnight of that day (the account's
 * time zone), as the optimiser's model writes them (`route-model.ts`).
 */

export const VEHICLE_NAME_MAX = 80;
/** "HH:MM", 00:00 to 24:00. */
export const CLOCK_TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** Minutes from midnight of an "HH:MM" time. */
export function clockMinutes(time: string): number {
  const [h = '0', m = '0'] = time.split(':');
  return Number(h) * 60 + Number(m);
}

/** Minutes from midnight as a clock time ("9:05 AM"); past midnight, the next day's time. */
export function clockLabel(minutes: number): string {
  const whole = Math.round(minutes);
  const inDay = ((whole % 1440) + 1440) % 1440;
  const h = Math.floor(inDay / 60);
  const m = inDay % 60;
  const suffix = h < 12 ? 'AM' : 'PM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${suffix}${whole >= 1440 ? ' (+1 day)' : ''}`;
}

/** "HH:MM" of minutes from midnight (past midnight: "+1d" is not written; 25:10 stays 25:10). */
export function clockTime(minutes: number): string {
  const whole = Math.round(minutes);
  const h = Math.floor(whole / 60);
  const m = whole - h * 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

const clockTimeSchema = (what: string) =>
  z
    .string({ error: `Enter the ${what} as HH:MM` })
    .regex(CLOCK_TIME_PATTERN, `Enter the ${what} as HH:MM`);

const vehicleFields = {
  name: z
    .string({ error: 'Enter the vehicle’s name' })
    .trim()
    .min(1, 'Enter the vehicle’s name')
    .max(VEHICLE_NAME_MAX, `Must be at most ${VEHICLE_NAME_MAX} characters`),
  /** The depot it starts and ends at; null: the account's first depot. */
  depotId: z.uuid('Choose a depot').nullable(),
  /** How many rental units it carries (the stop's load is its items' units). */
  capacityUnits: z
    .number({ error: 'Enter the capacity in units' })
    .int('Enter a whole number of units')
    .min(1, 'Enter at least 1 unit')
    .max(10_000, 'Enter at most 10,000 units'),
  /** Cargo volume in cubic feet (products have no volume yet: kept for when they do). */
  capacityVolume: z
    .number({ error: 'Enter the volume in cubic feet' })
    .min(0, 'Enter 0 or more cubic feet')
    .max(100_000, 'Enter at most 100,000 cubic feet'),
  shiftStart: clockTimeSchema('shift start'),
  shiftEnd: clockTimeSchema('shift end'),
  active: z.boolean(),
};

const shiftInOrder = (v: { shiftStart?: string; shiftEnd?: string }) =>
  v.shiftStart === undefined ||
  v.shiftEnd === undefined ||
  clockMinutes(v.shiftEnd) > clockMinutes(v.shiftStart);
const shiftIssue = { path: ['shiftEnd'], error: 'The shift must end after it starts' };

/** POST /api/delivery/vehicles. */
export const vehicleInputSchema = z
  .object({
    ...vehicleFields,
    depotId: vehicleFields.depotId.default(null),
    capacityVolume: vehicleFields.capacityVolume.default(0),
    active: vehicleFields.active.default(true),
  })
  .refine(shiftInOrder, shiftIssue);
export type VehicleInput = z.input<typeof vehicleInputSchema>;
export type VehicleInputParsed = z.output<typeof vehicleInputSchema>;

/** PATCH /api/delivery/vehicles/{id}: any of the fields. */
export const vehiclePatchSchema = z
  .object(vehicleFields)
  .partial()
  .refine(shiftInOrder, shiftIssue);
export type VehiclePatch = z.output<typeof vehiclePatchSchema>;

export const vehicleSchema = z.object({
  id: z.string(),
  name: z.string(),
  depotId: z.string().nullable(),
  capacityUnits: z.number(),
  capacityVolume: z.number(),
  shiftStart: z.string(),
  shiftEnd: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Vehicle = z.output<typeof vehicleSchema>;
export const vehicleResponseSchema = z.object({ vehicle: vehicleSchema });
export const vehicleListResponseSchema = z.object({ vehicles: z.array(vehicleSchema) });

const daySchema = z
  .string({ error: 'Enter the date as YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD')
  .refine(isLocalDay, 'Enter a real date');

/** GET /api/delivery/day?date=YYYY-MM-DD. */
export const deliveryDayQuerySchema = z.object({ date: daySchema });
/** POST /api/delivery/day/plan. */
export const deliveryPlanRequestSchema = z.object({ date: daySchema });

const STOP_ID_MAX = 80;
const stopIdSchema = z.string().min(1).max(STOP_ID_MAX);

/** PUT /api/delivery/day/routes: the dispatcher's arrangement, every route of the day whole. */
export const deliveryRoutesSaveSchema = z.object({
  date: daySchema,
  routes: z
    .array(
      z.object({
        vehicleId: z.uuid('Choose a vehicle'),
        stopIds: z.array(stopIdSchema).max(500),
        /** Stops pinned to this vehicle: the optimiser keeps them on it. */
        pinned: z.array(stopIdSchema).max(500).default([]),
      }),
    )
    .max(100),
});
export type DeliveryRoutesSave = z.input<typeof deliveryRoutesSaveSchema>;

export const STOP_KINDS = ['delivery', 'pickup'] as const;

/** Why a stop is on no route; `address`: it could not be placed on the map. */
export const UNASSIGNED_REASONS = [
  'window',
  'shift',
  'capacity',
  'pinned',
  'precedence',
  'no-room',
  'address',
  'no-vehicle',
] as const;
export type DayUnassignedReason = (typeof UNASSIGNED_REASONS)[number];

export const UNASSIGNED_REASON_LABELS: Readonly<Record<DayUnassignedReason, string>> = {
  window: 'No truck can reach it within its window',
  shift: 'No truck can serve it and be back before its shift ends',
  capacity: 'Its load is more than any truck carries',
  pinned: 'Pinned to a truck that is not running',
  precedence: 'Its delivery could not be placed',
  'no-room': 'No room beside the day’s other stops',
  address: 'The address could not be placed on the map',
  'no-vehicle': 'No active vehicle with a depot',
};

const windowSchema = z.object({ start: z.number(), end: z.number() });

export const dayStopSchema = z.object({
  /** `<orderId>:delivery` or `<orderId>:pickup`. */
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.number(),
  kind: z.enum(STOP_KINDS),
  customerName: z.string(),
  address: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  window: windowSchema,
  /** The order's window, or the service hours when it has none. */
  windowFrom: z.enum(['order', 'service_hours']),
  serviceMinutes: z.number(),
  crew: z.number(),
  units: z.number(),
});
export type DayStop = z.output<typeof dayStopSchema>;

export const dayViolationSchema = z.object({
  kind: z.string(),
  vehicleId: z.string().optional(),
  stopId: z.string().optional(),
  message: z.string(),
});
export type DayViolation = z.output<typeof dayViolationSchema>;

export const dayRouteStopSchema = z.object({
  stopId: z.string(),
  arrival: z.number(),
  start: z.number(),
  departure: z.number(),
  slack: z.number(),
  pinned: z.boolean(),
});
export type DayRouteStop = z.output<typeof dayRouteStopSchema>;

export const dayRouteSchema = z.object({
  vehicleId: z.string(),
  leaveDepot: z.number().nullable(),
  returnDepot: z.number().nullable(),
  driveMinutes: z.number(),
  miles: z.number(),
  loadPeak: z.number(),
  stops: z.array(dayRouteStopSchema),
  /** Decision 0043: the team members with `delivery.driver` on this truck this day. */
  crew: z.array(z.object({ userId: z.string(), name: z.string() })).default([]),
  /** When its crew started the route (null: not yet). */
  startedAt: z.string().nullable().default(null),
});
export type DayRoute = z.output<typeof dayRouteSchema>;

export const deliveryDayResponseSchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  depots: z.array(z.object({ id: z.string(), name: z.string(), lat: z.number(), lng: z.number() })),
  vehicles: z.array(vehicleSchema),
  stops: z.array(dayStopSchema),
  /** One per active vehicle with a depot, in the vehicles' order (empty ones too). */
  routes: z.array(dayRouteSchema),
  /** Stops on no route; the reason when the optimiser or the map said why. */
  unassigned: z.array(
    z.object({ stopId: z.string(), reason: z.enum(UNASSIGNED_REASONS).nullable() }),
  ),
  violations: z.array(dayViolationSchema),
  /** When the day's routes were last saved (null: never). */
  savedAt: z.string().nullable(),
  /** Decision 0043: who can be put on a crew (members with `delivery.driver`). */
  drivers: z
    .array(
      z.object({
        userId: z.string(),
        name: z.string(),
        /** Decision 0051: their day from the schedule's shifts and time off. */
        availability: availabilitySchema.nullable().default(null),
      }),
    )
    .default([]),
  /** Decision 0043: each stop's status from its crew's latest event (stops with none left out). */
  statuses: z.array(boardStopStatusSchema).default([]),
});
export type DeliveryDay = z.output<typeof deliveryDayResponseSchema>;
