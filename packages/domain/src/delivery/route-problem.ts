import { matrixReader, type RoutingInput } from './route-model';

/**
 * The optimiser's input compiled to typed arrays, indexed by stop (0..n-1) and vehicle
 * (0..vehicles-1), with the travel matrix copied once into flat arrays over the places used: the
 * search reads millions of entries, and a caller's function (OSRM, great-circle) is then called
 * only n² times.
 */
export type Problem = {
  n: number;
  vehicles: number;
  /** Places used (compact indices 0..size-1); `time` and `cost` are size × size. */
  size: number;
  time: Float64Array;
  /** What the search minimises: driving minutes, or the distance when asked. */
  cost: Float64Array;
  distance: Float64Array;
  loc: Int32Array;
  early: Float64Array;
  late: Float64Array;
  service: Float64Array;
  units: Float64Array;
  volume: Float64Array;
  pickup: Uint8Array;
  /** Vehicle index a stop is pinned to, or -1. */
  pinned: Int32Array;
  /** Stop that must come first, or -1. */
  after: Int32Array;
  /** Stops that must come after each stop. */
  dependents: number[][];
  depot: Int32Array;
  shiftStart: Float64Array;
  shiftEnd: Float64Array;
  capUnits: Float64Array;
  capVolume: Float64Array;
  /** Vehicles of one class (same depot, shift, capacity) are interchangeable when empty. */
  vehicleClass: Int32Array;
  /** For each stop, the other stops nearest first (the string removal's neighbourhood). */
  neighbours: Int32Array[];
  precedence: boolean;
  /** Stops worth trying: not pinned to a missing vehicle, not impossible on their own. */
  placeable: Uint8Array;
  /** Added to the cost of a route that has stops (vehicles first, when asked). */
  routeCost: number;
  /** Added to the cost for each stop left out: more than any route's cost. */
  unassignedCost: number;
  /** A typical arc's cost: the annealing temperature's scale. */
  scale: number;
};

export type CompileOptions = { minimise: 'minutes' | 'distance'; minimiseVehicles: boolean };

