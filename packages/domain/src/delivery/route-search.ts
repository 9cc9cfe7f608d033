import { EPS, type Problem } from './route-problem';
import {
  cloneSolution,
  dropOrphans,
  earliestOn,
  emptySolution,
  latestOn,
  own,
  type Route,
  refreshAll,
  refreshRoute,
  type Solution,
  solutionCost,
  usedRoutes,
} from './route-state';

/**
 * Slack Induction by String Removals (SISR, Christiaens & Vanden Berghe, Transportation Science
 * 2020): ruin removes a few strings of consecutive stops from routes near a random stop, recreate
 * puts every unassigned stop back at its cheapest feasible place in a random-ish order, skipping
 * each place with a small probability ("blinks"), and simulated annealing decides whether to keep
 * the result. Decision 0035 says why this method and which parameters.
 */

/** mulberry32: a small seeded generator, so a plan is the same for the same input and seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type SearchOptions = {
  seed: number;
  /** Ruin-and-recreate iterations; 0 returns the greedy construction. */
  iterations: number;
  /** Stop when `now() - started` reaches this many ms (with `now`). */
  timeLimitMs?: number;
  now?: () => number;
  minimiseVehicles: boolean;
};

// SISR's parameters for the VRPTW (the paper's Table 2): mean removed stops, longest string,
// blink rate, annealing from T0 to Tf (here relative to a typical depot-to-stop arc).
const MEAN_REMOVED = 10;
const MAX_STRING = 10;
const BLINK = 0.01;
const SPLIT_RATE = 0.5;
const SPLIT_DEPTH = 0.01;
const T0_SCALE = 1.0;
const TF_SCALE = 0.01;
/** Share of the budget the fleet minimisation may take before distance takes over. */
const FLEET_SHARE = 0.5;

type Search = {
  p: Problem;
  random: () => number;
  /** Stamp per vehicle class, so one empty vehicle of each class is tried per stop. */
  classStamp: Int32Array;
  stamp: number;
  /** Number of times each stop was left out during fleet minimisation (SISR's absences). */
  absences: Int32Array;
};

export function solve(p: Problem, options: SearchOptions): Solution {
  const search: Search = {
    p,
    random: seededRandom(options.seed),
    classStamp: new Int32Array(Math.max(1, p.vehicles)),
    stamp: 0,
    absences: new Int32Array(p.n),
  };
  let current = cloneSolution(emptySolution(p));
  recreate(search, current, true, 0);
  if (options.iterations <= 0 || p.n === 0) return current;

  const started = options.now?.() ?? 0;
  const progress = (iteration: number) => {
    let done = iteration / options.iterations;
    if (options.now && options.timeLimitMs !== undefined) {
      done = Math.max(done, (options.now() - started) / options.timeLimitMs);
    }
    return done;
  };

  let iteration = 0;
  if (options.minimiseVehicles && leftOut(p, current) === 0) {
    const fleet = minimiseFleet(search, current, () => progress(iteration++) < FLEET_SHARE);
    current = fleet;
  }

  // Distance (or minutes): simulated annealing over ruin and recreate, no new vehicle when the
  // fleet was minimised.
  const allowNew = !options.minimiseVehicles || leftOut(p, current) > 0;
  const first = progress(iteration);
  let best = current;
  let bestCost = solutionCost(p, best);
  let currentCost = bestCost;
  const t0 = T0_SCALE * p.scale;
  const tf = TF_SCALE * p.scale;
  for (;;) {
    const done = progress(iteration);
    if (done >= 1) break;
    iteration++;
    const phase = first >= 1 ? 1 : Math.min(1, (done - first) / (1 - first));
    const temperature = t0 * (tf / t0) ** phase;
    const candidate = cloneSolution(current);
    ruin(search, candidate);
    recreate(search, candidate, allowNew, BLINK);
    const cost = solutionCost(p, candidate);
    if (cost < currentCost - temperature * Math.log(search.random())) {
      current = candidate;
      currentCost = cost;
      if (cost < bestCost - EPS) {
        best = candidate;
        bestCost = cost;
      }
    }
  }
  return best;
}

