import { EPS, type Problem } from './route-problem';

/**
 * A route's stops with what makes an insertion check O(1) (the classic VRPTW bookkeeping):
 * each stop's service start, the latest it could start without breaking a later window or the
 * shift, and the most the truck carries on the legs up to and from each position.
 *
 * Routes are copied on write: a candidate solution shares the routes it does not change with the
 * solution it came from, and `epoch` says which solution may change a route in place.
 */
export type Route = {
  v: number;
  epoch: number;
  nodes: number[];
  start: number[];
  latest: number[];
  /** Load on leg p (0 = leaving the depot, nodes.length = coming back), max of legs 0..p. */
  preUnits: number[];
  preVolume: number[];
  /** Max of legs p..nodes.length. */
  sufUnits: number[];
  sufVolume: number[];
  cost: number;
};

export type Solution = {
  epoch: number;
  routes: Route[];
  /** The vehicle each stop is on, or -1. */
  where: Int32Array;
  /** Each routed stop's service start (kept for the precedence checks across routes). */
  startOf: Float64Array;
  unassigned: number[];
};

let epochs = 0;

export function emptySolution(p: Problem): Solution {
  const epoch = ++epochs;
  const routes: Route[] = [];
  for (let v = 0; v < p.vehicles; v++) {
    const route: Route = {
      v,
      epoch,
      nodes: [],
      start: [],
      latest: [],
      preUnits: [],
      preVolume: [],
      sufUnits: [],
      sufVolume: [],
      cost: 0,
    };
    refreshRoute(
      p,
      { epoch, routes, where: new Int32Array(0), startOf: new Float64Array(0), unassigned: [] },
      route,
    );
    routes.push(route);
  }
  const unassigned: number[] = [];
  for (let i = 0; i < p.n; i++) unassigned.push(i);
  return {
    epoch,
    routes,
    where: new Int32Array(p.n).fill(-1),
    startOf: new Float64Array(p.n),
    unassigned,
  };
}

/** A candidate sharing `s`'s routes; `own` copies a route before it changes. */
export function cloneSolution(s: Solution): Solution {
  return {
    epoch: ++epochs,
    routes: s.routes.slice(),
    where: s.where.slice(),
    startOf: s.startOf.slice(),
    unassigned: s.unassigned.slice(),
  };
}

export function own(s: Solution, v: number): Route {
  const route = s.routes[v] as Route;
  if (route.epoch === s.epoch) return route;
  const copy: Route = {
    v,
    epoch: s.epoch,
    nodes: route.nodes.slice(),
    start: route.start.slice(),
    latest: route.latest.slice(),
    preUnits: route.preUnits.slice(),
    preVolume: route.preVolume.slice(),
    sufUnits: route.sufUnits.slice(),
    sufVolume: route.sufVolume.slice(),
    cost: route.cost,
  };
  s.routes[v] = copy;
  return copy;
}

export function solutionCost(p: Problem, s: Solution): number {
  let total = s.unassigned.length * p.unassignedCost;
  for (const route of s.routes) {
    if (route.nodes.length > 0) total += route.cost + p.routeCost;
  }
  return total;
}

export function usedRoutes(s: Solution): number {
  let used = 0;
  for (const route of s.routes) if (route.nodes.length > 0) used++;
  return used;
}

/** Earliest service start of stop i on vehicle v, given where its predecessor is. */
export function earliestOn(p: Problem, s: Solution, i: number, v: number): number {
  const e = p.early[i] as number;
  if (!p.precedence) return e;
  const a = p.after[i] as number;
  if (a < 0) return e;
  const va = s.where[a] as number;
  if (va < 0 || va === v) return e;
  return Math.max(e, (s.startOf[a] as number) + (p.service[a] as number));
}

/** Latest service start of stop i on vehicle v, given where the stops after it are. */
export function latestOn(p: Problem, s: Solution, i: number, v: number): number {
  let l = p.late[i] as number;
  if (!p.precedence) return l;
  for (const b of p.dependents[i] as number[]) {
    const vb = s.where[b] as number;
    if (vb >= 0 && vb !== v) l = Math.min(l, (s.startOf[b] as number) - (p.service[i] as number));
  }
  return l;
}

/**
 * Recomputes a route's schedule, cost and loads from its stops (the route must be owned by `s`).
 * A stop the schedule can no longer serve (a matrix without the triangle inequality can make a
 * removal delay later stops) is taken off and left unassigned, so a route is always feasible.
 */
