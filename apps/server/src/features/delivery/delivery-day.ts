import {
  type Availability,
  availabilityOn,
  type CrewMember,
  checkRoutes,
  clockMinutes,
  type DayRoute,
  type DayStop,
  type DayUnassignedReason,
  type DeliveryDay,
  type DerivedStop,
  deriveDayStops,
  type LatLng,
  minutesOf,
  optimiseRoutes,
  type RouteOrder,
  type RouteVehicle,
  type RoutingInput,
  routeStopsOf,
  type StopEvent,
  type Vehicle,
} from '@tentpole/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { publish } from '../../realtime/event-hub.js';
import { deliveryOrdersBetween } from '../orders/queries.js';
import { availabilityOf, scheduleOf, staffSchedule } from '../schedule/queries.js';
import { crewsOf, listDrivers } from './crews.js';
import { type DeliveryServices, dayRecords, type SavedRoute } from './queries.js';
import type { TravelMatrix } from './road-distance.js';
import { boardStatuses, eventsOfDay, startsOf, toStopEvent } from './stop-events.js';
import { deliveryDays, deliveryRoutes, routeStops } from './tables.js';

/**
 * back-office spec §7.2, §7.3 (decision 0040): a day of the Delivery Manager. Stops are derived
 * on read from the orders; the saved routes keep only which stop is where (and pinned); ETAs,
 * slack and violations are the domain's `checkRoutes` over that order each time.
 */

const DAY_MS = 86_400_000;
/** The optimiser's budget in a request: at most this long, or its 4,000 iterations. */
export const PLAN_TIME_LIMIT_MS = 800;

type PlacedStop = DerivedStop & { point: LatLng | null };

type DayFacts = {
  day: string;
  timeZone: string;
  depots: { id: string; name: string; lat: number; lng: number }[];
  vehicles: Vehicle[];
  /**
   * Active vehicles with a depot (theirs, else the account's first), in the vehicles' order,
   * each with its shift that day: the truck's hours, narrowed to its crew's shifts (0051).
   */
  planable: { vehicle: Vehicle; depotIndex: number; shift: { start: number; end: number } }[];
  stops: PlacedStop[];
  /** Travel between the places (depots, then placed stops): OSRM's table, else the estimate. */
  travel: TravelMatrix;
  /** The day's crews by vehicle, read once for the shifts above and the routes' crews. */
  crews: Map<string, CrewMember[]>;
  /** The routes saved for the day (before any save under way) and when. */
  saved: SavedRoute[];
  savedAt: string | null;
  /** As asked: the members who can drive, each with their day (0051), and the day's events. */
  drivers: (CrewMember & { availability: Availability | null })[];
  events: (StopEvent & { vehicleId: string })[];
};

/**
 * The day's stops, placed: the order's pin, else its address geocoded (GEOCODER_URL or ZIPs).
 * Each table is read once however many parts of the answer use it; `wants` adds the board's
 * drivers and the day's stop events.
 */
