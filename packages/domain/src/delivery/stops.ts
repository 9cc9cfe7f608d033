import { localDate } from '../dates/time-zone';
import { dayNumber, weekdayOfDay } from '../schedule/local-days';
import { type DayServiceHours, type ServiceHours, WEEKDAYS } from '../schedule/schedule-schemas';
import { clockMinutes } from './delivery-day-schemas';
import type { LatLng } from './delivery-settings';
import { drivingMilesEstimate } from './distance';
import type { RouteStop } from './route-model';

/**
 * back-office spec §7.2: the stops an order with delivery makes, derived on read from the order
 * (a reschedule or a cancellation changes them; nothing is copied). Decision 0040.
 *
 * - A delivery stop on the event's first local day, a pickup stop on its last.
 * - Window: the order's delivery (pickup) window; without one, the day's service hours: a
 *   delivery from the earliest delivery time until its setup can still end before the event
 *   starts, a pickup from the event's end (or the earliest delivery time) to the latest pickup.
 * - Service minutes: the crew is the largest crew size of the order's items; each item takes its
 *   setup minutes × quantity for its own crew size, so the stop's crew works through
 *   Σ setup × quantity × crew size person-minutes, ÷ the crew, rounded up, at least
 *   `MIN_SERVICE_MINUTES` (parking, unloading and the handover). A pickup takes as long as the
 *   setup did (products have no teardown time yet).
 * - Load: the units of its product lines (components ride along); no volume yet.
 */

/** The least time at a stop, even for items with no setup time. */
export const MIN_SERVICE_MINUTES = 10;
/** Decision 0040: the average driving speed that turns estimated road miles into minutes. */
export const AVERAGE_SPEED_MPH = 30;
/** Service hours when the account's schedule has none for the day (its defaults). */
export const FALLBACK_SERVICE_HOURS = { earliestDelivery: '08:00', latestPickup: '20:00' };

export type StopOrderLine = { quantity: number; setupMinutes: number; crewSize: number };

export type StopOrder = {
  id: string;
  number: number;
  customerName: string;
  eventStart: string;
  eventEnd: string;
  address: {
    line1: string;
    city: string;
    region: string;
    postalCode: string;
    lat?: number | null;
    lng?: number | null;
  } | null;
  deliveryWindow: { start: string; end: string } | null;
  pickupWindow: { start: string; end: string } | null;
  lines: StopOrderLine[];
};

export type DerivedStop = {
  id: string;
  orderId: string;
  orderNumber: number;
  kind: 'delivery' | 'pickup';
  customerName: string;
  address: string;
  /** The order's pin, when it has one. */
  pin: LatLng | null;
  window: { start: number; end: number };
  windowFrom: 'order' | 'service_hours';
  serviceMinutes: number;
  crew: number;
  units: number;
  /** The stop that must be served first (this order's delivery, on the same day). */
  after?: string;
};

export const stopIdOf = (orderId: string, kind: 'delivery' | 'pickup') => `${orderId}:${kind}`;

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Minutes from the local midnight of `day` (YYYY-MM-DD, in `timeZone`) to an instant: 90 is
 * 01:30 that day, 1,500 is 01:00 the next day, −60 is 23:00 the day before.
 */
export function minutesIntoDay(instant: Date, day: string, timeZone: string): number {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clockFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  const days = dayNumber(localDate(instant, timeZone)) - dayNumber(day);
  return days * 1440 + hour * 60 + minute;
}

/** Service minutes and crew of a stop (the rule above). */
export function serviceOf(lines: StopOrderLine[]): { serviceMinutes: number; crew: number } {
  const used = lines.filter((l) => l.quantity > 0);
  const crew = Math.max(1, ...used.map((l) => Math.max(1, l.crewSize)));
  const personMinutes = used.reduce(
    (sum, l) => sum + Math.max(0, l.setupMinutes) * l.quantity * Math.max(1, l.crewSize),
    0,
  );
  return {
    serviceMinutes: Math.max(MIN_SERVICE_MINUTES, Math.ceil(personMinutes / crew)),
    crew,
  };
}

/** The service hours of a local day from the account's schedule (null when closed). */
export function serviceHoursOn(hours: ServiceHours, day: string): DayServiceHours {
  const weekday = WEEKDAYS[weekdayOfDay(dayNumber(day))] ?? 'mon';
  return hours[weekday] ?? null;
}

