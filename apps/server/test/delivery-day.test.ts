import {
  checkRoutes,
  type DeliveryDay,
  drivingMilesEstimate,
  estimatedDriveMinutes,
  type LatLng,
  type RoutingInput,
} from '@tentpole/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryRoutes, routeStops } from '../src/features/delivery/tables.js';
import { apiCall } from './helpers/api.js';
import { createAccountWithUser, createCustomers } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 19 items 2 and 3 (back-office spec §7.2, §7.3; decision 0040): vehicles, the day's
// stops derived from delivery orders, the optimiser's plan, manual arrangements and the day lock.

let server: TestServer;
let owner: HttpClient;
let reader: HttpClient;
let outsider: HttpClient;
let accountId: string;
let customerId: string;
let productId: string;
let depotId: string;
const truck: string[] = [];
const orderIds: string[] = [];

const DAY = '2030-06-15'; // a Saturday; Chicago is UTC−5 in June

const getDay = async (client: HttpClient = owner) => {
  const { status, body } = await apiCall<DeliveryDay>(
    client,
    'GET',
    `/api/delivery/day?date=${DAY}`,
  );
  expect(status).toBe(200);
  return body;
};

const near = (lat: number, lng: number, line1: string) => ({
  line1,
  city: 'Austin',
  region: 'TX',
  postalCode: '78701',
  lat,
  lng,
});

async function bookedOrder(
  eventStart: string,
  eventEnd: string,
  address: ReturnType<typeof near>,
  extra: Record<string, unknown> = {},
) {
  const made = await apiCall<{ order: { id: string } }>(owner, 'POST', '/api/orders', {
    customerId,
    eventStart,
    eventEnd,
    fulfilment: 'delivery',
    address,
    lines: [{ productId, quantity: 1 }],
    ...extra,
  });
  expect(made.status).toBe(201);
  const moved = await apiCall(owner, 'POST', `/api/orders/${made.body.order.id}/transitions`, {
    to: 'reserved',
  });
  expect(moved.status).toBe(200);
  return made.body.order.id;
}

/** The optimiser's input rebuilt from the day as answered, to hold the routes to `checkRoutes`. */
function inputOf(day: DeliveryDay): RoutingInput {
  const points: LatLng[] = [...day.depots];
  const stops = day.stops.map((s) => {
    points.push({ lat: s.lat as number, lng: s.lng as number });
    return {
      id: s.id,
      kind: s.kind,
      location: points.length - 1,
      window: s.window,
      serviceMinutes: s.serviceMinutes,
      load: { units: s.units, volume: 0 },
      ...(s.kind === 'pickup' && day.stops.some((d) => d.id === `${s.orderId}:delivery`)
        ? { after: `${s.orderId}:delivery` }
        : {}),
    };
  });
  const at = (i: number) => points[i] as LatLng;
  return {
    stops,
    vehicles: day.vehicles
      .filter((v) => v.active)
      .map((v) => ({
        id: v.id,
        depot: 0,
        shift: {
          start: Number(v.shiftStart.slice(0, 2)) * 60 + Number(v.shiftStart.slice(3)),
          end: Number(v.shiftEnd.slice(0, 2)) * 60 + Number(v.shiftEnd.slice(3)),
        },
        capacity: { units: v.capacityUnits, volume: 1e9 },
      })),
    travel: {
      minutes: (a, b) => (a === b ? 0 : estimatedDriveMinutes(at(a), at(b))),
      distance: (a, b) => (a === b ? 0 : drivingMilesEstimate(at(a), at(b))),
    },
  };
}

