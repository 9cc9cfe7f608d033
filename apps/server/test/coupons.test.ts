import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireHolds } from '../src/features/orders/jobs.js';
import { apiCall } from './helpers/api.js';
import { createAccountWithUser, createCustomers } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 20 item 5 (and the order editor's coupon, issue 17): coupons through the orders API,
// on an account of their own.

let server: TestServer;
let owner: HttpClient;
let reader: HttpClient;
let customers: string[];
const NOW = new Date('2026-06-01T12:00:00Z');
const party = { eventStart: '2026-06-13T15:00:00Z', eventEnd: '2026-06-13T23:00:00Z' };

type Coupon = { id: string; code: string; uses: number; discountGiven: number; revenue: number };
type Order = {
  id: string;
  status: string;
  couponCode: string | null;
  totals: { rentalSubtotal: number; discounts: number; couponDiscount: number; total: number };
};
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string[]> } };

async function product(name: string, fields: Record<string, unknown> = {}) {
  const { body } = await apiCall<{ product: { id: string } }>(owner, 'POST', '/api/products', {
    name,
    quantity: 50,
    pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 10_000 }] },
    ...fields,
  });
  return body.product.id;
}

async function coupon(fields: Record<string, unknown>) {
  const { status, body } = await apiCall<Coupon>(owner, 'POST', '/api/coupons', {
    kind: 'percent',
    percentBps: 1000,
    ...fields,
  });
  expect(status).toBe(201);
  return body;
}

async function order(
  lines: { productId: string; quantity: number }[],
  more: Record<string, unknown> = {},
) {
  return apiCall<{ order: Order } & ErrorBody>(owner, 'POST', '/api/orders', {
    customerId: customers[0],
    ...party,
    fulfilment: 'pickup',
    lines,
    damageWaiver: false,
    ...more,
  });
}

const to = (orderId: string, status: string, reason?: string) =>
  apiCall<{ order: Order } & ErrorBody>(owner, 'POST', `/api/orders/${orderId}/transitions`, {
    to: status,
    ...(reason ? { reason } : {}),
  });

beforeAll(async () => {
  server = await startTestServer({ seed: false, now: NOW });
  const account = await createAccountWithUser(server.db, {
    name: 'Coupon Rentals',
    email: 'coupons-owner@tentpole.test',
    settings: { timezone: 'America/Chicago', currency: 'USD' },
  });
  const readOnly = await createAccountWithUser(server.db, {
    name: 'Coupon Rentals Reader',
    email: 'coupons-reader@tentpole.test',
    roles: ['tentpole:coupons.read'],
  });
  void readOnly;
  owner = await server.signIn(account.email);
  reader = await server.signIn('coupons-reader@tentpole.test');
  customers = (await createCustomers(server.db, account.accountId, 12)).map((c) => c.id);
});
afterAll(() => server?.close());

describe('the coupons API', () => {
  it('creates a coupon with its code upper case, refuses the same code in another case, lists it', async () => {
    const made = await coupon({ code: 'party-15', percentBps: 1500 });
    expect(made).toMatchObject({ code: 'PARTY-15', uses: 0, discountGiven: 0, appliesTo: 'all' });
    const again = await apiCall<ErrorBody>(owner, 'POST', '/api/coupons', {
      code: 'Party-15',
      kind: 'free_delivery',
    });
    expect(again.status).toBe(400);
    expect(again.body.error.fields).toEqual({ code: ['A coupon with this code already exists'] });
    const list = await apiCall<{ coupons: Coupon[] }>(owner, 'GET', '/api/coupons');
    expect(list.body.coupons.map((c) => c.code)).toContain('PARTY-15');
  });

  it('answers field errors for bad rules, also when a patch makes them bad', async () => {
    const bad = await apiCall<ErrorBody>(owner, 'POST', '/api/coupons', {
      code: 'BAD',
      kind: 'amount',
      appliesTo: 'products',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      amount: ['Enter the amount'],
      productIds: ['Choose at least one product'],
    });
    const made = await coupon({ code: 'PATCHME' });
    const patched = await apiCall<ErrorBody>(owner, 'PATCH', `/api/coupons/${made.id}`, {
      kind: 'amount',
    });
    expect(patched.status).toBe(400);
    expect(patched.body.error.fields).toEqual({ amount: ['Enter the amount'] });
    const unknown = await apiCall<ErrorBody>(owner, 'PATCH', `/api/coupons/${made.id}`, {
      appliesTo: 'products',
      productIds: ['00000000-0000-4000-8000-000000000001'],
    });
    expect(unknown.body.error.fields).toEqual({ productIds: ['Unknown product'] });
  });

  it('lets coupons.read see and not change', async () => {
    expect((await apiCall(reader, 'GET', '/api/coupons')).status).toBe(200);
    const refused = await apiCall(reader, 'POST', '/api/coupons', {
      code: 'NOPE',
      kind: 'free_delivery',
    });
    expect(refused.status).toBe(403);
  });
});