async function dayFacts(
  db: Db,
  services: DeliveryServices,
  accountId: string,
  day: string,
  wants: { drivers?: boolean; events?: boolean } = {},
): Promise<DayFacts> {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // The staff's schedule gives the crews' shifts and the drivers' days: read once, beside the
  // rest when the drivers are wanted (the board), else only when the day has crews.
  const [schedule, records, orders, staff] = await Promise.all([
    scheduleOf(db, accountId),
    dayRecords(db, accountId, day, wants),
    // Any time zone's local day lies within a day either side of the UTC one.
    deliveryOrdersBetween(
      db,
      accountId,
      new Date(midnight - DAY_MS),
      new Date(midnight + 2 * DAY_MS),
    ),
    wants.drivers ? staffSchedule(db, accountId, day) : null,
  ]);
  const { depots, vehicles: vehicleList, crews } = records;
  const derived = deriveDayStops(orders, day, schedule.timeZone, schedule.serviceHours);
  const addressOf = new Map(orders.map((o) => [o.id, o.address]));
  const found = new Map<string, LatLng | null>();
  for (const stop of derived) {
    if (stop.pin || found.has(stop.orderId)) continue;
    const address = addressOf.get(stop.orderId);
    if (!address) {
      found.set(stop.orderId, null);
      continue;
    }
    let point: LatLng | null = null;
    try {
      const located = await services.geocoder.locate(address);
      point = located ? { lat: located.lat, lng: located.lng } : null;
    } catch {
      point = null;
    }
    found.set(stop.orderId, point);
  }
  const stops = derived.map((stop) => ({
    ...stop,
    point: stop.pin ?? found.get(stop.orderId) ?? null,
  }));
  const depotIndex = new Map(depots.map((d, i) => [d.id, i]));
  // Decision 0051: a crew on shift narrows its truck's day to their hours.
  const members = staff ?? (crews.size > 0 ? await staffSchedule(db, accountId, day) : []);
  const available = new Map(members.map((m) => [m.userId, availabilityOn(m, day)]));
  const planable = vehicleList
    .filter((v) => v.active && depots.length > 0)
    .map((vehicle) => {
      let start = clockMinutes(vehicle.shiftStart);
      let end = clockMinutes(vehicle.shiftEnd);
      for (const member of crews.get(vehicle.id) ?? []) {
        const shift = available.get(member.userId)?.shift;
        if (!shift) continue;
        start = Math.max(start, minutesOf(shift.start));
        end = Math.min(end, minutesOf(shift.end));
      }
      return {
        vehicle,
        depotIndex: (vehicle.depotId ? depotIndex.get(vehicle.depotId) : undefined) ?? 0,
        shift: { start, end: Math.max(start, end) },
      };
    });
  const places: LatLng[] = [
    ...depots,
    ...stops.filter((s) => s.point !== null).map((s) => s.point as LatLng),
  ];
  return {
    day,
    timeZone: schedule.timeZone,
    depots,
    vehicles: vehicleList,
    planable,
    stops,
    travel: await services.roads.matrix(places),
    crews,
    saved: records.routes,
    savedAt: records.savedAt,
    drivers: records.drivers.map((d) => ({ ...d, availability: available.get(d.userId) ?? null })),
    events: records.events.map((e) => ({ ...toStopEvent(e), vehicleId: e.vehicleId })),
  };
}

/** The optimiser's input: places are the depots, then the placed stops. */
function routingInput(facts: DayFacts, pinnedTo: ReadonlyMap<string, string>): RoutingInput {
  const placed = facts.stops.filter((s) => s.point !== null);
  const vehicles: RouteVehicle[] = facts.planable.map(({ vehicle, depotIndex, shift }) => ({
    id: vehicle.id,
    depot: depotIndex,
    shift,
    capacity: {
      units: vehicle.capacityUnits,
      // Products have no volume yet: a vehicle's volume limits nothing until they do.
      volume: vehicle.capacityVolume > 0 ? vehicle.capacityVolume : 1e9,
    },
  }));
  const { minutes, miles } = facts.travel;
  return {
    stops: routeStopsOf(
      placed.map((s, i) => ({ ...s, location: facts.depots.length + i })),
      pinnedTo,
    ),
    vehicles,
    travel: {
      minutes: (a, b) => (a === b ? 0 : (minutes[a]?.[b] ?? 0)),
      distance: (a, b) => (a === b ? 0 : (miles[a]?.[b] ?? 0)),
    },
  };
}

/**
 * The saved arrangement kept to what exists: stops no longer derived (the order was cancelled,
 * moved or changed to a pickup), not placed, or on a vehicle that is not planable are dropped.
 */
function liveRoutes(facts: DayFacts, saved: SavedRoute[]): SavedRoute[] {
  const placed = new Set(facts.stops.filter((s) => s.point !== null).map((s) => s.id));
  const byVehicle = new Map(saved.map((r) => [r.vehicleId, r]));
  const seen = new Set<string>();
  return facts.planable.map(({ vehicle }) => ({
    vehicleId: vehicle.id,
    stops: (byVehicle.get(vehicle.id)?.stops ?? []).filter((s) => {
      if (!placed.has(s.stopId) || seen.has(s.stopId)) return false;
      seen.add(s.stopId);
      return true;
    }),
  }));
}