export function refreshRoute(p: Problem, s: Solution, route: Route): void {
  const v = route.v;
  const S = p.size;
  const nodes = route.nodes;
  const depot = p.depot[v] as number;
  for (;;) {
    let t = p.shiftStart[v] as number;
    let prev = depot;
    let cost = 0;
    let dropped = -1;
    for (let k = 0; k < nodes.length; k++) {
      const i = nodes[k] as number;
      const li = p.loc[i] as number;
      const arrival = t + (p.time[prev * S + li] as number);
      const begin = Math.max(earliestOn(p, s, i, v), arrival);
      if (begin > latestOn(p, s, i, v) + EPS) {
        dropped = k;
        break;
      }
      route.start[k] = begin;
      if (s.startOf.length > 0) s.startOf[i] = begin;
      cost += p.cost[prev * S + li] as number;
      t = begin + (p.service[i] as number);
      prev = li;
    }
    if (dropped < 0 && t + (p.time[prev * S + depot] as number) > (p.shiftEnd[v] as number) + EPS) {
      dropped = nodes.length - 1;
    }
    if (dropped >= 0) {
      const [i] = nodes.splice(dropped, 1) as [number];
      if (s.where.length > 0) s.where[i] = -1;
      s.unassigned.push(i);
      continue;
    }
    cost += p.cost[prev * S + depot] as number;
    route.cost = cost;
    break;
  }
  const m = nodes.length;
  route.start.length = m;
  route.latest.length = m;
  let next = depot;
  let latestNext = p.shiftEnd[v] as number;
  for (let k = m - 1; k >= 0; k--) {
    const i = nodes[k] as number;
    const li = p.loc[i] as number;
    const l = Math.min(
      latestOn(p, s, i, v),
      latestNext - (p.service[i] as number) - (p.time[li * S + next] as number),
    );
    route.latest[k] = l;
    latestNext = l;
    next = li;
  }
  // Loads on each leg: the deliveries leave the depot on the truck, the pickups come back on it.
  let units = 0;
  let volume = 0;
  for (const i of nodes) {
    if (!p.pickup[i]) {
      units += p.units[i] as number;
      volume += p.volume[i] as number;
    }
  }
  route.preUnits.length = m + 1;
  route.preVolume.length = m + 1;
  route.sufUnits.length = m + 1;
  route.sufVolume.length = m + 1;
  route.sufUnits[0] = units;
  route.sufVolume[0] = volume;
  let maxUnits = units;
  let maxVolume = volume;
  route.preUnits[0] = units;
  route.preVolume[0] = volume;
  for (let k = 0; k < m; k++) {
    const i = nodes[k] as number;
    const sign = p.pickup[i] ? 1 : -1;
    units += sign * (p.units[i] as number);
    volume += sign * (p.volume[i] as number);
    route.sufUnits[k + 1] = units;
    route.sufVolume[k + 1] = volume;
    maxUnits = Math.max(maxUnits, units);
    maxVolume = Math.max(maxVolume, volume);
    route.preUnits[k + 1] = maxUnits;
    route.preVolume[k + 1] = maxVolume;
  }
  for (let k = m - 1; k >= 0; k--) {
    route.sufUnits[k] = Math.max(route.sufUnits[k] as number, route.sufUnits[k + 1] as number);
    route.sufVolume[k] = Math.max(route.sufVolume[k] as number, route.sufVolume[k + 1] as number);
  }
  if (s.where.length > 0) for (const i of nodes) s.where[i] = v;
}

/**
 * With precedence between stops, a route's schedule depends on the others' (a pickup waits
 * for its delivery on another truck): refresh every route until the starts settle, then once
 * more so each route's latest starts see the settled starts of the others. Stops left without
 * the stop they must follow are taken off.
 */
export function refreshAll(p: Problem, s: Solution): void {
  for (let round = 0; round < 4; round++) {
    const before = s.startOf.slice();
    for (let v = 0; v < p.vehicles; v++) {
      if ((s.routes[v] as Route).nodes.length > 0) refreshRoute(p, s, own(s, v));
    }
    dropOrphans(p, s);
    let same = true;
    for (let i = 0; i < p.n && same; i++) {
      if ((s.where[i] as number) >= 0 && before[i] !== s.startOf[i]) same = false;
    }
    if (same) break;
  }
  for (let v = 0; v < p.vehicles; v++) {
    if ((s.routes[v] as Route).nodes.length > 0) refreshRoute(p, s, own(s, v));
  }
  // That last refresh may take off a stop another follows (it no longer fits its window):
  // its followers go too, never left on a route without it.
  dropOrphans(p, s);
}

/** Takes off routed stops whose predecessor is not routed (and then their own dependents). */
export function dropOrphans(p: Problem, s: Solution): void {
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < p.n; i++) {
      const a = p.after[i] as number;
      const v = s.where[i] as number;
      if (a === -1 || v < 0) continue;
      if (a >= 0 && (s.where[a] as number) >= 0) {
        // Same route: the predecessor must come first.
        if ((s.where[a] as number) !== v) continue;
        const nodes = (s.routes[v] as Route).nodes;
        if (nodes.indexOf(a) < nodes.indexOf(i)) continue;
      }
      const route = own(s, v);
      route.nodes.splice(route.nodes.indexOf(i), 1);
      s.where[i] = -1;
      s.unassigned.push(i);
      refreshRoute(p, s, route);
      changed = true;
    }
  }
}