describe('coupons on orders', () => {
  it('discounts the order, shows in the preview, and refuses an unknown or failing code under couponCode', async () => {
    const castle = await product('Coupon castle');
    await coupon({ code: 'TENOFF' });
    await coupon({ code: 'BIGONLY', minimumSubtotal: 50_000 });
    const made = await order([{ productId: castle, quantity: 2 }], { couponCode: 'tenoff' });
    expect(made.status).toBe(201);
    expect(made.body.order).toMatchObject({
      couponCode: 'TENOFF',
      totals: { rentalSubtotal: 20_000, couponDiscount: 2_000, discounts: 2_000 },
    });
    const preview = await apiCall<{
      coupon: unknown;
      couponError: string | null;
      totals: Order['totals'];
    }>(owner, 'POST', '/api/orders/preview', {
      ...party,
      lines: [{ productId: castle, quantity: 1 }],
      couponCode: 'BIGONLY',
    });
    expect(preview.body).toMatchObject({
      coupon: null,
      couponError: 'Coupon BIGONLY needs a rental subtotal of at least $500.00',
      totals: { couponDiscount: 0 },
    });
    const unknown = await order([{ productId: castle, quantity: 1 }], { couponCode: 'NOSUCH' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual({ couponCode: ['No coupon has this code'] });
    const small = await order([{ productId: castle, quantity: 1 }], { couponCode: 'BIGONLY' });
    expect(small.body.error.fields).toEqual({
      couponCode: ['Coupon BIGONLY needs a rental subtotal of at least $500.00'],
    });
  });

  it('discounts only the products of a category (and its subcategories)', async () => {
    const { body: parent } = await apiCall<{ category: { id: string } }>(
      owner,
      'POST',
      '/api/categories',
      {
        name: 'Inflatables',
      },
    );
    const { body: child } = await apiCall<{ category: { id: string } }>(
      owner,
      'POST',
      '/api/categories',
      {
        name: 'Water slides',
        parentId: parent.category.id,
      },
    );
    const slide = await product('Category slide', { categoryId: child.category.id });
    const chairs = await product('Category chairs');
    await coupon({
      code: 'INFLATE20',
      percentBps: 2000,
      appliesTo: 'categories',
      categoryIds: [parent.category.id],
    });
    const made = await order(
      [
        { productId: slide, quantity: 1 },
        { productId: chairs, quantity: 1 },
      ],
      { couponCode: 'INFLATE20' },
    );
    expect(made.body.order.totals).toMatchObject({ rentalSubtotal: 20_000, couponDiscount: 2_000 });
  });

  it('a coupon edit never changes the orders that used it', async () => {
    const tent = await product('Snapshot tent');
    const made = await coupon({ code: 'SNAP', kind: 'amount', amount: 1_500, percentBps: null });
    const first = await order([{ productId: tent, quantity: 1 }], { couponCode: 'SNAP' });
    await apiCall(owner, 'PATCH', `/api/coupons/${made.id}`, { amount: 5_000 });
    // A change to the order re-prices it with the rules it was applied with.
    const changed = await apiCall<{ order: Order }>(
      owner,
      'PATCH',
      `/api/orders/${first.body.order.id}`,
      {
        lines: [{ productId: tent, quantity: 2 }],
      },
    );
    expect(changed.body.order.totals.couponDiscount).toBe(1_500);
    const second = await order([{ productId: tent, quantity: 2 }], { couponCode: 'SNAP' });
    expect(second.body.order.totals.couponDiscount).toBe(5_000);
  });

  it('counts a use when the order first holds stock, gives it back when cancelled or when a hold expires', async () => {
    const bounce = await product('Use-counted bounce house');
    const once = await coupon({ code: 'ONCE', maxUses: 1 });
    const a = await order([{ productId: bounce, quantity: 1 }], { couponCode: 'ONCE' });
    const b = await order([{ productId: bounce, quantity: 1 }], {
      couponCode: 'ONCE',
      customerId: customers[1],
    });
    // Two quotes may carry it; the first to hold stock takes the use.
    expect((await to(a.body.order.id, 'reserved')).status).toBe(200);
    const refused = await to(b.body.order.id, 'reserved');
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Coupon ONCE has been used up');
    let stats = await apiCall<Coupon>(owner, 'GET', `/api/coupons/${once.id}`);
    expect(stats.body).toMatchObject({ uses: 1, discountGiven: 1_000 });
    // Cancelling gives the use back; the second order books.
    expect((await to(a.body.order.id, 'cancelled', 'Rained out')).status).toBe(200);
    expect((await to(b.body.order.id, 'hold')).status).toBe(200);
    stats = await apiCall<Coupon>(owner, 'GET', `/api/coupons/${once.id}`);
    expect(stats.body.uses).toBe(1);
    // The hold expires back to a quote: the use is free again.
    await expireHolds(server.db, new Date(Date.now() + 3 * 24 * 3600 * 1000));
    stats = await apiCall<Coupon>(owner, 'GET', `/api/coupons/${once.id}`);
    expect(stats.body.uses).toBe(0);
  });

  it('a switched-off coupon no longer books, though quotes saved with it keep it', async () => {
    const slide = await product('Switched-off slide');
    const off = await coupon({ code: 'SWITCHOFF' });
    const quote = await order([{ productId: slide, quantity: 1 }], { couponCode: 'SWITCHOFF' });
    await apiCall(owner, 'PATCH', `/api/coupons/${off.id}`, { active: false });
    const refused = await to(quote.body.order.id, 'reserved');
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Coupon SWITCHOFF is not active');
    // Removing the coupon books it at full price.
    const removed = await apiCall<{ order: Order }>(
      owner,
      'PATCH',
      `/api/orders/${quote.body.order.id}`,
      {
        couponCode: null,
      },
    );
    expect(removed.body.order).toMatchObject({ couponCode: null, totals: { couponDiscount: 0 } });
    expect((await to(quote.body.order.id, 'reserved')).status).toBe(200);
  });

  it('new-customer and per-customer rules count the customer’s other bookings', async () => {
    const table = await product('Rule table');
    await coupon({ code: 'FIRSTTIME', newCustomersOnly: true });
    const regular = customers[2] as string;
    const booked = await order([{ productId: table, quantity: 1 }], { customerId: regular });
    expect((await to(booked.body.order.id, 'reserved')).status).toBe(200);
    const refused = await order([{ productId: table, quantity: 1 }], {
      customerId: regular,
      couponCode: 'FIRSTTIME',
    });
    expect(refused.body.error.fields).toEqual({
      couponCode: ['Coupon FIRSTTIME is for new customers only'],
    });
    await coupon({ code: 'ONEEACH', maxUsesPerCustomer: 1 });
    const first = await order([{ productId: table, quantity: 1 }], {
      customerId: customers[3],
      couponCode: 'ONEEACH',
    });
    expect((await to(first.body.order.id, 'reserved')).status).toBe(200);
    const second = await order([{ productId: table, quantity: 1 }], {
      customerId: customers[3],
      couponCode: 'ONEEACH',
    });
    expect(second.body.error.fields).toEqual({
      couponCode: ['This customer has already used coupon ONEEACH'],
    });
  });

  it('a one-use coupon on 10 orders booked at the same moment is used once', async () => {
    // Each order rents its own product, so nothing but the coupon makes them wait for each other.
    const race = await coupon({ code: 'RACE', maxUses: 1 });
    const made = await Promise.all(
      customers.slice(0, 10).map(async (customerId, i) => {
        const productId = await product(`Race chair ${i}`);
        const quote = await order([{ productId, quantity: 1 }], { customerId, couponCode: 'RACE' });
        expect(quote.status).toBe(201);
        return { orderId: quote.body.order.id, productId };
      }),
    );
    // On PostgreSQL another session holds the ten products' locks, so all ten bookings pass
    // their first coupon check and wait in the write path; released together, they reach the
    // coupon at the same moment. (The embedded database runs one statement at a time.)
    const blocker = server.databaseUrl ? new pg.Client(server.databaseUrl) : null;
    if (blocker) {
      await blocker.connect();
      await blocker.query('begin');
      await blocker.query('select id from products where id = any($1::uuid[]) for update', [
        made.map((m) => m.productId),
      ]);
    }
    const pending = Promise.all(made.map((m) => to(m.orderId, 'reserved')));
    if (blocker) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await blocker.query('commit');
      await blocker.end();
    }
    const results = await pending;
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.error.message)).toEqual(
      Array(9).fill('Coupon RACE has been used up'),
    );
    const stats = await apiCall<Coupon>(owner, 'GET', `/api/coupons/${race.id}`);
    expect(stats.body).toMatchObject({ uses: 1, discountGiven: 1_000 });
  });

  it('another account’s coupon is a 404, and its code is unknown here', async () => {
    const other = await createAccountWithUser(server.db, {
      name: 'Coupon Elsewhere',
      email: 'coupons-elsewhere@tentpole.test',
    });
    const elsewhere = await server.signIn(other.email);
    const { body } = await apiCall<Coupon>(elsewhere, 'POST', '/api/coupons', {
      code: 'THEIRS',
      kind: 'free_delivery',
    });
    expect((await apiCall(owner, 'GET', `/api/coupons/${body.id}`)).status).toBe(404);
    expect(
      (await apiCall(owner, 'PATCH', `/api/coupons/${body.id}`, { active: false })).status,
    ).toBe(404);
    const chair = await product('Elsewhere chair');
    const made = await order([{ productId: chair, quantity: 1 }], { couponCode: 'THEIRS' });
    expect(made.body.error.fields).toEqual({ couponCode: ['No coupon has this code'] });
  });
});
