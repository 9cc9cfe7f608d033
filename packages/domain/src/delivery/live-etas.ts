/**
 * back-office spec §7.4 (decision 0047): the day's routes as they are going, not as they were
 * planned. From each stop's latest crew event and the clock, each stop still to come gets a
 * projected start; a stop running behind its plan turns amber, one that will start after its
 * window closes turns red, and the stops after it move with it.
 *
 * Times are minutes from the local midnight of the route's day, as the plan's are.
 */

import type { DeliveryDay } from './delivery-day-schemas';
import { minutesIntoDay } from './stops';

/** A stop as the route plans it: when the truck arrives, starts and leaves, and its window. */
export type LivePlannedStop = {
  stopId: string;
  arrival: number;
  start: number;
  departure: number;
  window: { start: number; end: number };
};

/** What the crew last recorded at a stop, and when (minutes into the day). */
export type LiveProgress = {
  status: 'on_my_way' | 'arrived' | 'delivered' | 'picked_up' | 'problem';
  at: number;
};

/**
 * `done`: delivered or picked up. `on_time`: starts within `LATE_AFTER_MINUTES` of its plan.
 * `late`: later than that, still inside its window. `missed`: starts after its window ends.
 */
export type LiveStopState = 'done' | 'on_time' | 'late' | 'missed';

export type LiveStop = {
  stopId: string;
  /** When work there starts (projected), or when it ended for a stop that is done. */
  eta: number;
  state: LiveStopState;
  /** Minutes behind the plan's start (0 when on or ahead of it). */
  behind: number;
};

/** A stop is "running late" once its projected start is this far past the plan's. */
export const LATE_AFTER_MINUTES = 10;

/**
 * Projects a route from the crew's progress at `now`:
 * - a stop delivered or picked up is done, and the truck was free from then;
 * - a stop the crew arrived at starts then, and ends no earlier than now;
 * - the next stop is reached no earlier than now: a truck that has not reported arriving is not
 *   there yet. It left when the driver said "on my way", else when it was free, and the leg
 *   takes the plan's drive (the plan's arrival less its departure from the stop before);
 * - a route not started leaves the depot at its planned time, or now when that has passed;
 * - each later stop follows as planned: drive, wait for its window, serve.
 */
export function liveEtas(
  route: { leaveDepot: number | null; startedAt: number | null; stops: LivePlannedStop[] },
  progress: ReadonlyMap<string, LiveProgress>,
  now: number,
): LiveStop[] {
  const out: LiveStop[] = [];
  const planned = route.stops;
  const firstLeave = route.leaveDepot ?? planned[0]?.arrival ?? now;
  // When the truck is free to drive to the next stop.
  let free = route.startedAt ?? Math.max(firstLeave, now);
  let previousDeparture = firstLeave;
  for (const stop of planned) {
    const drive = Math.max(0, stop.arrival - previousDeparture);
    const service = Math.max(0, stop.departure - stop.start);
    previousDeparture = stop.departure;
    const seen = progress.get(stop.stopId);
    if (seen && (seen.status === 'delivered' || seen.status === 'picked_up')) {
      out.push({ stopId: stop.stopId, eta: seen.at, state: 'done', behind: 0 });
      free = seen.at;
      continue;
    }
    let start: number;
    if (seen?.status === 'arrived') {
      start = Math.max(seen.at, stop.window.start);
      free = Math.max(start + service, now);
    } else {
      const left = seen?.status === 'on_my_way' ? seen.at : free;
      // A stop nobody has reported reaching is reached no earlier than now.
      const arrival = Math.max(left + drive, now);
      start = Math.max(arrival, stop.window.start);
      free = start + service;
    }
    const behind = Math.max(0, start - stop.start);
    out.push({
      stopId: stop.stopId,
      eta: start,
      state: start > stop.window.end ? 'missed' : behind > LATE_AFTER_MINUTES ? 'late' : 'on_time',
      behind,
    });
  }
  return out;
}

/**
 * Decision 0047: each route's stops as the day is going, keyed by stop id. Only for the day
 * that is today in the account's time zone, and only for a route under way (started, or past
 * its time to leave): a past day's or a later day's plan is shown as planned. The board, and
 * the caller card's "Text the ETA", read it.
 */
export function liveStopsOfDay(day: DeliveryDay, now: Date): Map<string, LiveStop> {
  const live = new Map<string, LiveStop>();
  const nowMinutes = minutesIntoDay(now, day.date, day.timeZone);
  if (nowMinutes < 0 || nowMinutes >= 1440) return live;
  const at = (iso: string) => minutesIntoDay(new Date(iso), day.date, day.timeZone);
  const progress = new Map<string, LiveProgress>(
    day.statuses.map((s) => [s.stopId, { status: s.status, at: at(s.at) }]),
  );
  const windowOf = new Map(day.stops.map((s) => [s.id, s.window]));
  for (const route of day.routes) {
    const startedAt = route.startedAt ? at(route.startedAt) : null;
    if (startedAt === null && (route.leaveDepot === null || nowMinutes < route.leaveDepot))
      continue;
    const stops = route.stops.flatMap((s) => {
      const window = windowOf.get(s.stopId);
      return window ? [{ ...s, window }] : [];
    });
    for (const stop of liveEtas(
      { leaveDepot: route.leaveDepot, startedAt, stops },
      progress,
      nowMinutes,
    ))
      live.set(stop.stopId, stop);
  }
  return live;
}

/** An order's next stop today: which one, its ETA (minutes into the day), how it is going. */
export type OrderStopEta = {
  kind: 'delivery' | 'pickup';
  minutes: number;
  /** The board's colours (decision 0047); `planned` for a route not under way yet. */
  state: Exclude<LiveStopState, 'done'> | 'planned';
};

/**
 * Issue 24 item 1, "text the ETA": the order's first stop still to come on the day's routes,
 * with the ETA the board shows (the live projection once the route is under way, the plan
 * before). Null when the order has no stop to come on them.
 */
export function orderStopEta(day: DeliveryDay, orderId: string, now: Date): OrderStopEta | null {
  const live = liveStopsOfDay(day, now);
  const finished = new Set(
    day.statuses
      .filter((s) => s.status === 'delivered' || s.status === 'picked_up')
      .map((s) => s.stopId),
  );
  for (const kind of ['delivery', 'pickup'] as const) {
    const stopId = `${orderId}:${kind}`;
    const planned = day.routes.flatMap((r) => r.stops).find((s) => s.stopId === stopId);
    if (!planned || finished.has(stopId)) continue;
    const seen = live.get(stopId);
    if (seen?.state === 'done') continue;
    return {
      kind,
      minutes: seen?.eta ?? planned.start,
      state: seen ? (seen.state as OrderStopEta['state']) : 'planned',
    };
  }
  return null;
}
