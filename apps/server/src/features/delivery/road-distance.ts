import { drivingMilesEstimate, type LatLng, METRES_PER_MILE } from '@tentpole/domain';
import { z } from 'zod';
import { logger } from '../../logging/logger.js';

export type RoadMiles = { miles: number; estimated: boolean };
export type RoadDistance = { miles(from: LatLng, to: LatLng): Promise<RoadMiles> };

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

/**
 * back-office spec §7.1: road miles from OSRM at `OSRM_URL` when set; otherwise, or when it
 * fails, great-circle miles × 1.3, marked as an estimate.
 */
export function createRoadDistance(
  osrmUrl: string | null,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): RoadDistance {
  const route = osrmUrl ? osrmRoute(osrmUrl, options) : null;
  return {
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