const arrangementOf = (day: DeliveryDay) =>
  day.routes.map((r) => ({ vehicleId: r.vehicleId, stopIds: r.stops.map((s) => s.stopId) }));

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  const account = await createAccountWithUser(server.db, {
    name: 'Delivery Day Rentals',
    email: 'delivery-day-owner@tentpole.test',
    settings: { timezone: 'America/Chicago', currency: 'USD' },
  });
  accountId = account.accountId;
  await createAccountWithUser(server.db, {
    name: 'Delivery Day Reader',
    email: 'delivery-day-reader@tentpole.test',
    roles: ['tentpole:delivery.read'],
  });
  await createAccountWithUser(server.db, {
    name: 'Elsewhere Day Rentals',
    email: 'delivery-day-outsider@tentpole.test',
    settings: { timezone: 'America/Chicago', currency: 'USD' },
  });
  owner = await server.signIn(account.email);
  reader = await server.signIn('delivery-day-reader@tentpole.test');
  outsider = await server.signIn('delivery-day-outsider@tentpole.test');
  customerId = ((await createCustomers(server.db, accountId, 1))[0]?.id ?? '') as string;

  const product = await apiCall<{ product: { id: string } }>(owner, 'POST', '/api/products', {
    name: 'Castle with a crew of two',
    quantity: 10,
    pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 20_000 }] },
    setupMinutes: 30,
    crewSize: 2,
  });
  expect(product.status).toBe(201);
  productId = product.body.product.id;
  expect(
    (
      await apiCall(owner, 'PUT', '/api/delivery/settings', {
        methods: {
          staffed: { enabled: true, label: 'Delivery and setup', baseFee: 0 },
          drop_off: { enabled: false, label: 'Drop-off', baseFee: 0 },
          pickup: { enabled: true, label: 'Customer pickup' },
        },
        tiers: [{ upToMiles: 30, fee: 4_000 }],
        perMileBeyond: 250,
        serviceRadiusMiles: 40,
        zipOverrides: [],
        windowSurcharges: [],
        taxable: false,
      })
    ).status,
  ).toBe(200);
  const depot = await apiCall<{ id: string }>(owner, 'POST', '/api/delivery/depots', {
    name: 'Warehouse',
    address: { line1: '4700 Burleson Rd', city: 'Austin', region: 'TX', postalCode: '78744' },
    lat: 30.2079,
    lng: -97.7142,
  });
  expect(depot.status).toBe(201);
  depotId = depot.body.id;
  for (const name of ['Truck A', 'Truck B']) {
    const made = await apiCall<{ vehicle: { id: string } }>(
      owner,
      'POST',
      '/api/delivery/vehicles',
      {
        name,
        depotId,
        capacityUnits: 10,
        capacityVolume: 500,
        shiftStart: '07:00',
        shiftEnd: '21:00',
      },
    );
    expect(made.status).toBe(201);
    truck.push(made.body.vehicle.id);
  }
  // Three parties that day: noon to six, two to eight, and one with a morning delivery window.
  orderIds.push(
    await bookedOrder(
      '2030-06-15T17:00:00Z',
      '2030-06-15T23:00:00Z',
      near(30.2622, -97.7394, '500 E Cesar Chavez St'),
    ),
    await bookedOrder(
      '2030-06-15T19:00:00Z',
      '2030-06-16T01:00:00Z',
      near(30.3072, -97.7559, '3800 N Lamar Blvd'),
    ),
    await bookedOrder(
      '2030-06-15T18:00:00Z',
      '2030-06-15T22:00:00Z',
      near(30.2275, -97.7713, '2000 S Lamar Blvd'),
      {
        deliveryWindow: { start: '2030-06-15T14:00:00Z', end: '2030-06-15T16:00:00Z' },
      },
    ),
  );
});
afterAll(() => server?.close());

describe('vehicles', () => {
  it('lists, changes and refuses a depot of another account', async () => {
    const list = await apiCall<{ vehicles: { id: string; name: string }[] }>(
      owner,
      'GET',
      '/api/delivery/vehicles',
    );
    expect(list.body.vehicles.map((v) => v.name)).toEqual(['Truck A', 'Truck B']);
    const bad = await apiCall(owner, 'POST', '/api/delivery/vehicles', {
      name: 'Backwards',
      capacityUnits: 5,
      shiftStart: '18:00',
      shiftEnd: '08:00',
    });
    expect(bad.status).toBe(400);
    const otherDepot = await apiCall(outsider, 'POST', '/api/delivery/vehicles', {
      name: 'Borrowed',
      depotId,
      capacityUnits: 5,
      shiftStart: '08:00',
      shiftEnd: '18:00',
    });
    expect(otherDepot.status).toBe(400);
    const renamed = await apiCall<{ vehicle: { name: string } }>(
      owner,
      'PATCH',
      `/api/delivery/vehicles/${truck[1]}`,
      { name: 'Truck B (box)' },
    );
    expect(renamed.body.vehicle.name).toBe('Truck B (box)');
  });

  it('answers 404 to another account for a vehicle, and its day has none of these stops', async () => {
    expect(
      (await apiCall(outsider, 'PATCH', `/api/delivery/vehicles/${truck[0]}`, { name: 'x' }))
        .status,
    ).toBe(404);
    expect((await apiCall(outsider, 'DELETE', `/api/delivery/vehicles/${truck[0]}`)).status).toBe(
      404,
    );
    const theirs = await getDay(outsider);
    expect(theirs.stops).toEqual([]);
    expect(theirs.vehicles).toEqual([]);
    // Naming this account's truck in a save is refused, not applied.
    const save = await apiCall(outsider, 'PUT', '/api/delivery/day/routes', {
      date: DAY,
      routes: [{ vehicleId: truck[0], stopIds: [] }],
    });
    expect(save.status).toBe(400);
  });
});