/**
 * SISR's fleet minimisation: take a route off, and ruin and recreate without new vehicles until
 * every stop is back; a candidate is kept when it leaves fewer stops out, or stops that were
 * left out less often (the absence counts steer the search to the hard stops).
 */
function minimiseFleet(search: Search, start: Solution, more: () => boolean): Solution {
  const { p } = search;
  let best = start;
  const lowerBound = fleetLowerBound(p);
  if (usedRoutes(best) <= lowerBound) return best;
  let current = withoutRoute(search, best);
  if (!current) return best;
  while (more()) {
    const candidate = cloneSolution(current);
    ruin(search, candidate);
    recreate(search, candidate, false, BLINK);
    for (const i of candidate.unassigned) {
      if (p.placeable[i]) search.absences[i] = (search.absences[i] as number) + 1;
    }
    const out = leftOut(p, candidate);
    if (out < leftOut(p, current) || absenceSum(search, candidate) < absenceSum(search, current)) {
      current = candidate;
    }
    if (leftOut(p, current) === 0) {
      best = current;
      if (usedRoutes(best) <= lowerBound) break;
      const next = withoutRoute(search, best);
      if (!next) break;
      current = next;
    }
  }
  return best;
}

/** Stops left out that could be placed (the others are reported with their reason). */
function leftOut(p: Problem, s: Solution): number {
  let out = 0;
  for (const i of s.unassigned) if (p.placeable[i]) out++;
  return out;
}

function absenceSum(search: Search, s: Solution): number {
  let sum = 0;
  for (const i of s.unassigned) sum += search.absences[i] as number;
  return sum;
}

/** The fewest vehicles the loads need, when all vehicles are alike (else 1). */
function fleetLowerBound(p: Problem): number {
  let units = 0;
  for (let i = 0; i < p.n; i++) if (!p.pickup[i]) units += p.units[i] as number;
  const capacity = p.capUnits[0] ?? 0;
  for (let v = 1; v < p.vehicles; v++) if (p.capUnits[v] !== capacity) return 1;
  return capacity > 0 ? Math.max(1, Math.ceil(units / capacity - 1e-9)) : 1;
}

/** A copy of `s` with its smallest route's stops unassigned (pinned stops keep their route). */
function withoutRoute(search: Search, s: Solution): Solution | null {
  const { p } = search;
  let pick = -1;
  let fewest = Number.POSITIVE_INFINITY;
  for (const route of s.routes) {
    const m = route.nodes.length;
    if (m === 0 || route.nodes.some((i) => (p.pinned[i] as number) >= 0)) continue;
    const size = m + search.random() * 0.5;
    if (size < fewest) {
      fewest = size;
      pick = route.v;
    }
  }
  if (pick < 0) return null;
  const next = cloneSolution(s);
  const route = own(next, pick);
  for (const i of route.nodes) {
    next.where[i] = -1;
    next.unassigned.push(i);
  }
  route.nodes.length = 0;
  refreshRoute(p, next, route);
  if (p.precedence) refreshAll(p, next);
  return next;
}

