import {
  type DeliveryDay,
  type DriverRoute,
  type LiveProgress,
  type LiveStop,
  liveEtas,
  liveStopsOfDay,
  minutesIntoDay,
} from '@tentpole/domain';
import { useEffect, useState } from 'react';

/** The clock, read again every `everyMs` (the board's lateness moves with it). */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Decision 0047: the day's stops as the day is going (the domain's projection). */
export const liveStopsOf: (day: DeliveryDay, now: Date) => Map<string, LiveStop> = liveStopsOfDay;

/**
 * The driver's own route as the day is going (decision 0047): the same projection as the
 * board's, from the route's events and the actions still waiting in the phone's outbox.
 */
export function liveDriverStops(
  route: DriverRoute,
  day: { date: string; timeZone: string },
  waiting: { stopId?: string | undefined; action: string; occurredAt: string }[],
  started: string | null,
  now: Date,
): Map<string, LiveStop> {
  const live = new Map<string, LiveStop>();
  const nowMinutes = minutesIntoDay(now, day.date, day.timeZone);
  if (nowMinutes < 0 || nowMinutes >= 1440) return live;
  const at = (iso: string) => minutesIntoDay(new Date(iso), day.date, day.timeZone);
  const startedAt = started ? at(started) : null;
  if (startedAt === null && (route.leaveDepot === null || nowMinutes < route.leaveDepot))
    return live;
  const progress = new Map<string, LiveProgress>();
  const all = [
    ...route.stops.flatMap((s) => s.events.map((e) => ({ ...e, stopId: s.id }))),
    ...waiting,
  ].sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
  for (const e of all)
    if (e.stopId && e.action !== 'start_route')
      progress.set(e.stopId, { status: e.action as LiveProgress['status'], at: at(e.occurredAt) });
  const stops = route.stops.map((s) => ({
    stopId: s.id,
    arrival: s.arrival,
    start: s.eta,
    departure: s.departure,
    window: s.window,
  }));
  for (const stop of liveEtas(
    { leaveDepot: route.leaveDepot, startedAt, stops },
    progress,
    nowMinutes,
  ))
    live.set(stop.stopId, stop);
  return live;
}
