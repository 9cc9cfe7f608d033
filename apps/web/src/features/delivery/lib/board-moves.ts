import type { DeliveryDay } from '@tentpole/domain';

/** The day's routes as the save sends them: per vehicle, its stops in order and the pinned. */
export type Arrangement = { vehicleId: string; stopIds: string[]; pinned: string[] }[];

/** Where a stop is: a route's vehicle and position, or null when it is on no route. */
export type StopPlace = { vehicleId: string; index: number } | null;

export function arrangementOf(day: DeliveryDay): Arrangement {
  return day.routes.map((route) => ({
    vehicleId: route.vehicleId,
    stopIds: route.stops.map((s) => s.stopId),
    pinned: route.stops.filter((s) => s.pinned).map((s) => s.stopId),
  }));
}

export function placeOf(arrangement: Arrangement, stopId: string): StopPlace {
  for (const route of arrangement) {
    const index = route.stopIds.indexOf(stopId);
    if (index >= 0) return { vehicleId: route.vehicleId, index };
  }
  return null;
}

/**
 * The arrangement with `stopId` taken off its route and put on `vehicleId`'s at `index` (the
 * end when left out), or on no route when `vehicleId` is null. A stop moved to another route
 * loses its pin: a pin says "keep it on this truck".
 */
export function moveStop(
  arrangement: Arrangement,
  stopId: string,
  vehicleId: string | null,
  index?: number,
): Arrangement {
  const from = placeOf(arrangement, stopId);
  return arrangement.map((route) => {
    let stopIds = route.stopIds.filter((id) => id !== stopId);
    let pinned = route.pinned;
    if (route.vehicleId === vehicleId) {
      let at = index ?? stopIds.length;
      // Moving down the same route: the index was counted with the stop still in place.
      if (from?.vehicleId === vehicleId && index !== undefined && from.index < index) at -= 1;
      at = Math.max(0, Math.min(at, stopIds.length));
      stopIds = [...stopIds.slice(0, at), stopId, ...stopIds.slice(at)];
    } else {
      pinned = pinned.filter((id) => id !== stopId);
    }
    return { vehicleId: route.vehicleId, stopIds, pinned };
  });
}

/** One place up (−1) or down (+1) its route; unchanged at either end or off any route. */
export function shiftStop(arrangement: Arrangement, stopId: string, by: -1 | 1): Arrangement {
  const place = placeOf(arrangement, stopId);
  if (!place) return arrangement;
  const route = arrangement.find((r) => r.vehicleId === place.vehicleId);
  const to = place.index + by;
  if (!route || to < 0 || to >= route.stopIds.length) return arrangement;
  return moveStop(arrangement, stopId, place.vehicleId, by > 0 ? to + 1 : to);
}

/** Pins the stop to the route it is on, or unpins it. */
export function togglePin(arrangement: Arrangement, stopId: string): Arrangement {
  return arrangement.map((route) =>
    route.stopIds.includes(stopId)
      ? {
          ...route,
          pinned: route.pinned.includes(stopId)
            ? route.pinned.filter((id) => id !== stopId)
            : [...route.pinned, stopId],
        }
      : route,
  );
}
