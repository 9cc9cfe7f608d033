import { z } from 'zod';
import { isLocalDay } from '../schedule/local-days';

/**
 * back-office spec §7.2 (crews) and §7.4 (load lists, the driver's day), decision 0043. A
 * route's crew is the team members with `delivery.driver` the planner put on it; a driver sees
 * only the routes they are on, and records what happens at each stop as stop events.
 */

const daySchema = z
  .string({ error: 'Enter the date as YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD')
  .refine(isLocalDay, 'Enter a real date');

/** At most this many people on one truck's crew. */
export const CREW_MAX = 6;

/** PUT /api/delivery/day/crew: a route's crew, whole (an empty list clears it). */
export const deliveryCrewSaveSchema = z.object({
  date: daySchema,
  vehicleId: z.uuid('Choose a vehicle'),
  userIds: z
    .array(z.uuid('Choose a team member'))
    .max(CREW_MAX, `At most ${CREW_MAX} people on a crew`)
    .refine((ids) => new Set(ids).size === ids.length, 'Choose each person once'),
});
export type DeliveryCrewSave = z.input<typeof deliveryCrewSaveSchema>;

export const crewMemberSchema = z.object({ userId: z.string(), name: z.string() });
export type CrewMember = z.output<typeof crewMemberSchema>;

/** What a driver records at a stop (or, `start_route`, for the route). */
export const STOP_ACTIONS = [
  'start_route',
  'on_my_way',
  'arrived',
  'delivered',
  'picked_up',
  'problem',
] as const;
export type StopAction = (typeof STOP_ACTIONS)[number];

/** A stop's status: its latest event's action, or `scheduled` before any. */
export type StopStatus = Exclude<StopAction, 'start_route'> | 'scheduled';

export const STOP_STATUS_LABELS: Readonly<Record<StopStatus, string>> = {
  scheduled: 'Scheduled',
  on_my_way: 'On the way',
  arrived: 'Arrived',
  delivered: 'Delivered',
  picked_up: 'Picked up',
  problem: 'Problem',
};

export const PROBLEM_REASONS = [
  'no_access',
  'customer_absent',
  'unsafe_site',
  'wrong_address',
  'vehicle',
  'other',
] as const;
export const PROBLEM_REASON_LABELS: Readonly<Record<(typeof PROBLEM_REASONS)[number], string>> = {
  no_access: 'Cannot get in (gate, road)',
  customer_absent: 'Nobody there',
  unsafe_site: 'The site is not safe to set up',
  wrong_address: 'Wrong address',
  vehicle: 'Vehicle trouble',
  other: 'Something else',
};

const NOTE_MAX = 1000;
const NAME_MAX = 120;
const countSchema = z
  .number({ error: 'Enter a number' })
  .int('Enter a whole number')
  .min(0, 'Enter 0 or more')
  .max(10_000, 'Enter at most 10,000');

/**
 * POST /api/delivery/driver/events: one action, sent as the multipart field `event` (JSON),
 * beside the files `photo` and `signature` for a delivery. `id` is made on the phone: an
 * action queued offline and sent twice is recorded once.
 */
export const stopEventInputSchema = z
  .object({
    id: z.uuid('Send a client-made id'),
    date: daySchema,
    vehicleId: z.uuid('Choose a vehicle'),
    /** `<orderId>:delivery|pickup`; absent only for `start_route`. */
    stopId: z.string().min(1).max(80).optional(),
    action: z.enum(STOP_ACTIONS, { error: 'Choose an action' }),
    /** When the driver did it, on the phone's clock (an action may be sent much later). */
    occurredAt: z.iso.datetime({ error: 'Send the time as ISO 8601' }),
    note: z.string().trim().max(NOTE_MAX, `Must be at most ${NOTE_MAX} characters`).optional(),
    reason: z.enum(PROBLEM_REASONS, { error: 'Choose a reason' }).optional(),
    /** delivered: who signed. */
    printedName: z
      .string()
      .trim()
      .min(1, 'Enter the name of the person who signed')
      .max(NAME_MAX, `Must be at most ${NAME_MAX} characters`)
      .optional(),
    /** picked_up: how many units came back, came back damaged, and are missing. */
    counts: z
      .object({ returned: countSchema, damaged: countSchema, missing: countSchema })
      .optional(),
    /**
     * picked_up (decision 0048): which of the order's lines the damaged and missing units are
     * of. Needed when the order has more than one; with one line, the counts are its.
     */
    returns: z
      .array(
        z.object({
          lineId: z.uuid('Choose an item of this order'),
          damaged: countSchema,
          missing: countSchema,
        }),
      )
      .max(200)
      .optional(),
  })
  .superRefine((e, ctx) => {
    if (e.action === 'start_route') return;
    if (!e.stopId) ctx.addIssue({ code: 'custom', path: ['stopId'], message: 'Choose a stop' });
    if (e.action === 'delivered' && !e.printedName)
      ctx.addIssue({
        code: 'custom',
        path: ['printedName'],
        message: 'Enter the name of the person who signed',
      });
    if (e.action === 'picked_up' && !e.counts)
      ctx.addIssue({ code: 'custom', path: ['counts'], message: 'Enter the counts' });
    if (e.action === 'problem' && !e.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Choose a reason' });
  });
export type StopEventInput = z.input<typeof stopEventInputSchema>;
export type StopEventParsed = z.output<typeof stopEventInputSchema>;

export const stopEventSchema = z.object({
  id: z.string(),
  stopId: z.string().nullable(),
  action: z.enum(STOP_ACTIONS),
  occurredAt: z.string(),
  byName: z.string().nullable(),
  note: z.string().nullable(),
  reason: z.enum(PROBLEM_REASONS).nullable(),
  printedName: z.string().nullable(),
  counts: z.object({ returned: z.number(), damaged: z.number(), missing: z.number() }).nullable(),
  /** picked_up (decision 0048): units the pickup sent to maintenance (damaged or missing). */
  maintenance: z.number().nullable().default(null),
  /** on_my_way: what became of the customer's text. */
  text: z.enum(['sent', 'opted_out', 'no_number', 'not_sent']).nullable(),
  /** delivered: the photo and signature, as URLs the office and crew can open. */
  photoUrl: z.string().nullable(),
  signatureUrl: z.string().nullable(),
});
export type StopEvent = z.output<typeof stopEventSchema>;

export const stopEventResponseSchema = z.object({
  event: stopEventSchema,
  /** True when this id was recorded before: nothing was done again. */
  duplicate: z.boolean(),
});

/** A line of a load list: a product and how many, with its components under it. */
export const loadListLineSchema = z.object({
  description: z.string(),
  quantity: z.number(),
  components: z.array(z.object({ description: z.string(), quantity: z.number() })),
});
export type LoadListLine = z.output<typeof loadListLineSchema>;

export const loadListSchema = z.object({
  /** What goes on the truck at the depot: the deliveries' items. */
  deliveries: z.array(loadListLineSchema),
  /** What comes back: the pickups' items. */
  pickups: z.array(loadListLineSchema),
});
export type LoadList = z.output<typeof loadListSchema>;

/** GET /api/delivery/load-list?date=&vehicleId= (no vehicle: the whole day). */
export const loadListQuerySchema = z.object({
  date: daySchema,
  vehicleId: z.uuid('Choose a vehicle').optional(),
});
export const loadListResponseSchema = z.object({
  date: z.string(),
  vehicleId: z.string().nullable(),
  vehicleName: z.string().nullable(),
  stopCount: z.number(),
  list: loadListSchema,
});
export type LoadListResponse = z.output<typeof loadListResponseSchema>;

export const driverStopSchema = z.object({
  id: z.string(),
  kind: z.enum(['delivery', 'pickup']),
  orderNumber: z.number(),
  customerName: z.string(),
  address: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  window: z.object({ start: z.number(), end: z.number() }),
  /** Planned start of work, minutes from local midnight. */
  eta: z.number(),
  /** The plan's arrival and departure (decision 0047: the live ETAs are projected from them). */
  arrival: z.number(),
  departure: z.number(),
  items: z.array(loadListLineSchema),
  /** The order's product lines, to say which came back damaged or missing (decision 0048). */
  lines: z
    .array(z.object({ lineId: z.string(), description: z.string(), quantity: z.number() }))
    .default([]),
  notes: z.string().nullable(),
  /** Decision 0052: the order's site photos, as URLs only the crew of that day can open. */
  sitePhotos: z.array(z.object({ url: z.string(), thumbnailUrl: z.string() })).default([]),
  gateCode: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  status: z.enum([
    'scheduled',
    'on_my_way',
    'arrived',
    'delivered',
    'picked_up',
    'problem',
  ] as const satisfies readonly StopStatus[]),
  events: z.array(stopEventSchema),
});
export type DriverStop = z.output<typeof driverStopSchema>;

export const driverRouteSchema = z.object({
  vehicleId: z.string(),
  vehicleName: z.string(),
  crew: z.array(crewMemberSchema),
  leaveDepot: z.number().nullable(),
  startedAt: z.string().nullable(),
  stops: z.array(driverStopSchema),
  loadList: loadListSchema,
});
export type DriverRoute = z.output<typeof driverRouteSchema>;

/** GET /api/delivery/driver/site-photos/{id}?date=&size=: a site photo of a stop that day. */
export const sitePhotoQuerySchema = z.object({
  date: daySchema,
  size: z.enum(['full', 'thumbnail'], { error: 'Choose full or thumbnail' }).default('full'),
});

/** GET /api/delivery/driver/day?date=: the routes the signed-in driver is on. No money. */
export const driverDayQuerySchema = z.object({ date: daySchema });
export const driverDayResponseSchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  routes: z.array(driverRouteSchema),
});
export type DriverDay = z.output<typeof driverDayResponseSchema>;

/** The board's view of the stop events: each stop's status and the latest event. */
export const boardStopStatusSchema = z.object({
  stopId: z.string(),
  status: z.enum(['on_my_way', 'arrived', 'delivered', 'picked_up', 'problem'] as const),
  at: z.string(),
  event: stopEventSchema,
});
export type BoardStopStatus = z.output<typeof boardStopStatusSchema>;
