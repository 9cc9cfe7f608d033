/**
 * The route optimiser's plain-data model (back-office spec §7.2, §7.3).
 *
 * Times are minutes from midnight of the route's day, durations are minutes, as the Delivery
 * Manager's windows and shift hours are written; fractions are allowed (a travel matrix from
 * OSRM is in seconds: divide by 60). Places are indices into a travel matrix the caller builds
 * (OSRM's `table`, or great-circle distance × 1.3 as §7.1's estimate), so the module never does
 * I/O and the same matrix serves the delivery fee and the route.
 */

/** A time window: service must start at or after `start` and at or before `end`. */
export type TimeWindow = { start: number; end: number };

/** What a stop puts on or takes off the truck; a vehicle's capacity in the same units. */
export type RouteLoad = { units: number; volume?: number };

export type RouteStop = {
  id: string;
  orderId?: string;
  /** A delivery's load is on the truck from the depot until the stop; a pickup's after it. */
  kind: 'delivery' | 'pickup';
  /** Index of the stop's place in the travel matrix. */
  location: number;
  window: TimeWindow;
  serviceMinutes: number;
  load: RouteLoad;
  /** The dispatcher pinned the stop to this vehicle (§7.3 "keeping stops the dispatcher pinned"). */
  pinnedVehicleId?: string;
  /**
   * A stop that must be served first: the delivery of the same order before its pickup. On the
   * same route it comes earlier; on another route its service ends before this one starts.
   */
  after?: string;
};

export type RouteVehicle = {
  id: string;
  /** Index of the depot in the travel matrix: the route starts and ends there. */
  depot: number;
  /** Shift hours: leave the depot no earlier than `start`, be back by `end`. */
  shift: TimeWindow;
  capacity: RouteLoad;
};

/** A square matrix (rows of numbers) or a function of two matrix indices. */
export type MatrixSource = ArrayLike<ArrayLike<number>> | ((from: number, to: number) => number);

/**
 * Travel between matrix indices: driving minutes, and optionally a distance (any unit: metres,
 * miles; Solomon's benchmark uses Euclidean units). Without `distance`, distance is the minutes.
 */
export type TravelMatrix = { minutes: MatrixSource; distance?: MatrixSource };

export type RoutingInput = {
  stops: RouteStop[];
  vehicles: RouteVehicle[];
  travel: TravelMatrix;
};

/** One stop on a planned route, with its ETA. */
export type PlannedStop = {
  stopId: string;
  /** When the vehicle gets there. */
  arrival: number;
  /** When service starts: the arrival, or the window's start after waiting. */
  start: number;
  /** When the vehicle leaves: start + service minutes. */
  departure: number;
  /** Minutes the start could slip without breaking this or a later stop's window or the shift. */
  slack: number;
};

export type PlannedRoute = {
  vehicleId: string;
  /** Leave the depot at (just in time for the first stop, not before the shift starts). */
  leaveDepot: number;
  /** Back at the depot at. */
  returnDepot: number;
  stops: PlannedStop[];
  distance: number;
  /** Driving minutes. */
  driveMinutes: number;
  /** Minutes from leaving the depot to coming back. */
  duration: number;
  /** The most the truck carries at once, in units and volume. */
  loadPeak: { units: number; volume: number };
};

/**
 * Why a stop is not on any route:
 * - `window`: no vehicle can reach it within its window (or the window lies outside every shift);
 * - `shift`: a vehicle can serve it in its window but not be back by the end of its shift;
 * - `capacity`: its load is more than any vehicle it may go on can carry;
 * - `pinned`: it is pinned to a vehicle that is not in the plan;
 * - `precedence`: the stop it must come after is unknown or could not be placed;
 * - `no-room`: it fits a vehicle on its own, but not beside the other stops of the day.
 */
export type UnassignedReason =
  | 'window'
  | 'shift'
  | 'capacity'
  | 'pinned'
  | 'precedence'
  | 'no-room';

export type UnassignedStop = { stopId: string; reason: UnassignedReason };

export type RoutePlan = {
  routes: PlannedRoute[];
  unassigned: UnassignedStop[];
  totalDistance: number;
  totalDriveMinutes: number;
};

/** Reads a matrix source at (from, to), as a number (a missing entry is an error). */
export function matrixReader(source: MatrixSource): (from: number, to: number) => number {
  if (typeof source === 'function') return source;
  return (from, to) => {
    const value = source[from]?.[to];
    if (value === undefined || !Number.isFinite(value)) {
      throw new RangeError(`travel matrix has no finite entry at [${from}][${to}]`);
    }
    return value;
  };
}