function stopBody(stop: PlacedStop): DayStop {
  return {
    id: stop.id,
    orderId: stop.orderId,
    orderNumber: stop.orderNumber,
    kind: stop.kind,
    customerName: stop.customerName,
    address: stop.address,
    lat: stop.point?.lat ?? null,
    lng: stop.point?.lng ?? null,
    window: stop.window,
    windowFrom: stop.windowFrom,
    serviceMinutes: stop.serviceMinutes,
    crew: stop.crew,
    units: stop.units,
  };
}

/** The day as the board shows it: every planable vehicle's route with ETAs, and the rest. */
function dayBody(
  facts: DayFacts,
  routes: SavedRoute[],
  reasons: ReadonlyMap<string, DayUnassignedReason>,
  savedAt: string | null,
): DeliveryDay {
  const pinnedTo = new Map<string, string>();
  for (const route of routes)
    for (const s of route.stops) if (s.pinned) pinnedTo.set(s.stopId, route.vehicleId);
  const input = routingInput(facts, pinnedTo);
  const orders: RouteOrder[] = routes
    .filter((r) => r.stops.length > 0)
    .map((r) => ({ vehicleId: r.vehicleId, stopIds: r.stops.map((s) => s.stopId) }));
  const check = checkRoutes(input, orders);
  const routed = new Set(routes.flatMap((r) => r.stops.map((s) => s.stopId)));
  const dayRoutes: DayRoute[] = routes.map((route) => {
    const planned = check.routes.find((r) => r.vehicleId === route.vehicleId);
    if (!planned || route.stops.length === 0)
      return {
        vehicleId: route.vehicleId,
        leaveDepot: null,
        returnDepot: null,
        driveMinutes: 0,
        miles: 0,
        loadPeak: 0,
        stops: [],
        crew: [],
        startedAt: null,
      };
    return {
      vehicleId: route.vehicleId,
      leaveDepot: planned.leaveDepot,
      returnDepot: planned.returnDepot,
      driveMinutes: planned.driveMinutes,
      miles: planned.distance,
      loadPeak: planned.loadPeak.units,
      stops: planned.stops.map((s) => ({
        stopId: s.stopId,
        arrival: s.arrival,
        start: s.start,
        departure: s.departure,
        slack: s.slack,
        pinned: pinnedTo.get(s.stopId) === route.vehicleId,
      })),
      crew: [],
      startedAt: null,
    };
  });
  return {
    date: facts.day,
    timeZone: facts.timeZone,
    depots: facts.depots,
    vehicles: facts.vehicles,
    stops: facts.stops.map(stopBody),
    routes: dayRoutes,
    unassigned: facts.stops
      .filter((s) => !routed.has(s.id))
      .map((s) => ({
        stopId: s.id,
        reason:
          s.point === null
            ? 'address'
            : facts.planable.length === 0
              ? 'no-vehicle'
              : (reasons.get(s.id) ?? null),
      })),
    violations: check.violations.map((v) => ({
      kind: v.kind,
      message: v.message,
      ...(v.vehicleId ? { vehicleId: v.vehicleId } : {}),
      ...(v.stopId ? { stopId: v.stopId } : {}),
    })),
    savedAt,
    drivers: [],
    statuses: [],
  };
}

type Board = Pick<DayFacts, 'crews' | 'drivers' | 'events'>;

/**
 * Decision 0043: the day with each route's crew and start, the members who can drive, and
 * each stop's status from its crew's latest event.
 */
function withCrews(body: DeliveryDay, { crews, drivers, events }: Board): DeliveryDay {
  const starts = startsOf(events);
  const stopIds = new Set(body.stops.map((s) => s.id));
  return {
    ...body,
    routes: body.routes.map((r) => ({
      ...r,
      crew: crews.get(r.vehicleId) ?? [],
      startedAt: starts.get(r.vehicleId) ?? null,
    })),
    drivers,
    statuses: boardStatuses(events.filter((e) => e.stopId !== null && stopIds.has(e.stopId))),
  };
}