/** SISR's adjacent string removal around a random routed stop. */
function ruin(search: Search, s: Solution): void {
  const { p, random } = search;
  let routed = 0;
  let stopsOnRoutes = 0;
  for (const route of s.routes) {
    if (route.nodes.length > 0) {
      routed++;
      stopsOnRoutes += route.nodes.length;
    }
  }
  if (routed === 0) return;
  const maxString = Math.min(MAX_STRING, stopsOnRoutes / routed);
  const maxStrings = (4 * MEAN_REMOVED) / (1 + maxString) - 1;
  const strings = Math.floor(random() * maxStrings) + 1;
  let seed = Math.floor(random() * p.n);
  for (let tries = 0; (s.where[seed] as number) < 0 && tries < p.n; tries++)
    seed = (seed + 1) % p.n;
  if ((s.where[seed] as number) < 0) return;

  const ruined: number[] = [];
  const neighbours = p.neighbours[seed] as Int32Array;
  for (let k = -1; k < neighbours.length && ruined.length < strings; k++) {
    const c = k < 0 ? seed : (neighbours[k] as number);
    const v = s.where[c] as number;
    if (v < 0 || ruined.includes(v)) continue;
    const route = own(s, v);
    const m = route.nodes.length;
    const length = Math.floor(random() * Math.min(m, maxString)) + 1;
    const at = route.nodes.indexOf(c);
    if (random() < SPLIT_RATE || length === m) {
      // A string of `length` stops containing c.
      const from = Math.max(0, Math.min(m - length, at - Math.floor(random() * length)));
      removeAt(search, s, route, from, length, 0);
    } else {
      // A split string: a longer string with `kept` stops in its middle left in place.
      let kept = 1;
      while (length + kept < m && random() > SPLIT_DEPTH) kept++;
      const total = length + kept;
      const from = Math.max(0, Math.min(m - total, at - Math.floor(random() * total)));
      removeAt(search, s, route, from, total, kept);
    }
    ruined.push(v);
  }
  for (const v of ruined) refreshRoute(p, s, s.routes[v] as Route);
  if (p.precedence) {
    // A delivery taken off takes its pickup with it.
    for (const i of s.unassigned.slice()) dropDependents(p, s, i);
    refreshAll(p, s);
  }
}

/** Removes `total` stops from `from`, keeping `kept` of them in the middle of the string. */
function removeAt(
  search: Search,
  s: Solution,
  route: Route,
  from: number,
  total: number,
  kept: number,
) {
  const keepFrom = from + Math.floor(search.random() * (total - kept + 1));
  const removed: number[] = [];
  const stays: number[] = [];
  for (let k = from; k < from + total; k++) {
    const i = route.nodes[k] as number;
    if (kept > 0 && k >= keepFrom && k < keepFrom + kept) stays.push(i);
    else removed.push(i);
  }
  route.nodes.splice(from, total, ...stays);
  for (const i of removed) {
    s.where[i] = -1;
    s.unassigned.push(i);
  }
}

function dropDependents(p: Problem, s: Solution, i: number): void {
  for (const b of p.dependents[i] as number[]) {
    const v = s.where[b] as number;
    if (v < 0) continue;
    const route = own(s, v);
    route.nodes.splice(route.nodes.indexOf(b), 1);
    s.where[b] = -1;
    s.unassigned.push(b);
    dropDependents(p, s, b);
  }
}

/**
 * Puts the unassigned stops back, each at its cheapest feasible place, in one of SISR's orders
 * (random, largest load, farthest, nearest: weights 4, 4, 2, 1). A stop that must follow another
 * waits until that one is placed.
 */
function recreate(search: Search, s: Solution, allowNew: boolean, blinkRate: number): void {
  const { p, random } = search;
  const pending = s.unassigned.filter((i) => p.placeable[i] === 1);
  const never = s.unassigned.filter((i) => p.placeable[i] !== 1);
  s.unassigned = never;
  if (pending.length === 0) return;
  const key = new Float64Array(p.n);
  const pick = random() * 11;
  for (const i of pending) {
    const fromDepot = p.cost[(p.depot[0] as number) * p.size + (p.loc[i] as number)] as number;
    key[i] =
      pick < 4
        ? random()
        : pick < 8
          ? -(p.units[i] as number) - (p.volume[i] as number)
          : pick < 10
            ? -fromDepot
            : fromDepot;
  }
  pending.sort((a, b) => (key[a] as number) - (key[b] as number) || a - b);
  let deferred: number[] = [];
  for (let round = 0; round < 2 && pending.length > 0; round++) {
    for (const i of pending) {
      const a = p.after[i] as number;
      if (p.precedence && a >= 0 && (s.where[a] as number) < 0) {
        deferred.push(i);
        continue;
      }
      if (!insertBest(search, s, i, allowNew, blinkRate)) s.unassigned.push(i);
    }
    pending.length = 0;
    pending.push(...deferred);
    deferred = [];
  }
  s.unassigned.push(...pending);
}

