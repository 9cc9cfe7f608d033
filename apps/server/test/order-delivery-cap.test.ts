import { DEFAULT_SCHEDULE } from '@tentpole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/password.js';
import { memberships, users } from '../src/auth/tables.js';
import { apiCall } from './helpers/api.js';
import { createAccountWithUser, createCustomers } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 23 (schedule), the daily delivery cap: a delivered order takes a place on its delivery
// day when it first holds stock; a full day refuses the booking (409) unless the person may
// override, which the activity then records. Concurrent bookings of a day's last place: one.

let server: TestServer;
let owner: HttpClient;
let desk: HttpClient;
let customerId: string;
let productId: string;

type Order = { id: string; status: string };
type ErrorBody = { error: { code: string; message: string } };

/** A delivered quote for noon to 8 pm Chicago on `day` (CDT, UTC−5); `window` moves the truck. */
async function quote(
  day: string,
  window?: { start: string; end: string },
  product: string = productId,
) {
  const { status, body } = await apiCall<{ order: Order }>(owner, 'POST', '/api/orders', {
    customerId,
    eventStart: `${day}T17:00:00Z`,
    eventEnd: `${day}T23:00:00Z`,
    fulfilment: 'delivery',
    ...(window ? { deliveryWindow: window } : {}),
    lines: [{ productId: product, quantity: 1 }],
  });
  expect(status).toBe(201);
  return body.order.id;
}

const reserve = (client: HttpClient, id: string) =>
  apiCall<{ order: Order } & ErrorBody>(client, 'POST', `/api/orders/${id}/transitions`, {
    to: 'reserved',
  });

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  const account = await createAccountWithUser(server.db, {
    name: 'Capped Rentals',
    email: 'cap-owner@tentpole.test',
    settings: { timezone: 'America/Chicago', currency: 'USD' },
  });
  const [deskUser] = await server.db
    .insert(users)
    .values({
      email: 'cap-desk@tentpole.test',
      name: 'Desk',
      passwordHash: await hashPassword('tentpole-demo'),
    })
    .returning({ id: users.id });
  await server.db.insert(memberships).values({
    accountId: account.accountId,
    userId: deskUser?.id as string,
    kind: 'member',
    roles: ['tentpole:order.write', 'tentpole:customer.read', 'tentpole:product.read'],
  });
  owner = await server.signIn(account.email);
  desk = await server.signIn('cap-desk@tentpole.test');
  customerId = ((await createCustomers(server.db, account.accountId, 1))[0]?.id ?? '') as string;
  const { body } = await apiCall<{ product: { id: string } }>(owner, 'POST', '/api/products', {
    name: 'Capped castle',
    quantity: 100,
    pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 10_000 }] },
  });
  productId = body.product.id;
  const saved = await apiCall(owner, 'PUT', '/api/schedule', {
    businessHours: DEFAULT_SCHEDULE.businessHours,
    serviceHours: DEFAULT_SCHEDULE.serviceHours,
    bookingRules: { minNoticeHours: 0, maxAdvanceDays: null, maxDeliveriesPerDay: 2 },
  });
  expect(saved.status).toBe(200);
});
afterAll(() => server?.close());

describe('the daily delivery cap', () => {
  it('refuses a third delivery on a day that takes two, unless overridden, and counts the truck day', async () => {
    const day = '2027-03-06';
    for (const id of [await quote(day), await quote(day)])
      expect((await reserve(desk, id)).status).toBe(200);
    // A pickup on the same day takes no delivery place.
    const { body: pickup } = await apiCall<{ order: Order }>(owner, 'POST', '/api/orders', {
      customerId,
      eventStart: `${day}T17:00:00Z`,
      eventEnd: `${day}T23:00:00Z`,
      fulfilment: 'pickup',
      lines: [{ productId, quantity: 1 }],
    });
    expect((await reserve(desk, pickup.order.id)).status).toBe(200);

    const third = await quote(day);
    const refused = await reserve(desk, third);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      '2027-03-06 is full: the business takes at most 2 deliveries a day. Booking it anyway needs permission to override.',
    );
    // A party the next day whose truck comes the evening before is on the full day too.
    const early = await quote('2027-03-07', {
      start: '2027-03-06T23:00:00Z',
      end: '2027-03-07T01:00:00Z',
    });
    expect((await reserve(desk, early)).status).toBe(409);

    const overridden = await reserve(owner, third);
    expect(overridden.status).toBe(200);
    const { body } = await apiCall<{ activity: { action: string; detail: unknown }[] }>(
      owner,
      'GET',
      `/api/orders/${third}/activity`,
    );
    expect(body.activity).toContainEqual(
      expect.objectContaining({
        action: 'delivery_cap_overridden',
        detail: { day: '2027-03-06', cap: 2 },
      }),
    );
  });

  it('moving a booked delivery onto a full day is refused; editing it on its own day is not', async () => {
    const full = '2027-04-10';
    for (const id of [await quote(full), await quote(full)])
      expect((await reserve(desk, id)).status).toBe(200);
    const elsewhere = await quote('2027-04-11');
    expect((await reserve(desk, elsewhere)).status).toBe(200);
    const moved = await apiCall<ErrorBody>(desk, 'PATCH', `/api/orders/${elsewhere}`, {
      eventStart: `${full}T17:00:00Z`,
      eventEnd: `${full}T23:00:00Z`,
    });
    expect(moved.status).toBe(409);
    expect(moved.body.error.message).toContain('2027-04-10 is full');
    const later = await apiCall(desk, 'PATCH', `/api/orders/${elsewhere}`, {
      eventStart: '2027-04-11T18:00:00Z',
      eventEnd: '2027-04-11T23:00:00Z',
    });
    expect(later.status).toBe(200);
  });
});

// Two bookings of a day's last place at once, on PostgreSQL's real concurrency: one gets it.
describe.runIf(process.env.DATABASE_URL)('the last place of a day, booked twice at once', () => {
  it('goes to one booking; the other is told the day is full', async () => {
    const day = '2027-05-15';
    expect((await reserve(desk, await quote(day))).status).toBe(200);
    // Each racer rents its own product, so no stock lock lines them up: only the day's does.
    const racing: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { body } = await apiCall<{ product: { id: string } }>(owner, 'POST', '/api/products', {
        name: `Racing castle ${i}`,
        quantity: 5,
        pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 10_000 }] },
      });
      racing.push(await quote(day, undefined, body.product.id));
    }
    const answers = await Promise.all(racing.map((id) => reserve(desk, id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
  });
});