/** The board's crews, drivers and events as they are now: what a save answers with. */
async function boardOf(db: Db, accountId: string, day: string): Promise<Board> {
  const [crews, driverList, events] = await Promise.all([
    crewsOf(db, accountId, day),
    listDrivers(db, accountId),
    eventsOfDay(db, accountId, day),
  ]);
  // Decision 0051: each driver's day from the schedule (time off, shifts).
  const available = await availabilityOf(
    db,
    accountId,
    day,
    driverList.map((d) => d.userId),
  );
  const drivers = driverList.map((d) => ({
    ...d,
    availability: available.get(d.userId) ?? null,
  }));
  return { crews, drivers, events };
}

/** GET /api/delivery/day: the day's stops, its saved routes recomputed, and the rest. */
export async function deliveryDay(
  db: Db,
  services: DeliveryServices,
  accountId: string,
  day: string,
): Promise<DeliveryDay> {
  const facts = await dayFacts(db, services, accountId, day, { drivers: true, events: true });
  return withCrews(dayBody(facts, liveRoutes(facts, facts.saved), new Map(), facts.savedAt), facts);
}

/**
 * The day as GET /api/delivery/day answers it but for the board's part (each route's crew and
 * start, the drivers, the statuses): what the load lists and the driver's day read. With the
 * day's crews and, when asked, its stop events, read in the same pass.
 */
export async function plannedDay(
  db: Db,
  services: DeliveryServices,
  accountId: string,
  day: string,
  wants: { events?: boolean } = {},
): Promise<{ day: DeliveryDay } & Pick<Board, 'crews' | 'events'>> {
  const facts = await dayFacts(db, services, accountId, day, wants);
  return {
    day: dayBody(facts, liveRoutes(facts, facts.saved), new Map(), facts.savedAt),
    crews: facts.crews,
    events: facts.events,
  };
}

/**
 * Takes the day's row lock: saves of one day (a plan, a drag and drop) run one after the other,
 * each reading the routes the one before it wrote.
 */
async function lockDay(tx: Db, accountId: string, day: string, now: Date): Promise<void> {
  await tx.insert(deliveryDays).values({ accountId, day, savedAt: now }).onConflictDoNothing();
  await tx
    .select({ day: deliveryDays.day })
    .from(deliveryDays)
    .where(and(eq(deliveryDays.accountId, accountId), eq(deliveryDays.day, day)))
    .for('update');
  await tx
    .update(deliveryDays)
    .set({ savedAt: now })
    .where(and(eq(deliveryDays.accountId, accountId), eq(deliveryDays.day, day)));
}

/** Replaces the day's routes (inside the day's lock), each with its planned miles. */
async function writeRoutes(
  tx: Db,
  accountId: string,
  day: string,
  routes: SavedRoute[],
  planned: DeliveryDay,
) {
  const milesOf = new Map(planned.routes.map((r) => [r.vehicleId, r.miles]));
  await tx
    .delete(deliveryRoutes)
    .where(and(eq(deliveryRoutes.accountId, accountId), eq(deliveryRoutes.day, day)));
  for (const route of routes) {
    if (route.stops.length === 0) continue;
    const [row] = await tx
      .insert(deliveryRoutes)
      .values({
        accountId,
        day,
        vehicleId: route.vehicleId,
        plannedMiles: milesOf.get(route.vehicleId) ?? 0,
      })
      .returning({ id: deliveryRoutes.id });
    const routeId = (row as { id: string }).id;
    await tx.insert(routeStops).values(
      route.stops.map((s, position) => {
        const cut = s.stopId.lastIndexOf(':');
        return {
          accountId,
          routeId,
          orderId: s.stopId.slice(0, cut),
          kind: s.stopId.slice(cut + 1) as 'delivery' | 'pickup',
          position,
          pinned: s.pinned,
        };
      }),
    );
  }
}

/**
 * POST /api/delivery/day/plan: the optimiser plans the day (§7.3), keeping the stops pinned on
 * the saved routes on their vehicle; the plan is saved and the day answered with the stops it
 * could not place and why.
 */