/** Inserts stop i at its cheapest feasible place; false when there is none. */
function insertBest(search: Search, s: Solution, i: number, allowNew: boolean, blinkRate: number) {
  const { p, random } = search;
  const S = p.size;
  const li = p.loc[i] as number;
  const rowTo = li;
  const rowFrom = li * S;
  const service = p.service[i] as number;
  const units = p.units[i] as number;
  const volume = p.volume[i] as number;
  const isPickup = p.pickup[i] === 1;
  const pin = p.pinned[i] as number;
  search.stamp++;
  let bestCost = Number.POSITIVE_INFINITY;
  let bestV = -1;
  let bestAt = -1;
  // A pinned stop is tried on its vehicle only.
  const lastVehicle = pin >= 0 ? pin + 1 : p.vehicles;
  for (let v = Math.max(pin, 0); v < lastVehicle; v++) {
    const route = s.routes[v] as Route;
    const m = route.nodes.length;
    if (m === 0) {
      if (!allowNew) continue;
      const c = p.vehicleClass[v] as number;
      if (search.classStamp[c] === search.stamp) continue;
      search.classStamp[c] = search.stamp;
    }
    const capUnits = p.capUnits[v] as number;
    const capVolume = p.capVolume[v] as number;
    if (isPickup) {
      if ((route.sufUnits[m] as number) + units > capUnits + EPS) continue;
    } else if ((route.preUnits[0] as number) + units > capUnits + EPS) {
      // The start leg carries every delivery: a delivery that does not fit there may still fit
      // nowhere else on this route, as legs only get lighter after it.
      continue;
    }
    const early = earliestOn(p, s, i, v);
    const late = latestOn(p, s, i, v);
    let first = 0;
    let last = m;
    if (p.precedence) {
      // On the same route, after the stop it follows and before the stops that follow it.
      const a = p.after[i] as number;
      if (a >= 0 && s.where[a] === v) first = route.nodes.indexOf(a) + 1;
      for (const b of p.dependents[i] as number[]) {
        if (s.where[b] === v) last = Math.min(last, route.nodes.indexOf(b));
      }
    }
    const depot = p.depot[v] as number;
    const nodes = route.nodes;
    for (let at = first; at <= last; at++) {
      if (blinkRate > 0 && random() < blinkRate) continue;
      if (isPickup) {
        if ((route.sufUnits[at] as number) + units > capUnits + EPS) continue;
        if ((route.sufVolume[at] as number) + volume > capVolume + EPS) continue;
      } else {
        if ((route.preUnits[at] as number) + units > capUnits + EPS) continue;
        if ((route.preVolume[at] as number) + volume > capVolume + EPS) continue;
      }
      let prev: number;
      let leave: number;
      if (at === 0) {
        prev = depot;
        leave = p.shiftStart[v] as number;
      } else {
        const j = nodes[at - 1] as number;
        prev = p.loc[j] as number;
        leave = (route.start[at - 1] as number) + (p.service[j] as number);
      }
      const arrival = leave + (p.time[prev * S + rowTo] as number);
      if (arrival > late + EPS) continue;
      const begin = Math.max(arrival, early);
      const next = at === m ? depot : (p.loc[nodes[at] as number] as number);
      const nextArrival = begin + service + (p.time[rowFrom + next] as number);
      const limit = at === m ? (p.shiftEnd[v] as number) : (route.latest[at] as number);
      if (nextArrival > limit + EPS) continue;
      let delta =
        (p.cost[prev * S + rowTo] as number) +
        (p.cost[rowFrom + next] as number) -
        (p.cost[prev * S + next] as number);
      if (m === 0) delta += p.routeCost;
      if (delta < bestCost) {
        bestCost = delta;
        bestV = v;
        bestAt = at;
      }
    }
  }
  if (bestV < 0) return false;
  const route = own(s, bestV);
  route.nodes.splice(bestAt, 0, i);
  s.where[i] = bestV;
  // Only this route needs its schedule again: an insertion only delays stops, so the other
  // routes' latest starts, which read this route's starts, stay on the safe side until the next
  // ruin refreshes them all.
  refreshRoute(p, s, route);
  // Unless the refresh took a stop off this route because it now starts too late for the stop
  // that follows it on another truck: that follower is taken off too.
  if (p.precedence) dropOrphans(p, s);
  return true;
}
