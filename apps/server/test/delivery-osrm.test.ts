import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DeliveryDay } from '@tentpole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './helpers/api.js';
import { createAccountWithUser, createCustomers } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 19 (back-office spec §7.3, decision 0050): with OSRM_URL set, the day's routes are
// timed and measured by OSRM's table service, not by the straight line. A local server speaks
// OSRM's /table/v1/driving: every pair of places 25 minutes and 12 miles apart.

let osrm: Server;
let server: TestServer;
let owner: HttpClient;
let vehicleId: string;
const asked: string[] = [];
const DAY = '2030-06-15';
const METRES_12_MILES = 12 * 1609.344;

beforeAll(async () => {
  osrm = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    asked.push(url.pathname);
    const table = /^\/table\/v1\/driving\/(.+)$/.exec(url.pathname);
    const points = (table?.[1] ?? '').split(';');
    const square = (value: number) =>
      points.map((_, i) => points.map((_, j) => (i === j ? 0 : value)));
    response.writeHead(table ? 200 : 404, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        table
          ? { code: 'Ok', durations: square(25 * 60), distances: square(METRES_12_MILES) }
          : { code: 'NotFound' },
      ),
    );
  });
  await new Promise<void>((resolve) => osrm.listen(0, '127.0.0.1', resolve));
  process.env.OSRM_URL = `http://127.0.0.1:${(osrm.address() as AddressInfo).port}`;
  server = await startTestServer({ seed: false });
  const account = await createAccountWithUser(server.db, {
    name: 'Road Time Rentals',
    email: 'osrm-owner@tentpole.test',
    settings: { timezone: 'America/Chicago', currency: 'USD' },
  });
  owner = await server.signIn(account.email);
  const [customer] = await createCustomers(server.db, account.accountId, 1);
  const product = await apiCall<{ product: { id: string } }>(owner, 'POST', '/api/products', {
    name: 'Castle',
    quantity: 5,
    pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 20_000 }] },
  });
  const depot = await apiCall<{ id: string }>(owner, 'POST', '/api/delivery/depots', {
    name: 'Warehouse',
    address: { line1: '4700 Burleson Rd', city: 'Austin', region: 'TX', postalCode: '78744' },
    lat: 30.2079,
    lng: -97.7142,
  });
  const vehicle = await apiCall<{ vehicle: { id: string } }>(
    owner,
    'POST',
    '/api/delivery/vehicles',
    {
      name: 'Truck A',
      depotId: depot.body.id,
      capacityUnits: 10,
      shiftStart: '07:00',
      shiftEnd: '23:00',
    },
  );
  vehicleId = vehicle.body.vehicle.id;
  const order = await apiCall<{ order: { id: string } }>(owner, 'POST', '/api/orders', {
    customerId: customer?.id,
    eventStart: `${DAY}T17:00:00Z`,
    eventEnd: `${DAY}T23:00:00Z`,
    fulfilment: 'delivery',
    address: {
      line1: '100 Congress Ave',
      city: 'Austin',
      region: 'TX',
      postalCode: '78701',
      lat: 30.2622,
      lng: -97.7394,
    },
    lines: [{ productId: product.body.product.id, quantity: 1 }],
  });
  expect(order.status).toBe(201);
  await apiCall(owner, 'POST', `/api/orders/${order.body.order.id}/transitions`, {
    to: 'reserved',
  });
}, 120_000);

afterAll(async () => {
  delete process.env.OSRM_URL;
  await server?.close();
  await new Promise((resolve) => osrm?.close(resolve));
});

describe('the day’s travel from OSRM (decision 0050)', () => {
  it('plans with OSRM’s table: the route’s drive time and miles are its legs', async () => {
    const planned = await apiCall<DeliveryDay>(owner, 'POST', '/api/delivery/day/plan', {
      date: DAY,
    });
    expect(planned.status).toBe(200);
    const route = planned.body.routes.find((r) => r.vehicleId === vehicleId);
    // Depot → delivery → pickup → depot: three legs of 25 minutes and 12 miles.
    expect(route?.stops).toHaveLength(2);
    expect(route?.driveMinutes).toBe(75);
    expect(route?.miles).toBeCloseTo(36, 6);
    // The truck leaves 25 minutes before work at the delivery starts.
    const first = route?.stops[0];
    expect((first?.start ?? 0) - (route?.leaveDepot ?? 0)).toBe(25);
    expect(asked.some((p) => p.startsWith('/table/v1/driving/-97.7142,30.2079;'))).toBe(true);
  });
});
