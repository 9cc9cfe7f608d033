import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './helpers/api.js';
import { createAccountWithUser } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 19 item 1: delivery methods, fee rules, depots and the fee for an address (§7.1), on
// accounts of their own. No GEOCODER_URL or OSRM_URL here: addresses are placed at their ZIP
// code's centre and miles are great-circle × 1.3 (the clients are tested in
// delivery-clients.test.ts).

let server: TestServer;
let owner: HttpClient;
let reader: HttpClient;
let outsider: HttpClient;

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string[]> } };
type Depot = {
  id: string;
  name: string;
  address: { line1: string; city: string; region: string; postalCode: string };
  lat: number;
  lng: number;
  locatedBy: string;
};
type Quote = Record<string, unknown> & { ok: boolean };

// Austin, TX: $40 up to 10 mi, $60 up to 20, $2.50/mi beyond, 40 mi radius.
const RULES = {
  methods: {
    staffed: { enabled: true, label: 'Delivery and setup', baseFee: 0 },
    drop_off: { enabled: false, label: 'Drop-off', baseFee: 0 },
    pickup: { enabled: true, label: 'Customer pickup' },
  },
  tiers: [
    { upToMiles: 10, fee: 4_000 },
    { upToMiles: 20, fee: 6_000 },
  ],
  perMileBeyond: 250,
  serviceRadiusMiles: 40,
  zipOverrides: [
    { postalCode: '78701', fee: 5_000 },
    { postalCode: '78669', fee: null },
    { postalCode: '02134', fee: 1_000 },
  ],
  windowSurcharges: [{ kind: 'narrower_than', hours: 2, fee: 2_500 }],
  taxable: true,
};
const WAREHOUSE = {
  name: 'Austin warehouse',
  address: { line1: '4700 Burleson Rd', city: 'Austin', region: 'TX', postalCode: '78744' },
  lat: 30.2079,
  lng: -97.7142,
};

const quote = (body: unknown, client = owner) =>
  apiCall<Quote>(client, 'POST', '/api/delivery/quote', body);

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  const account = await createAccountWithUser(server.db, {
    name: 'Delivery Rentals',
    email: 'delivery-owner@tentpole.test',
    settings: { timezone: 'America/Chicago', currency: 'USD' },
  });
  await createAccountWithUser(server.db, {
    name: 'Delivery Rentals Reader',
    email: 'delivery-reader@tentpole.test',
    roles: ['tentpole:delivery.read'],
  });
  await createAccountWithUser(server.db, {
    name: 'Elsewhere Deliveries',
    email: 'delivery-outsider@tentpole.test',
  });
  owner = await server.signIn(account.email);
  reader = await server.signIn('delivery-reader@tentpole.test');
  outsider = await server.signIn('delivery-outsider@tentpole.test');
});
afterAll(() => server?.close());

describe('delivery settings', () => {
  it('answers the defaults before any are saved: every method on, no fees', async () => {
    const { status, body } = await apiCall<{ settings: typeof RULES }>(
      outsider,
      'GET',
      '/api/delivery/settings',
    );
    expect(status).toBe(200);
    expect(body.settings).toMatchObject({
      methods: { staffed: { enabled: true, baseFee: 0 }, pickup: { enabled: true } },
      tiers: [],
      serviceRadiusMiles: null,
      zipOverrides: [],
    });
  });

  it('saves and reads back the rules whole, ZIP codes with their leading zeros', async () => {
    const put = await apiCall<{ settings: unknown }>(owner, 'PUT', '/api/delivery/settings', RULES);
    expect(put).toEqual({ status: 200, body: { settings: RULES } });
    const get = await apiCall<{ settings: unknown }>(owner, 'GET', '/api/delivery/settings');
    expect(get.body.settings).toEqual(RULES);
  });

  it.each<[string, unknown, Record<string, string[]>]>([
    [
      'tiers out of order',
      {
        ...RULES,
        tiers: [
          { upToMiles: 20, fee: 1 },
          { upToMiles: 10, fee: 2 },
        ],
      },
      { 'tiers.1.upToMiles': ['Each tier must reach further than the one before'] },
    ],
    [
      'a ZIP code written as a number',
      { ...RULES, zipOverrides: [{ postalCode: 2134, fee: 100 }] },
      { 'zipOverrides.0.postalCode': ['Enter the ZIP code'] },
    ],
    [
      'a fee in dollars',
      { ...RULES, perMileBeyond: 2.5 },
      { perMileBeyond: ['Enter the price per mile in cents'] },
    ],
    [
      'a method left out',
      { ...RULES, methods: { staffed: RULES.methods.staffed } },
      { 'methods.drop_off': expect.any(Array), 'methods.pickup': expect.any(Array) },
    ],
  ])('refuses %s with field errors (400, never 500)', async (_name, body, fields) => {
    const { status, body: error } = await apiCall<ErrorBody>(
      owner,
      'PUT',
      '/api/delivery/settings',
      body,
    );
    expect(status).toBe(400);
    expect(error.error.code).toBe('validation_failed');
    expect(error.error.fields).toEqual(fields);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const { status } = await apiCall<ErrorBody>(owner, 'PUT', '/api/delivery/settings', '{nope');
    expect(status).toBe(400);
  });

  it('lets a member with delivery.read see but not change them', async () => {
    expect((await apiCall(reader, 'GET', '/api/delivery/settings')).status).toBe(200);
    const put = await apiCall<ErrorBody>(reader, 'PUT', '/api/delivery/settings', RULES);
    expect(put.status).toBe(403);
    expect(put.body.error.message).toContain('Missing permission delivery.write');
  });
});

