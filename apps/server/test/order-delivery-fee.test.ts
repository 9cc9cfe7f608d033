import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './helpers/api.js';
import { createAccountWithUser, createCustomers } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 19 item 1 into issue 17's pricing: a delivered order is priced with the account's
// delivery fee (nearest depot, fee rules), as a fee line the totals and a free-delivery coupon see.

let server: TestServer;
let owner: HttpClient;
let customerId: string;
let productId: string;

type Order = {
  id: string;
  lines: { kind: string; description: string; amount: number }[];
  totals: { fees: number; couponDiscount: number; total: number };
};

const party = { eventStart: '2030-06-15T15:00:00Z', eventEnd: '2030-06-15T23:00:00Z' };
// About 4 miles from the depot as the crow flies: the first tier.
const near = {
  line1: '500 E Cesar Chavez St',
  city: 'Austin',
  region: 'TX',
  postalCode: '78701',
  lat: 30.2622,
  lng: -97.7394,
};

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  const account = await createAccountWithUser(server.db, {
    name: 'Delivery Fee Rentals',
    email: 'order-delivery-owner@tentpole.test',
    settings: { timezone: 'America/Chicago', currency: 'USD' },
  });
  owner = await server.signIn(account.email);
  customerId = ((await createCustomers(server.db, account.accountId, 1))[0]?.id ?? '') as string;
  const { body } = await apiCall<{ product: { id: string } }>(owner, 'POST', '/api/products', {
    name: 'Delivered castle',
    quantity: 5,
    pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 20_000 }] },
  });
  productId = body.product.id;
  expect(
    (
      await apiCall(owner, 'PUT', '/api/delivery/settings', {
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
        zipOverrides: [],
        windowSurcharges: [],
        taxable: false,
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await apiCall(owner, 'POST', '/api/delivery/depots', {
        name: 'Warehouse',
        address: { line1: '4700 Burleson Rd', city: 'Austin', region: 'TX', postalCode: '78744' },
        lat: 30.2079,
        lng: -97.7142,
      })
    ).status,
  ).toBe(201);
});
afterAll(() => server?.close());

describe('the delivery fee on orders', () => {
  it('prices a delivery by the nearest depot, shows it in the preview, and none for a pickup', async () => {
    const preview = await apiCall<{
      delivery: { ok: boolean; amount: number; at: unknown };
      totals: Order['totals'];
    }>(owner, 'POST', '/api/orders/preview', {
      ...party,
      fulfilment: 'delivery',
      address: near,
      lines: [{ productId, quantity: 1 }],
    });
    expect(preview.body.delivery).toMatchObject({ ok: true, amount: 4_000 });
    expect(preview.body.totals.fees).toBe(4_000);
    // The editor's map shows where the address was placed: the pin staff put there…
    expect(preview.body.delivery.at).toEqual({
      lat: near.lat,
      lng: near.lng,
      locatedBy: 'pin',
    });
    // …and without a pin, where the address alone puts it (the ZIP's centre, offline).
    const unpinned = await apiCall<{ delivery: { at: { lat: number; locatedBy: string } } }>(
      owner,
      'POST',
      '/api/orders/preview',
      {
        ...party,
        fulfilment: 'delivery',
        address: { ...near, lat: null, lng: null },
        lines: [{ productId, quantity: 1 }],
      },
    );
    expect(unpinned.body.delivery.at).toMatchObject({ locatedBy: 'zip_centroid' });
    expect(unpinned.body.delivery.at.lat).toBeCloseTo(30.27, 1);

    const made = await apiCall<{ order: Order }>(owner, 'POST', '/api/orders', {
      customerId,
      ...party,
      fulfilment: 'delivery',
      address: near,
      lines: [{ productId, quantity: 1 }],
    });
    expect(made.status).toBe(201);
    expect(made.body.order.lines.filter((l) => l.kind === 'fee')).toEqual([
      expect.objectContaining({
        description: expect.stringMatching(/^Delivery \(\d+(\.\d)? mi\)$/),
        amount: 4_000,
      }),
    ]);
    // Changed to a pickup, the fee goes.
    const pickup = await apiCall<{ order: Order }>(
      owner,
      'PATCH',
      `/api/orders/${made.body.order.id}`,
      {
        fulfilment: 'pickup',
      },
    );
    expect(pickup.body.order.totals.fees).toBe(0);
  });

  it('an address beyond the service radius is said in the preview and priced without a fee', async () => {
    const far = {
      line1: '1 Main St',
      city: 'Dallas',
      region: 'TX',
      postalCode: '75201',
      lat: 32.78,
      lng: -96.8,
    };
    const preview = await apiCall<{
      delivery: { ok: boolean; message: string };
      totals: Order['totals'];
    }>(owner, 'POST', '/api/orders/preview', {
      ...party,
      fulfilment: 'delivery',
      address: far,
      lines: [{ productId, quantity: 1 }],
    });
    expect(preview.body.delivery.ok).toBe(false);
    expect(preview.body.delivery.message).toMatch(/\d/);
    expect(preview.body.totals.fees).toBe(0);
  });

  it('a free-delivery coupon takes the delivery fee off', async () => {
    expect(
      (await apiCall(owner, 'POST', '/api/coupons', { code: 'FREEDEL', kind: 'free_delivery' }))
        .status,
    ).toBe(201);
    const made = await apiCall<{ order: Order }>(owner, 'POST', '/api/orders', {
      customerId,
      ...party,
      fulfilment: 'delivery',
      address: near,
      lines: [{ productId, quantity: 1 }],
      couponCode: 'freedel',
    });
    expect(made.body.order.totals).toMatchObject({ fees: 4_000, couponDiscount: 4_000 });
  });
});