describe('the day', () => {
  it('derives a delivery and a pickup stop per delivery order, with windows, service and load', async () => {
    const day = await getDay();
    expect(day.timeZone).toBe('America/Chicago');
    expect(day.stops).toHaveLength(6);
    const [first, second, third] = orderIds as [string, string, string];
    const stop = (id: string) => day.stops.find((s) => s.id === id);
    // Setup 30 min for a crew of 2, one castle: 30 min; delivered 08:00–11:30 to be done by noon.
    expect(stop(`${first}:delivery`)).toMatchObject({
      kind: 'delivery',
      window: { start: 480, end: 690 },
      windowFrom: 'service_hours',
      serviceMinutes: 30,
      crew: 2,
      units: 1,
      lat: 30.2622,
    });
    expect(stop(`${first}:pickup`)).toMatchObject({ window: { start: 1080, end: 1200 } });
    // Ends at 20:00 local: picked up right then, up to the latest pickup.
    expect(stop(`${second}:pickup`)?.window.start).toBe(1200);
    expect(stop(`${third}:delivery`)).toMatchObject({
      window: { start: 540, end: 660 },
      windowFrom: 'order',
    });
    expect(day.routes.map((r) => r.vehicleId)).toEqual(truck);
    expect(day.routes.every((r) => r.stops.length === 0)).toBe(true);
    expect(day.unassigned).toHaveLength(6);
  });

  it('a delivery.read member sees the day but cannot plan or save it (403)', async () => {
    expect((await apiCall(reader, 'GET', `/api/delivery/day?date=${DAY}`)).status).toBe(200);
    expect((await apiCall(reader, 'POST', '/api/delivery/day/plan', { date: DAY })).status).toBe(
      403,
    );
    expect(
      (await apiCall(reader, 'PUT', '/api/delivery/day/routes', { date: DAY, routes: [] })).status,
    ).toBe(403);
  });

  it('plans every stop feasibly, as checkRoutes recomputes it, and saves the plan', async () => {
    const { status, body: plan } = await apiCall<DeliveryDay>(
      owner,
      'POST',
      '/api/delivery/day/plan',
      {
        date: DAY,
      },
    );
    expect(status).toBe(200);
    expect(plan.unassigned).toEqual([]);
    expect(plan.violations).toEqual([]);
    const check = checkRoutes(inputOf(plan), arrangementOf(plan));
    expect(check.violations).toEqual([]);
    for (const route of plan.routes)
      for (const s of route.stops) {
        const stop = plan.stops.find((x) => x.id === s.stopId);
        expect(s.start).toBeGreaterThanOrEqual(stop?.window.start ?? 0);
        expect(s.start).toBeLessThanOrEqual((stop?.window.end ?? 0) + 1e-6);
      }
    // Read back: the same routes and ETAs.
    const again = await getDay();
    expect(arrangementOf(again)).toEqual(arrangementOf(plan));
    expect(again.routes.flatMap((r) => r.stops.map((s) => s.arrival))).toEqual(
      plan.routes.flatMap((r) => r.stops.map((s) => s.arrival)),
    );
    expect(again.savedAt).not.toBeNull();
    // §11: each saved route keeps the miles it was planned with, for the deliveries report.
    const kept = await server.db
      .select({ vehicleId: deliveryRoutes.vehicleId, miles: deliveryRoutes.plannedMiles })
      .from(deliveryRoutes)
      .where(and(eq(deliveryRoutes.accountId, accountId), eq(deliveryRoutes.day, DAY)));
    const planned = plan.routes.filter((r) => r.stops.length > 0);
    expect(planned.length).toBeGreaterThan(0);
    expect(new Map(kept.map((r) => [r.vehicleId, r.miles]))).toEqual(
      new Map(planned.map((r) => [r.vehicleId, r.miles])),
    );
    expect(planned.every((r) => r.miles > 0)).toBe(true);
  });

  it('a manual save recomputes ETAs and flags what it breaks', async () => {
    const day = await getDay();
    // Everything on truck A, pickups first: each pickup comes before its delivery.
    const ids = [...day.stops]
      .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'pickup' ? -1 : 1))
      .map((s) => s.id);
    const { status, body } = await apiCall<DeliveryDay>(owner, 'PUT', '/api/delivery/day/routes', {
      date: DAY,
      routes: [
        { vehicleId: truck[0], stopIds: ids, pinned: [ids[0]] },
        { vehicleId: truck[1], stopIds: [] },
      ],
    });
    expect(status).toBe(200);
    expect(body.routes[0]?.stops.map((s) => s.stopId)).toEqual(ids);
    expect(body.routes[0]?.stops[0]?.pinned).toBe(true);
    expect(body.violations.map((v) => v.kind)).toContain('precedence');
    expect(body.violations).toEqual(checkRoutes(inputOf(body), arrangementOf(body)).violations);
    // A duplicated stop or an unknown vehicle is refused.
    expect(
      (
        await apiCall(owner, 'PUT', '/api/delivery/day/routes', {
          date: DAY,
          routes: [
            { vehicleId: truck[0], stopIds: [ids[0]] },
            { vehicleId: truck[1], stopIds: [ids[0]] },
          ],
        })
      ).status,
    ).toBe(400);
    // Planning again keeps the pinned stop on truck A.
    const replanned = await apiCall<DeliveryDay>(owner, 'POST', '/api/delivery/day/plan', {
      date: DAY,
    });
    const onA = replanned.body.routes.find((r) => r.vehicleId === truck[0]);
    expect(onA?.stops.some((s) => s.stopId === ids[0] && s.pinned)).toBe(true);
  });

  it('concurrent saves of the day run one after the other: one arrangement wins whole', async () => {
    const day = await getDay();
    const ids = day.stops.map((s) => s.id);
    const half = Math.ceil(ids.length / 2);
    const one = [
      { vehicleId: truck[0] as string, stopIds: ids.slice(0, half) },
      { vehicleId: truck[1] as string, stopIds: ids.slice(half) },
    ];
    const two = [
      { vehicleId: truck[0] as string, stopIds: ids.slice(half) },
      { vehicleId: truck[1] as string, stopIds: ids.slice(0, half) },
    ];
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        apiCall(owner, 'PUT', '/api/delivery/day/routes', { date: DAY, routes: i % 2 ? two : one }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const after = arrangementOf(await getDay());
    expect([JSON.stringify(one), JSON.stringify(two)]).toContain(JSON.stringify(after));
    // Exactly one route per vehicle and each stop once in the table.
    const routes = await server.db
      .select({ id: deliveryRoutes.id })
      .from(deliveryRoutes)
      .where(and(eq(deliveryRoutes.accountId, accountId), eq(deliveryRoutes.day, DAY)));
    expect(routes).toHaveLength(2);
    const rows = await server.db
      .select({ id: routeStops.id })
      .from(routeStops)
      .where(eq(routeStops.accountId, accountId));
    expect(rows).toHaveLength(ids.length);
  });

  it('a cancelled order’s stops leave the saved routes and the day', async () => {
    const cancelled = orderIds[2] as string;
    const before = await getDay();
    expect(before.routes.flatMap((r) => r.stops.map((s) => s.stopId))).toContain(
      `${cancelled}:delivery`,
    );
    const moved = await apiCall(owner, 'POST', `/api/orders/${cancelled}/transitions`, {
      to: 'cancelled',
      reason: 'Rained out',
    });
    expect(moved.status).toBe(200);
    const after = await getDay();
    expect(after.stops).toHaveLength(4);
    const routed = after.routes.flatMap((r) => r.stops.map((s) => s.stopId));
    expect(routed.some((id) => id.startsWith(cancelled))).toBe(false);
    expect(routed).toHaveLength(4);
    expect(after.unassigned).toEqual([]);
  });

  it('a deleted vehicle’s stops go back to the unassigned', async () => {
    expect((await apiCall(owner, 'DELETE', `/api/delivery/vehicles/${truck[1]}`)).status).toBe(204);
    const day = await getDay();
    expect(day.routes.map((r) => r.vehicleId)).toEqual([truck[0]]);
    expect(day.unassigned.length + (day.routes[0]?.stops.length ?? 0)).toBe(4);
  });
});