function addressText(address: StopOrder['address']): string {
  if (!address) return '';
  return [address.line1, address.city, `${address.region} ${address.postalCode}`.trim()]
    .filter((part) => part.trim() !== '')
    .join(', ');
}

/**
 * The stops of `day` from the orders given (the caller passes the orders with delivery whose
 * status holds or books stock; any order may be passed: those with no stop that day give none).
 */
export function deriveDayStops(
  orders: StopOrder[],
  day: string,
  timeZone: string,
  serviceHours: ServiceHours,
): DerivedStop[] {
  const hours = serviceHoursOn(serviceHours, day) ?? FALLBACK_SERVICE_HOURS;
  const earliest = clockMinutes(hours.earliestDelivery);
  const latest = clockMinutes(hours.latestPickup);
  const stops: DerivedStop[] = [];
  for (const order of orders) {
    const start = new Date(order.eventStart);
    const end = new Date(order.eventEnd);
    const { serviceMinutes, crew } = serviceOf(order.lines);
    const units = order.lines.reduce((sum, l) => sum + Math.max(0, l.quantity), 0);
    const pin =
      order.address?.lat != null && order.address.lng != null
        ? { lat: order.address.lat, lng: order.address.lng }
        : null;
    const base = {
      orderId: order.id,
      orderNumber: order.number,
      customerName: order.customerName,
      address: addressText(order.address),
      pin,
      serviceMinutes,
      crew,
      units,
    };
    const deliversToday = localDate(start, timeZone) === day;
    const picksUpToday = localDate(end, timeZone) === day;
    if (deliversToday) {
      let window: DerivedStop['window'];
      let windowFrom: DerivedStop['windowFrom'] = 'order';
      if (order.deliveryWindow) {
        window = {
          start: minutesIntoDay(new Date(order.deliveryWindow.start), day, timeZone),
          end: minutesIntoDay(new Date(order.deliveryWindow.end), day, timeZone),
        };
      } else {
        windowFrom = 'service_hours';
        const setUpBy = minutesIntoDay(start, day, timeZone) - serviceMinutes;
        window = { start: earliest, end: Math.max(earliest, Math.min(latest, setUpBy)) };
      }
      stops.push({
        ...base,
        id: stopIdOf(order.id, 'delivery'),
        kind: 'delivery',
        window,
        windowFrom,
      });
    }
    if (picksUpToday) {
      let window: DerivedStop['window'];
      let windowFrom: DerivedStop['windowFrom'] = 'order';
      if (order.pickupWindow) {
        window = {
          start: minutesIntoDay(new Date(order.pickupWindow.start), day, timeZone),
          end: minutesIntoDay(new Date(order.pickupWindow.end), day, timeZone),
        };
      } else {
        windowFrom = 'service_hours';
        const from = Math.max(earliest, minutesIntoDay(end, day, timeZone));
        window = { start: from, end: from <= latest ? latest : 24 * 60 };
      }
      stops.push({
        ...base,
        id: stopIdOf(order.id, 'pickup'),
        kind: 'pickup',
        window,
        windowFrom,
        ...(deliversToday ? { after: stopIdOf(order.id, 'delivery') } : {}),
      });
    }
  }
  return stops.sort(
    (a, b) =>
      a.window.start - b.window.start ||
      a.orderNumber - b.orderNumber ||
      (a.kind < b.kind ? -1 : 1),
  );
}

/** Decision 0040: driving minutes estimated from great-circle miles × 1.3 at `AVERAGE_SPEED_MPH`. */
export function estimatedDriveMinutes(a: LatLng, b: LatLng): number {
  return (drivingMilesEstimate(a, b) / AVERAGE_SPEED_MPH) * 60;
}

/**
 * The optimiser's stops from placed stops: `location` is the index of the stop's point in the
 * places list the caller builds (depots first, then stops); a pinned stop keeps its vehicle.
 */
export function routeStopsOf(
  stops: (DerivedStop & { location: number })[],
  pinnedTo: ReadonlyMap<string, string>,
): RouteStop[] {
  return stops.map((stop) => {
    const vehicle = pinnedTo.get(stop.id);
    return {
      id: stop.id,
      orderId: stop.orderId,
      kind: stop.kind,
      location: stop.location,
      window: stop.window,
      serviceMinutes: stop.serviceMinutes,
      load: { units: stop.units, volume: 0 },
      ...(vehicle ? { pinnedVehicleId: vehicle } : {}),
      ...(stop.after ? { after: stop.after } : {}),
    };
  });
}
