import {
  matrixReader,
  type PlannedRoute,
  type PlannedStop,
  type RoutePlan,
  type RouteStop,
  type RouteVehicle,
  type RoutingInput,
} from './route-model';

/** A route as the dispatcher ordered it (§7.3: drag-and-drop re-ordering recomputes ETAs). */
export type RouteOrder = { vehicleId: string; stopIds: string[] };

export type RouteViolation = {
  kind:
    | 'window'
    | 'shift'
    | 'capacity'
    | 'pinned'
    | 'precedence'
    | 'unknown-stop'
    | 'unknown-vehicle'
    | 'duplicate'
    | 'missing';
  vehicleId?: string;
  stopId?: string;
  message: string;
};

export type RouteCheck = { routes: PlannedRoute[]; violations: RouteViolation[] };

/** Floating-point slack when comparing sums of travel minutes. */
const EPS = 1e-6;

/**
 * Recomputes the ETAs of routes in the given order and lists what they break: a service that
 * starts after its window, a return after the shift, a truck over capacity, a pinned stop on
 * another vehicle, a pickup before its delivery. Each vehicle leaves the depot when its shift
 * starts and waits at a stop until its window opens; a stop that must follow a stop on another
 * route also waits for that one to be done. The optimiser's plan passes it with no violation.
 */
