import type { LatLng, LocatedBy } from '@tentpole/domain';
import { z } from 'zod';
import { logger } from '../../logging/logger.js';
import { zipCentroid } from './zip-centroids.js';

export type GeocodeAddress = { line1: string; city: string; region: string; postalCode: string };
export type Located = LatLng & { locatedBy: Exclude<LocatedBy, 'pin'> };
export type Geocoder = { locate(address: GeocodeAddress): Promise<Located | null> };

/** Nominatim's usage policy asks every client to name itself. */
export const USER_AGENT = 'Tentpole/1.0 (party-rental back office; delivery fees)';
const TIMEOUT_MS = 4_000;
const CACHE_SIZE = 2_000;
const CACHE_MS = 24 * 60 * 60 * 1000;

const searchAnswer = z.array(z.object({ lat: z.coerce.number(), lon: z.coerce.number() }));

/**
 * A Nominatim-compatible geocoder (`GET /search?format=jsonv2&q=…`): the first result's point,
 * or null when it found nothing. Throws when the service fails or takes longer than the timeout.
 */
export function nominatimSearch(
  baseUrl: string,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
) {
  const get = options.fetch ?? fetch;
  return async (query: string): Promise<LatLng | null> => {
    const url = `${baseUrl}/search?format=jsonv2&limit=1&countrycodes=us&q=${encodeURIComponent(query)}`;
    const response = await get(url, {
      headers: { 'user-agent': USER_AGENT, accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`Geocoder answered ${response.status}`);
    const [first] = searchAnswer.parse(await response.json());
    return first ? { lat: first.lat, lng: first.lon } : null;
  };
}

/** A small least-recently-used memory of answers (found or not), each kept for a day. */
function memo<T>(size: number, ttlMs: number) {
  const entries = new Map<string, { value: T; at: number }>();
  return {
    get(key: string, now = Date.now()): { value: T } | undefined {
      const entry = entries.get(key);
      if (!entry || now - entry.at > ttlMs) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return { value: entry.value };
    },
    set(key: string, value: T, now = Date.now()) {
      entries.delete(key);
      entries.set(key, { value, at: now });
      if (entries.size > size) entries.delete(entries.keys().next().value as string);
    },
  };
}

/**
 * back-office spec §7.1: the geocoder at `GEOCODER_URL` when set (answers cached in memory), and
 * the ZIP code's centre when it is unset, fails or finds nothing. Staff can then move the pin.
 */
export function createGeocoder(
  geocoderUrl: string | null,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): Geocoder {
  const search = geocoderUrl ? nominatimSearch(geocoderUrl, options) : null;
  const cache = memo<LatLng | null>(CACHE_SIZE, CACHE_MS);
  return {
    async locate(address) {
      const query = [address.line1, address.city, `${address.region} ${address.postalCode}`.trim()]
        .map((part) => part.trim())
        .filter(Boolean)
        .join(', ');
      if (search && address.line1.trim() !== '') {
        const key = query.toLowerCase();
        const cached = cache.get(key);
        let point = cached?.value;
        if (!cached) {
          try {
            point = await search(query);
            cache.set(key, point);
          } catch (error) {
            logger.warn({ err: error }, 'Geocoder: falling back to the ZIP code centre');
          }
        }
        if (point) return { ...point, locatedBy: 'geocoder' };
      }
      const centre = await zipCentroid(address.postalCode);
      return centre ? { ...centre, locatedBy: 'zip_centroid' } : null;
    },
  };
}