export function compileProblem(input: RoutingInput, options: CompileOptions): Problem {
  const { stops, vehicles } = input;
  const n = stops.length;
  const V = vehicles.length;
  const places = new Map<number, number>();
  const place = (location: number) => {
    let index = places.get(location);
    if (index === undefined) {
      index = places.size;
      places.set(location, index);
    }
    return index;
  };
  const loc = Int32Array.from(stops, (s) => place(s.location));
  const depot = Int32Array.from(vehicles, (v) => place(v.depot));
  const size = places.size;
  const readMinutes = matrixReader(input.travel.minutes);
  const readDistance = input.travel.distance ? matrixReader(input.travel.distance) : readMinutes;
  const time = new Float64Array(size * size);
  const distance = new Float64Array(size * size);
  for (const [fromLocation, from] of places) {
    for (const [toLocation, to] of places) {
      time[from * size + to] = from === to ? 0 : readMinutes(fromLocation, toLocation);
      distance[from * size + to] = from === to ? 0 : readDistance(fromLocation, toLocation);
    }
  }
  const cost = options.minimise === 'distance' ? distance : time;

  const stopIndex = new Map(stops.map((s, i) => [s.id, i]));
  const vehicleIndex = new Map(vehicles.map((v, i) => [v.id, i]));
  const pinned = Int32Array.from(stops, (s) =>
    s.pinnedVehicleId === undefined ? -1 : (vehicleIndex.get(s.pinnedVehicleId) ?? -2),
  );
  const after = Int32Array.from(stops, (s) =>
    s.after === undefined ? -1 : (stopIndex.get(s.after) ?? -2),
  );
  const dependents: number[][] = stops.map(() => []);
  after.forEach((a, i) => {
    if (a >= 0) dependents[a]?.push(i);
  });

  const classes = new Map<string, number>();
  const vehicleClass = Int32Array.from(vehicles, (v) => {
    const key = `${v.depot}|${v.shift.start}|${v.shift.end}|${v.capacity.units}|${v.capacity.volume ?? 0}`;
    let c = classes.get(key);
    if (c === undefined) {
      c = classes.size;
      classes.set(key, c);
    }
    return c;
  });

  let maxArc = 0;
  let depotSum = 0;
  for (let i = 0; i < cost.length; i++) maxArc = Math.max(maxArc, cost[i] as number);
  for (let i = 0; i < n; i++) {
    const firstDepot = V > 0 ? (depot[0] as number) : 0;
    depotSum += cost[firstDepot * size + (loc[i] as number)] as number;
  }
  const bigM = (maxArc + 1) * (n + V + 2);

  const neighbours = stops.map((_, i) => {
    const others = Int32Array.from({ length: Math.max(0, n - 1) }, (_, k) => (k < i ? k : k + 1));
    const row = (loc[i] as number) * size;
    return others.sort(
      (a, b) =>
        (cost[row + (loc[a] as number)] as number) - (cost[row + (loc[b] as number)] as number),
    );
  });

  const problem: Problem = {
    n,
    vehicles: V,
    size,
    time,
    cost,
    distance,
    loc,
    early: Float64Array.from(stops, (s) => s.window.start),
    late: Float64Array.from(stops, (s) => s.window.end),
    service: Float64Array.from(stops, (s) => s.serviceMinutes),
    units: Float64Array.from(stops, (s) => s.load.units),
    volume: Float64Array.from(stops, (s) => s.load.volume ?? 0),
    pickup: Uint8Array.from(stops, (s) => (s.kind === 'pickup' ? 1 : 0)),
    pinned,
    after,
    dependents,
    depot,
    shiftStart: Float64Array.from(vehicles, (v) => v.shift.start),
    shiftEnd: Float64Array.from(vehicles, (v) => v.shift.end),
    capUnits: Float64Array.from(vehicles, (v) => v.capacity.units),
    capVolume: Float64Array.from(vehicles, (v) => v.capacity.volume ?? 0),
    vehicleClass,
    neighbours,
    precedence: stops.some((s) => s.after !== undefined),
    placeable: new Uint8Array(n),
    routeCost: options.minimiseVehicles ? bigM : 0,
    unassignedCost: bigM * (V + 1),
    scale: n > 0 ? Math.max(depotSum / n, 1e-6) : 1,
  };
  for (let i = 0; i < n; i++) {
    problem.placeable[i] = aloneReason(problem, i) === null ? 1 : 0;
  }
  return problem;
}

export type AloneReason = 'window' | 'shift' | 'capacity' | 'pinned' | 'precedence';

/**
 * Why stop `i` cannot be served even alone on a vehicle it may use, or null when it can: the
 * reason reported for a stop left out, when it is one.
 */
export function aloneReason(p: Problem, i: number): AloneReason | null {
  const pin = p.pinned[i] as number;
  if (pin === -2) return 'pinned';
  if ((p.after[i] as number) === -2) return 'precedence';
  let reason: AloneReason = 'capacity';
  for (let v = 0; v < p.vehicles; v++) {
    if (pin >= 0 && v !== pin) continue;
    if ((p.units[i] as number) > (p.capUnits[v] as number)) continue;
    if ((p.volume[i] as number) > (p.capVolume[v] as number)) continue;
    const out = p.time[(p.depot[v] as number) * p.size + (p.loc[i] as number)] as number;
    const back = p.time[(p.loc[i] as number) * p.size + (p.depot[v] as number)] as number;
    const start = Math.max(p.early[i] as number, (p.shiftStart[v] as number) + out);
    if (start > (p.late[i] as number) + EPS) {
      if (reason === 'capacity') reason = 'window';
      continue;
    }
    if (start + (p.service[i] as number) + back > (p.shiftEnd[v] as number) + EPS) {
      reason = 'shift';
      continue;
    }
    return null;
  }
  return reason;
}

/** Tolerance for comparing times computed by sums of floating-point travel times. */
export const EPS = 1e-7;