export async function planDay(
  db: Db,
  services: DeliveryServices,
  accountId: string,
  day: string,
  now: Date,
): Promise<DeliveryDay> {
  const facts = await dayFacts(db, services, accountId, day);
  const planned = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockDay(tx, accountId, day, now);
    const current = liveRoutes(facts, (await dayRecords(tx, accountId, day)).routes);
    const pinnedTo = new Map<string, string>();
    for (const route of current)
      for (const s of route.stops) if (s.pinned) pinnedTo.set(s.stopId, route.vehicleId);
    const input = routingInput(facts, pinnedTo);
    const reasons = new Map<string, DayUnassignedReason>();
    let planned: SavedRoute[] = facts.planable.map(({ vehicle }) => ({
      vehicleId: vehicle.id,
      stops: [],
    }));
    if (input.stops.length > 0 && input.vehicles.length > 0) {
      const plan = optimiseRoutes(input, {
        timeLimitMs: PLAN_TIME_LIMIT_MS,
        now: () => performance.now(),
      });
      planned = planned.map((route) => ({
        vehicleId: route.vehicleId,
        stops: (plan.routes.find((r) => r.vehicleId === route.vehicleId)?.stops ?? []).map((s) => ({
          stopId: s.stopId,
          pinned: pinnedTo.get(s.stopId) === route.vehicleId,
        })),
      }));
      for (const u of plan.unassigned) reasons.set(u.stopId, u.reason);
    }
    const body = dayBody(facts, planned, reasons, now.toISOString());
    await writeRoutes(tx, accountId, day, planned, body);
    await publish(tx, accountId, { type: 'delivery.updated', date: day });
    return body;
  });
  return withCrews(planned, await boardOf(db, accountId, day));
}

export type RoutesSave = {
  date: string;
  routes: { vehicleId: string; stopIds: string[]; pinned: string[] }[];
};

const invalid = (field: string, message: string) =>
  new AppError('validation_failed', 'Some fields are not valid.', { [field]: [message] });

/**
 * PUT /api/delivery/day/routes: the dispatcher's arrangement of the whole day (drag and drop).
 * A vehicle must be one of the account's active vehicles and appear once, a stop once; a stop
 * the day no longer has (its order was cancelled meanwhile) is dropped. Violations are
 * recomputed, not refused: a dispatcher may keep a late stop knowingly.
 */
export async function saveDayRoutes(
  db: Db,
  services: DeliveryServices,
  accountId: string,
  body: RoutesSave,
  now: Date,
): Promise<DeliveryDay> {
  const facts = await dayFacts(db, services, accountId, body.date);
  const planable = new Set(facts.planable.map((p) => p.vehicle.id));
  const vehiclesSeen = new Set<string>();
  const stopsSeen = new Set<string>();
  for (const route of body.routes) {
    if (!planable.has(route.vehicleId))
      throw invalid('routes', 'Choose one of your active vehicles for each route');
    if (vehiclesSeen.has(route.vehicleId))
      throw invalid('routes', 'A vehicle can have only one route a day');
    vehiclesSeen.add(route.vehicleId);
    for (const stopId of route.stopIds) {
      if (stopsSeen.has(stopId)) throw invalid('routes', 'A stop can be on only one route');
      stopsSeen.add(stopId);
    }
  }
  const byVehicle = new Map(body.routes.map((r) => [r.vehicleId, r]));
  const arranged: SavedRoute[] = facts.planable.map(({ vehicle }) => {
    const route = byVehicle.get(vehicle.id);
    const pinned = new Set(route?.pinned ?? []);
    return {
      vehicleId: vehicle.id,
      stops: (route?.stopIds ?? []).map((stopId) => ({ stopId, pinned: pinned.has(stopId) })),
    };
  });
  const live = liveRoutes(facts, arranged);
  const saved = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockDay(tx, accountId, body.date, now);
    const day = dayBody(facts, live, new Map(), now.toISOString());
    await writeRoutes(tx, accountId, body.date, live, day);
    await publish(tx, accountId, { type: 'delivery.updated', date: body.date });
    return day;
  });
  return withCrews(saved, await boardOf(db, accountId, body.date));
}