describe('depots', () => {
  let depotId: string;

  it('creates a depot at the pin given', async () => {
    const { status, body } = await apiCall<Depot>(owner, 'POST', '/api/delivery/depots', WAREHOUSE);
    expect(status).toBe(201);
    expect(body).toMatchObject({ ...WAREHOUSE, locatedBy: 'pin' });
    depotId = body.id;
  });

  it('places a depot without a pin at its ZIP code’s centre', async () => {
    const { status, body } = await apiCall<Depot>(owner, 'POST', '/api/delivery/depots', {
      name: 'Round Rock yard',
      address: { line1: '1 Main St', city: 'Round Rock', region: 'TX', postalCode: '78664' },
    });
    expect(status).toBe(201);
    expect(body.locatedBy).toBe('zip_centroid');
    expect(body.lat).toBeCloseTo(30.51, 1);
    expect(body.lng).toBeCloseTo(-97.65, 1);
    // The list has both; another account sees neither.
    const list = await apiCall<{ depots: Depot[] }>(owner, 'GET', '/api/delivery/depots');
    expect(list.body.depots.map((d) => d.name)).toEqual(['Austin warehouse', 'Round Rock yard']);
    const theirs = await apiCall<{ depots: Depot[] }>(outsider, 'GET', '/api/delivery/depots');
    expect(theirs.body.depots).toEqual([]);
    // Deleted again: the quotes below measure from the warehouse alone.
    expect((await apiCall(owner, 'DELETE', `/api/delivery/depots/${body.id}`)).status).toBe(204);
  });

  it.each<[string, unknown, Record<string, string[]>]>([
    [
      'an address that cannot be placed and no pin',
      {
        ...WAREHOUSE,
        lat: undefined,
        lng: undefined,
        address: { ...WAREHOUSE.address, postalCode: '00000' },
      },
      {
        lat: [
          'This address could not be placed on the map: enter the pin’s latitude and longitude',
        ],
      },
    ],
    [
      'half a pin',
      { ...WAREHOUSE, lng: undefined },
      { lng: ['Enter both the latitude and the longitude, or neither'] },
    ],
    [
      'no name and a latitude off the Earth',
      { ...WAREHOUSE, name: ' ', lat: 91 },
      { name: ['Enter the depot’s name'], lat: ['Latitude is between -90 and 90'] },
    ],
  ])('refuses %s with field errors', async (_name, body, fields) => {
    const { status, body: error } = await apiCall<ErrorBody>(
      owner,
      'POST',
      '/api/delivery/depots',
      body,
    );
    expect(status).toBe(400);
    expect(error.error.fields).toEqual(fields);
  });

  it('renames a depot without moving it, and moves it to a new pin', async () => {
    const renamed = await apiCall<Depot>(owner, 'PATCH', `/api/delivery/depots/${depotId}`, {
      name: 'Main warehouse',
    });
    expect(renamed.body).toMatchObject({ name: 'Main warehouse', lat: 30.2079, locatedBy: 'pin' });
    const moved = await apiCall<Depot>(owner, 'PATCH', `/api/delivery/depots/${depotId}`, {
      lat: 30.2,
      lng: -97.7,
    });
    expect(moved.body).toMatchObject({ name: 'Main warehouse', lat: 30.2, lng: -97.7 });
    await apiCall(owner, 'PATCH', `/api/delivery/depots/${depotId}`, {
      lat: WAREHOUSE.lat,
      lng: WAREHOUSE.lng,
    });
  });

  it('answers 404 to another account for this account’s depot, and changes nothing', async () => {
    for (const [method, body] of [
      ['PATCH', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const { status, body: error } = await apiCall<ErrorBody>(
        outsider,
        method,
        `/api/delivery/depots/${depotId}`,
        body,
      );
      expect(status, method).toBe(404);
      expect(error.error.message).toBe('Depot not found');
    }
    const list = await apiCall<{ depots: Depot[] }>(owner, 'GET', '/api/delivery/depots');
    expect(list.body.depots).toHaveLength(1);
    expect(list.body.depots[0]?.name).toBe('Main warehouse');
  });

  it('answers 404 for an id that is not one', async () => {
    expect((await apiCall(owner, 'DELETE', '/api/delivery/depots/not-a-uuid')).status).toBe(404);
  });
});

describe('POST /api/delivery/quote', () => {
  it('prices an address by its ZIP code’s centre and the estimate from the nearest depot', async () => {
    // 78660 (Pflugerville): 22.8 mi by the estimate: $60 + 2.8 mi × $2.50.
    const { status, body } = await quote({
      method: 'staffed',
      address: { line1: '100 Main St', city: 'Pflugerville', region: 'TX', postalCode: '78660' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ok: true,
      amount: 6_700,
      taxable: true,
      miles: 22.8,
      milesEstimated: true,
      depotName: 'Main warehouse',
      locatedBy: 'zip_centroid',
      explanation: 'Up to 20 mi $60.00 + 2.8 mi beyond 20 mi at $2.50/mi $7.00',
    });
    expect(body.lat).toBeCloseTo(30.44, 2);
  });

  it('measures from the pin staff placed, not the ZIP code', async () => {
    // The pin is in Leander (35.0 mi): $60 + 15 mi × $2.50.
    const { body } = await quote({
      method: 'staffed',
      address: { postalCode: '78745', lat: 30.557918, lng: -97.913672 },
    });
    expect(body).toMatchObject({ ok: true, amount: 9_750, miles: 35, locatedBy: 'pin' });
  });

  it('refuses an address beyond the service radius, saying how far it is', async () => {
    const { status, body } = await quote({ method: 'staffed', address: { postalCode: '76501' } });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ok: false,
      reason: 'outside_area',
      message: '85.7 mi is beyond the 40 mi delivery area',
      miles: 85.7,
    });
  });

  it('prices a ZIP by its own fee, refuses one not served, and adds a narrow window’s surcharge', async () => {
    const window = { start: '2026-06-13T15:00:00Z', end: '2026-06-13T16:30:00Z' };
    expect(
      (await quote({ method: 'staffed', address: { postalCode: '78701' }, window })).body,
    ).toMatchObject({ ok: true, amount: 7_500 });
    expect(
      (await quote({ method: 'staffed', address: { postalCode: '78669' } })).body,
    ).toMatchObject({
      ok: false,
      reason: 'zip_not_served',
      message: 'We do not deliver to ZIP 78669',
    });
  });

  it('answers pickup as free and a method that is off as refused', async () => {
    expect((await quote({ method: 'pickup', address: {} })).body).toMatchObject({
      ok: true,
      amount: 0,
      explanation: 'Customer pickup: no delivery fee',
    });
    expect(
      (await quote({ method: 'drop_off', address: { postalCode: '78745' } })).body,
    ).toMatchObject({
      ok: false,
      reason: 'method_off',
    });
  });

  it('says so when the address cannot be found, or there is no depot to measure from', async () => {
    expect(
      (await quote({ method: 'staffed', address: { postalCode: '00000' } })).body,
    ).toMatchObject({
      ok: false,
      reason: 'address_not_found',
    });
    await apiCall(outsider, 'PUT', '/api/delivery/settings', RULES);
    expect(
      (await quote({ method: 'staffed', address: { postalCode: '78745' } }, outsider)).body,
    ).toMatchObject({ ok: false, reason: 'no_depot', lat: expect.any(Number) });
  });

  it('is open to delivery.read, and refuses a request without a ZIP or pin with field errors', async () => {
    expect(
      (await quote({ method: 'staffed', address: { postalCode: '78745' } }, reader)).status,
    ).toBe(200);
    const fieldsOf = async (body: unknown) => {
      const answer = await apiCall<ErrorBody>(owner, 'POST', '/api/delivery/quote', body);
      expect(answer.status).toBe(400);
      return answer.body.error.fields;
    };
    expect(await fieldsOf({ method: 'truck', address: {} })).toEqual({
      method: ['Choose the delivery method'],
    });
    expect(await fieldsOf({ method: 'staffed', address: { lat: 30 } })).toEqual({
      'address.lng': ['Enter both the latitude and the longitude, or neither'],
    });
    expect(await fieldsOf({ method: 'staffed', address: { line1: '12 Oak St' } })).toEqual({
      'address.postalCode': ['Enter the ZIP code or place the pin'],
    });
  });
});
