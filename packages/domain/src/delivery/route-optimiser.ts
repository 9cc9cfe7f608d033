import { checkRoutes } from './route-check';
import type { RoutePlan, RoutingInput, UnassignedStop } from './route-model';
import { aloneReason, compileProblem } from './route-problem';
import { solve } from './route-search';

export {
  checkPlan,
  checkRoutes,
  type RouteCheck,
  type RouteOrder,
  type RouteViolation,
} from './route-check';
export * from './route-model';

/**
 * Route optimisation (back-office spec §7.3): one call plans the day. It assigns stops to
 * vehicles and orders them to minimise drive time, keeping every window, shift, capacity and
 * service time, pinned stops on their vehicle and each pickup after its delivery, and returns
 * the stops it could not fit with the reason. Pure and deterministic for a given seed: the only
 * clock is the one passed in with a time limit.
 *
 * The method (decision 0035): a greedy cheapest insertion, then ruin and recreate with string
 * removals and simulated annealing (SISR); with `minimiseVehicles`, first as few vehicles as the
 * day allows, then the least drive.
 */
export type OptimiseOptions = {
  /** Seed of the search's random choices (default 1). */
  seed?: number;
  /** Ruin-and-recreate iterations (default 4,000: a 60-stop day well within a second). 0 gives the greedy construction alone. */
  iterations?: number;
  /** Stop early after this many milliseconds by `now` (both needed; the plan then depends on the machine's speed). */
  timeLimitMs?: number;
  now?: () => number;
  /** What to minimise: driving minutes (default, §7.3) or the matrix's distance. */
  minimise?: 'minutes' | 'distance';
  /** Use as few vehicles as possible first, then minimise (the Solomon benchmark's objective). */
  minimiseVehicles?: boolean;
};

export const DEFAULT_ITERATIONS = 4000;

export function optimiseRoutes(input: RoutingInput, options: OptimiseOptions = {}): RoutePlan {
  const ids = new Set<string>();
  for (const stop of input.stops) {
    if (ids.has(stop.id)) throw new RangeError(`stop id ${stop.id} is used twice`);
    ids.add(stop.id);
  }
  const vehicleIds = new Set(input.vehicles.map((v) => v.id));
  if (vehicleIds.size !== input.vehicles.length) throw new RangeError('a vehicle id is used twice');

  const problem = compileProblem(input, {
    minimise: options.minimise ?? 'minutes',
    minimiseVehicles: options.minimiseVehicles ?? false,
  });
  const solution = solve(problem, {
    seed: options.seed ?? 1,
    iterations: options.iterations ?? DEFAULT_ITERATIONS,
    timeLimitMs: options.timeLimitMs,
    now: options.now,
    minimiseVehicles: options.minimiseVehicles ?? false,
  });

  const orders = solution.routes
    .filter((route) => route.nodes.length > 0)
    .map((route) => ({
      vehicleId: (input.vehicles[route.v] as RoutingInput['vehicles'][number]).id,
      stopIds: route.nodes.map((i) => (input.stops[i] as RoutingInput['stops'][number]).id),
    }));
  const { routes } = checkRoutes(input, orders);

  const left = new Set(solution.unassigned);
  const unassigned: UnassignedStop[] = [...left]
    .sort((a, b) => a - b)
    .map((i) => {
      const stop = input.stops[i] as RoutingInput['stops'][number];
      const alone = aloneReason(problem, i);
      const before = problem.after[i] as number;
      const reason = alone ?? (before >= 0 && left.has(before) ? 'precedence' : 'no-room');
      return { stopId: stop.id, reason };
    });

  return {
    routes,
    unassigned,
    totalDistance: routes.reduce((sum, r) => sum + r.distance, 0),
    totalDriveMinutes: routes.reduce((sum, r) => sum + r.driveMinutes, 0),
  };
}