export function checkRoutes(input: RoutingInput, orders: RouteOrder[]): RouteCheck {
  const minutes = matrixReader(input.travel.minutes);
  const distance = input.travel.distance ? matrixReader(input.travel.distance) : minutes;
  const stops = new Map(input.stops.map((s) => [s.id, s]));
  const vehicles = new Map(input.vehicles.map((v) => [v.id, v]));
  const violations: RouteViolation[] = [];
  const seen = new Map<string, { route: number; position: number }>();

  const known: { vehicleId: string; stops: RouteStop[] }[] = [];
  orders.forEach((order) => {
    if (!vehicles.has(order.vehicleId)) {
      violations.push({
        kind: 'unknown-vehicle',
        vehicleId: order.vehicleId,
        message: `no vehicle ${order.vehicleId}`,
      });
      return;
    }
    const list: RouteStop[] = [];
    for (const stopId of order.stopIds) {
      const stop = stops.get(stopId);
      if (!stop) {
        violations.push({
          kind: 'unknown-stop',
          vehicleId: order.vehicleId,
          stopId,
          message: `no stop ${stopId}`,
        });
        continue;
      }
      if (seen.has(stopId)) {
        violations.push({
          kind: 'duplicate',
          vehicleId: order.vehicleId,
          stopId,
          message: `${stopId} is on more than one route or twice`,
        });
        continue;
      }
      seen.set(stopId, { route: known.length, position: list.length });
      list.push(stop);
    }
    known.push({ vehicleId: order.vehicleId, stops: list });
  });

  // Service starts, settled when a stop waits for its predecessor on another route.
  const startOf = new Map<string, number>();
  const schedule = (index: number) => {
    const { vehicleId, stops: list } = known[index] as (typeof known)[number];
    const vehicle = vehicles.get(vehicleId) as RouteVehicle;
    let t = vehicle.shift.start;
    let at = vehicle.depot;
    const planned: (PlannedStop & { stop: RouteStop })[] = [];
    for (const stop of list) {
      const arrival = t + minutes(at, stop.location);
      let begin = Math.max(arrival, stop.window.start);
      const before = stop.after === undefined ? undefined : seen.get(stop.after);
      if (stop.after !== undefined && before && before.route !== index) {
        const predecessor = stops.get(stop.after) as RouteStop;
        const done = startOf.get(stop.after);
        if (done !== undefined) begin = Math.max(begin, done + predecessor.serviceMinutes);
      }
      startOf.set(stop.id, begin);
      planned.push({
        stop,
        stopId: stop.id,
        arrival,
        start: begin,
        departure: begin + stop.serviceMinutes,
        slack: 0,
      });
      t = begin + stop.serviceMinutes;
      at = stop.location;
    }
    return { vehicle, planned, back: t + minutes(at, vehicle.depot) };
  };
  for (let round = 0; round <= input.stops.length; round++) {
    const before = [...startOf.values()];
    for (let r = 0; r < known.length; r++) schedule(r);
    const after = [...startOf.values()];
    if (before.length === after.length && before.every((value, k) => value === after[k])) break;
  }

  const routes: PlannedRoute[] = known.map(({ vehicleId }, index) => {
    const { vehicle, planned, back } = schedule(index);
    // Slack: how late each start could slip with every later window and the shift still kept.
    let latestNext = vehicle.shift.end;
    let next = vehicle.depot;
    for (let k = planned.length - 1; k >= 0; k--) {
      const p = planned[k] as (typeof planned)[number];
      const latest = Math.min(
        p.stop.window.end,
        latestNext - p.stop.serviceMinutes - minutes(p.stop.location, next),
      );
      p.slack = Math.max(0, latest - p.start);
      latestNext = latest;
      next = p.stop.location;
    }
    let units = 0;
    let volume = 0;
    for (const { stop } of planned) {
      if (stop.kind === 'delivery') {
        units += stop.load.units;
        volume += stop.load.volume ?? 0;
      }
    }
    let peakUnits = units;
    let peakVolume = volume;
    let drive = 0;
    let travelled = 0;
    let at = vehicle.depot;
    for (const p of planned) {
      const sign = p.stop.kind === 'pickup' ? 1 : -1;
      units += sign * p.stop.load.units;
      volume += sign * (p.stop.load.volume ?? 0);
      peakUnits = Math.max(peakUnits, units);
      peakVolume = Math.max(peakVolume, volume);
      drive += minutes(at, p.stop.location);
      travelled += distance(at, p.stop.location);
      at = p.stop.location;
      if (p.start > p.stop.window.end + EPS) {
        violations.push({
          kind: 'window',
          vehicleId,
          stopId: p.stopId,
          message: `${p.stopId} starts at ${p.start.toFixed(1)}, after its window ends at ${p.stop.window.end}`,
        });
      }
      if (p.stop.pinnedVehicleId !== undefined && p.stop.pinnedVehicleId !== vehicleId) {
        violations.push({
          kind: 'pinned',
          vehicleId,
          stopId: p.stopId,
          message: `${p.stopId} is pinned to ${p.stop.pinnedVehicleId}`,
        });
      }
      if (p.stop.after !== undefined) {
        const before = seen.get(p.stop.after);
        const mine = seen.get(p.stopId);
        const predecessor = stops.get(p.stop.after);
        const done = startOf.get(p.stop.after);
        const late =
          !before ||
          !predecessor ||
          done === undefined ||
          (before.route === mine?.route && before.position > mine.position) ||
          p.start + EPS < done + predecessor.serviceMinutes;
        if (late) {
          violations.push({
            kind: 'precedence',
            vehicleId,
            stopId: p.stopId,
            message: `${p.stopId} is not served after ${p.stop.after}`,
          });
        }
      }
    }
    if (
      peakUnits > vehicle.capacity.units + EPS ||
      peakVolume > (vehicle.capacity.volume ?? 0) + EPS
    ) {
      violations.push({
        kind: 'capacity',
        vehicleId,
        message: `${vehicleId} carries ${peakUnits} units and ${peakVolume} volume at most, over its capacity`,
      });
    }
    if (planned.length > 0 && back > vehicle.shift.end + EPS) {
      violations.push({
        kind: 'shift',
        vehicleId,
        message: `${vehicleId} is back at ${back.toFixed(1)}, after its shift ends at ${vehicle.shift.end}`,
      });
    }
    drive += minutes(at, vehicle.depot);
    travelled += distance(at, vehicle.depot);
    const first = planned[0];
    const leaveDepot = first
      ? Math.max(vehicle.shift.start, first.start - minutes(vehicle.depot, first.stop.location))
      : vehicle.shift.start;
    const returnDepot = planned.length > 0 ? back : vehicle.shift.start;
    return {
      vehicleId,
      leaveDepot,
      returnDepot,
      stops: planned.map(({ stop: _stop, ...rest }) => rest),
      distance: planned.length > 0 ? travelled : 0,
      driveMinutes: planned.length > 0 ? drive : 0,
      duration: returnDepot - leaveDepot,
      loadPeak: { units: peakUnits, volume: peakVolume },
    };
  });
  return { routes, violations };
}

/**
 * Checks a whole plan: its routes as `checkRoutes` does, and that every stop is either on
 * exactly one route or reported unassigned, never both.
 */
export function checkPlan(input: RoutingInput, plan: RoutePlan): RouteCheck {
  const check = checkRoutes(
    input,
    plan.routes.map((r) => ({ vehicleId: r.vehicleId, stopIds: r.stops.map((s) => s.stopId) })),
  );
  const routed = new Set(plan.routes.flatMap((r) => r.stops.map((s) => s.stopId)));
  const left = new Set<string>();
  for (const u of plan.unassigned) {
    if (routed.has(u.stopId) || left.has(u.stopId)) {
      check.violations.push({
        kind: 'duplicate',
        stopId: u.stopId,
        message: `${u.stopId} is both routed and unassigned, or unassigned twice`,
      });
    }
    left.add(u.stopId);
  }
  for (const stop of input.stops) {
    if (!routed.has(stop.id) && !left.has(stop.id)) {
      check.violations.push({
        kind: 'missing',
        stopId: stop.id,
        message: `${stop.id} is neither routed nor unassigned`,
      });
    }
  }
  return check;
}
