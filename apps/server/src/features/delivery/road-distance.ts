import {
  drivingMilesEstimate,
  estimatedDriveMinutes,
  type LatLng,
  METRES_PER_MILE,
} from '@tentpole/domain';
import { z } from 'zod';
import { logger } from '../../logging/logger.js';

export type RoadMiles = { miles: number; estimated: boolean };
/** Driving minutes and miles between every pair of points (row: from, column: to). */
export type TravelMatrix = { minutes: number[][]; miles: number[][]; estimated: boolean };
export type RoadDistance = {
  miles(from: LatLng, to: LatLng): Promise<RoadMiles>;
  /** The day's travel times for the route planner (§7.3), OSRM's table when it answers. */
  matrix(points: readonly LatLng[]): Promise<TravelMatrix>;
};

const TIMEOUT_MS = 4_000;
const routeAnswer = z.object({
  code: z.string(),
  routes: z.array(z.object({ distance: z.number() })).optional(),
});

/**
 * OSRM's route service (`GET /route/v1/driving/{lng},{lat};{lng},{lat}?overview=false`): the
 * driving distance in miles. Throws when there is no route or the service fails or is slow.
 */
export function osrmRoute(
  baseUrl: string,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
) {
  const get = options.fetch ?? fetch;
  return async (from: LatLng, to: LatLng): Promise<number> => {
    const points = `${from.lng},${from.lat};${to.lng},${to.lat}`;
    const response = await get(`${baseUrl}/route/v1/driving/${points}?overview=false`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
    });
    const body = routeAnswer.parse(await response.json());
    const metres = body.routes?.[0]?.distance;
    if (!response.ok || body.code !== 'Ok' || metres === undefined)
      throw new Error(`OSRM answered ${response.status} ${body.code}`);
    return metres / METRES_PER_MILE;
  };
}

const tableAnswer = z.object({
  code: z.string(),
  durations: z.array(z.array(z.number().nullable())).optional(),
  distances: z.array(z.array(z.number().nullable())).optional(),
});

/**
 * OSRM's table service (`GET /table/v1/driving/{lng},{lat};…?annotations=duration,distance`):
 * seconds and metres between every pair, null where it found no route. Throws when the service
 * fails, is slow, or answers another shape.
 */
export function osrmTable(
  baseUrl: string,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
) {
  const get = options.fetch ?? fetch;
  return async (points: readonly LatLng[]) => {
    const coordinates = points.map((p) => `${p.lng},${p.lat}`).join(';');
    const response = await get(
      `${baseUrl}/table/v1/driving/${coordinates}?annotations=duration,distance`,
      {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
      },
    );
    const body = tableAnswer.parse(await response.json());
    const n = points.length;
    const square = (m: (number | null)[][] | undefined) =>
      m !== undefined && m.length === n && m.every((row) => row.length === n);
    if (!response.ok || body.code !== 'Ok' || !square(body.durations) || !square(body.distances))
      throw new Error(`OSRM table answered ${response.status} ${body.code}`);
    return { seconds: body.durations ?? [], metres: body.distances ?? [] };
  };
}

/** The estimate between every pair: great-circle × 1.3, at the planner's average speed. */
function estimatedMatrix(points: readonly LatLng[]): TravelMatrix {
  return {
    minutes: points.map((a) => points.map((b) => (a === b ? 0 : estimatedDriveMinutes(a, b)))),
    miles: points.map((a) => points.map((b) => (a === b ? 0 : drivingMilesEstimate(a, b)))),
    estimated: true,
  };
}

/** Tables asked for lately, by their points: a board reloads its day often. */
const TABLE_CACHE_MAX = 64;
const TABLE_CACHE_MS = 10 * 60_000;

/**
 * back-office spec §7.1: road miles from OSRM at `OSRM_URL` when set; otherwise, or when it
 * fails, great-circle miles × 1.3, marked as an estimate.
 */
export function createRoadDistance(
  osrmUrl: string | null,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): RoadDistance {
  const route = osrmUrl ? osrmRoute(osrmUrl, options) : null;
  const table = osrmUrl ? osrmTable(osrmUrl, options) : null;
  const tables = new Map<string, { at: number; matrix: TravelMatrix }>();
  return {
    async matrix(points) {
      if (!table || points.length < 2) return estimatedMatrix(points);
      const key = points.map((p) => `${p.lng},${p.lat}`).join(';');
      const cached = tables.get(key);
      if (cached && Date.now() - cached.at < TABLE_CACHE_MS) return cached.matrix;
      try {
        const { seconds, metres } = await table(points);
        const estimate = estimatedMatrix(points);
        // A pair OSRM has no route for keeps its estimate.
        const matrix: TravelMatrix = {
          minutes: seconds.map((row, i) =>
            row.map((s, j) => (s === null ? (estimate.minutes[i]?.[j] ?? 0) : s / 60)),
          ),
          miles: metres.map((row, i) =>
            row.map((m, j) => (m === null ? (estimate.miles[i]?.[j] ?? 0) : m / METRES_PER_MILE)),
          ),
          estimated: false,
        };
        if (tables.size >= TABLE_CACHE_MAX) tables.delete(tables.keys().next().value as string);
        tables.set(key, { at: Date.now(), matrix });
        return matrix;
      } catch (error) {
        logger.warn({ err: error }, 'OSRM: the travel table fell back to the estimate');
        return estimatedMatrix(points);
      }
    },
    async miles(from, to) {
      if (route) {
        try {
          return { miles: await route(from, to), estimated: false };
        } catch (error) {
          logger.warn({ err: error }, 'OSRM: falling back to the great-circle estimate');
        }
      }
      return { miles: drivingMilesEstimate(from, to), estimated: true };
    },
  };
}
