import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGeocoder, USER_AGENT } from '../src/features/delivery/geocoder.js';
import { createRoadDistance } from '../src/features/delivery/road-distance.js';

// The geocoder and road-distance clients against a local server that speaks Nominatim's
// /search and OSRM's /route/v1/driving, and their fallbacks when it fails or is slow.

let server: Server;
let base: string;
const seen: { url: string; userAgent: string | undefined }[] = [];

function answer(request: IncomingMessage): { status: number; body: unknown; delayMs?: number } {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/search') {
    const q = url.searchParams.get('q') ?? '';
    if (url.searchParams.get('format') !== 'jsonv2') return { status: 400, body: [] };
    if (q.startsWith('500')) return { status: 500, body: { error: 'boom' } };
    if (q.startsWith('Slow')) return { status: 200, body: [], delayMs: 500 };
    if (q.startsWith('Nowhere')) return { status: 200, body: [] };
    // Nominatim answers coordinates as strings.
    return { status: 200, body: [{ lat: '30.2500', lon: '-97.7500', display_name: q }] };
  }
  const route = /^\/route\/v1\/driving\/([-\d.]+),([-\d.]+);([-\d.]+),([-\d.]+)$/.exec(
    url.pathname,
  );
  if (route && url.searchParams.get('overview') === 'false') {
    if (route[1] === '0') return { status: 400, body: { code: 'NoRoute', message: 'No route' } };
    return { status: 200, body: { code: 'Ok', routes: [{ distance: 16_093.44, duration: 900 }] } };
  }
  const table = /^\/table\/v1\/driving\/(.+)$/.exec(url.pathname);
  if (table && url.searchParams.get('annotations') === 'duration,distance') {
    const points = (table[1] ?? '').split(';');
    if (points[0]?.startsWith('0,')) return { status: 400, body: { code: 'InvalidQuery' } };
    // Every pair 10 minutes and 5 miles apart, but no road from the last point to the first.
    const cell = (i: number, j: number, value: number) =>
      i === j ? 0 : i === points.length - 1 && j === 0 ? null : value;
    return {
      status: 200,
      body: {
        code: 'Ok',
        durations: points.map((_, i) => points.map((_, j) => cell(i, j, 600))),
        distances: points.map((_, i) => points.map((_, j) => cell(i, j, 8_046.72))),
      },
    };
  }
  return { status: 404, body: { code: 'NotFound' } };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', userAgent: request.headers['user-agent'] });
    const { status, body, delayMs = 0 } = answer(request);
    setTimeout(() => {
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const street = (line1: string) => ({ line1, city: 'Austin', region: 'TX', postalCode: '78701' });

describe('the geocoder client (GEOCODER_URL)', () => {
  it('asks /search?format=jsonv2 with the address and its User-Agent, and answers the point', async () => {
    const geocoder = createGeocoder(base);
    expect(await geocoder.locate(street('12 Oak St'))).toEqual({
      lat: 30.25,
      lng: -97.75,
      locatedBy: 'geocoder',
    });
    const request = seen.at(-1);
    expect(request?.url).toContain('/search?format=jsonv2');
    expect(request?.url).toContain(`q=${encodeURIComponent('12 Oak St, Austin, TX 78701')}`);
    expect(request?.userAgent).toBe(USER_AGENT);
  });

  it('asks once for the same address (cached)', async () => {
    const geocoder = createGeocoder(base);
    const before = seen.length;
    await geocoder.locate(street('14 Oak St'));
    await geocoder.locate(street('14 OAK ST'));
    expect(seen.length - before).toBe(1);
  });

  it.each([
    ['finds nothing', 'Nowhere Lane'],
    ['fails', '500 Error Ave'],
    ['is slower than its timeout', 'Slow Rd'],
  ])('falls back to the ZIP code’s centre when it %s', async (_name, line1) => {
    const geocoder = createGeocoder(base, { timeoutMs: 100 });
    const found = await geocoder.locate(street(line1));
    expect(found).toMatchObject({ locatedBy: 'zip_centroid' });
    expect(found?.lat).toBeCloseTo(30.2706, 3);
  });

  it('without GEOCODER_URL, places by ZIP code alone, keeping leading zeros', async () => {
    const geocoder = createGeocoder(null);
    expect(await geocoder.locate({ ...street(''), postalCode: '02134' })).toMatchObject({
      locatedBy: 'zip_centroid',
      lat: expect.closeTo(42.36, 1),
    });
    expect(await geocoder.locate({ ...street(''), postalCode: '99999' })).toBeNull();
  });
});

describe('the road-distance client (OSRM_URL)', () => {
  const austin = { lat: 30.27, lng: -97.74 };
  const roundRock = { lat: 30.51, lng: -97.68 };

  it('asks /route/v1/driving/lng,lat;lng,lat?overview=false and answers metres as miles', async () => {
    const roads = createRoadDistance(base);
    expect(await roads.miles(austin, roundRock)).toEqual({ miles: 10, estimated: false });
    expect(seen.at(-1)?.url).toBe('/route/v1/driving/-97.74,30.27;-97.68,30.51?overview=false');
  });

  it('falls back to great-circle × 1.3 when there is no route, and without OSRM_URL', async () => {
    const noRoute = await createRoadDistance(base).miles({ lat: 1, lng: 0 }, roundRock);
    expect(noRoute.estimated).toBe(true);
    const unset = await createRoadDistance(null).miles(austin, roundRock);
    expect(unset).toEqual({ miles: expect.closeTo(22.1, 1), estimated: true });
  });

  it('asks /table/v1/driving for the day’s travel table; a pair without a road keeps its estimate', async () => {
    const roads = createRoadDistance(base);
    const depot = { lat: 30.2, lng: -97.7 };
    const points = [depot, austin, roundRock];
    const table = await roads.matrix(points);
    expect(seen.at(-1)?.url).toBe(
      '/table/v1/driving/-97.7,30.2;-97.74,30.27;-97.68,30.51?annotations=duration,distance',
    );
    expect(table.estimated).toBe(false);
    expect(table.minutes[0]).toEqual([0, 10, 10]);
    expect(table.miles[1]?.[2]).toBeCloseTo(5, 6);
    // No road from Round Rock back to the depot: great-circle × 1.3 for that pair.
    expect(table.miles[2]?.[0]).toBeCloseTo(
      (await createRoadDistance(null).miles(roundRock, depot)).miles,
      6,
    );
    // The same points again within ten minutes: not asked twice.
    const asked = seen.length;
    expect(await roads.matrix(points)).toEqual(table);
    expect(seen.length).toBe(asked);
  });

  it('falls back to the estimate for the whole table when OSRM fails, and without OSRM_URL', async () => {
    const points = [{ lat: 0, lng: 0 }, austin, roundRock];
    const failed = await createRoadDistance(base).matrix(points);
    expect(failed.estimated).toBe(true);
    const unset = await createRoadDistance(null).matrix(points);
    expect(unset).toEqual(failed);
    expect(unset.miles[1]?.[2]).toBeCloseTo(22.1, 0);
  });
});
