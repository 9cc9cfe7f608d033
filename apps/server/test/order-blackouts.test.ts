import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/password.js';
import { memberships, users } from '../src/auth/tables.js';
import { apiCall } from './helpers/api.js';
import { createAccountWithUser, createCustomers } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 17 (blackout days) on issue 23's schedule: the order editor and the state machine honour
// the account's blackouts; staff with order.override book anyway, and it is on the activity.

let server: TestServer;
let owner: HttpClient;
let desk: HttpClient;
let customerId: string;
let productId: string;

type Order = { id: string; status: string };
type ErrorBody = { error: { code: string; message: string } };

// Noon to 8 pm in Chicago (CDT, UTC−5) on the given day.
const on = (day: string) => ({
  eventStart: `${day}T17:00:00Z`,
  eventEnd: `${day}T23:00:00Z`,
});

async function quote(day: string) {
  const { status, body } = await apiCall<{ order: Order }>(owner, 'POST', '/api/orders', {
    customerId,
    ...on(day),
    fulfilment: 'pickup',
    lines: [{ productId, quantity: 1 }],
  });
  expect(status).toBe(201);
  return body.order.id;
}

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  const account = await createAccountWithUser(server.db, {
    name: 'Blackout Rentals',
    email: 'blackouts-owner@tentpole.test',
    settings: { timezone: 'America/Chicago', currency: 'USD' },
  });
  const [deskUser] = await server.db
    .insert(users)
    .values({
      email: 'blackouts-desk@tentpole.test',
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
  desk = await server.signIn('blackouts-desk@tentpole.test');
  customerId = ((await createCustomers(server.db, account.accountId, 1))[0]?.id ?? '') as string;
  const { body } = await apiCall<{ product: { id: string } }>(owner, 'POST', '/api/products', {
    name: 'Blackout castle',
    quantity: 10,
    pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 10_000 }] },
  });
  productId = body.product.id;
  for (const blackout of [
    { name: 'Fourth of July', startDate: '2030-07-04', rrule: 'FREQ=YEARLY', kind: 'hard' },
    { name: 'Sundays online', startDate: '2030-01-06', rrule: 'FREQ=WEEKLY', kind: 'online_only' },
  ])
    expect((await apiCall(owner, 'POST', '/api/schedule/blackouts', blackout)).status).toBe(201);
});
afterAll(() => server?.close());

describe('blackout days on orders', () => {
  it('the editor’s preview names the blackouts an event falls on, every year', async () => {
    const preview = await apiCall<{ blackouts: { name: string; kind: string; days: string[] }[] }>(
      owner,
      'POST',
      '/api/orders/preview',
      { ...on('2031-07-04'), lines: [{ productId, quantity: 1 }] },
    );
    expect(preview.body.blackouts).toEqual([
      { name: 'Fourth of July', kind: 'hard', days: ['2031-07-04'] },
    ]);
  });

  it('refuses to hold stock on a hard blackout day without order.override, and books it with', async () => {
    const orderId = await quote('2030-07-04');
    const refused = await apiCall<ErrorBody>(desk, 'POST', `/api/orders/${orderId}/transitions`, {
      to: 'reserved',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'Fourth of July blacks out 2030-07-04. Booking on a blackout day needs permission to override.',
    );
    const booked = await apiCall<{ order: Order }>(
      owner,
      'POST',
      `/api/orders/${orderId}/transitions`,
      {
        to: 'reserved',
      },
    );
    expect(booked.body.order.status).toBe('reserved');
    const activity = await apiCall<{
      activity: { action: string; detail: Record<string, unknown> }[];
    }>(owner, 'GET', `/api/orders/${orderId}/activity`);
    expect(activity.body.activity.map((a) => a.action)).toContain('blackout_overridden');
  });

  it('refuses to move a booked order onto a blackout day without order.override', async () => {
    const orderId = await quote('2030-07-03');
    expect(
      (await apiCall(desk, 'POST', `/api/orders/${orderId}/transitions`, { to: 'reserved' }))
        .status,
    ).toBe(200);
    const moved = await apiCall<ErrorBody>(
      desk,
      'PATCH',
      `/api/orders/${orderId}`,
      on('2030-07-04'),
    );
    expect(moved.status).toBe(409);
    expect(moved.body.error.message).toContain('Fourth of July blacks out 2030-07-04');
  });

  it('an online-only blackout closes the store, not the office', async () => {
    const orderId = await quote('2030-07-07'); // a Sunday
    const booked = await apiCall<{ order: Order }>(
      desk,
      'POST',
      `/api/orders/${orderId}/transitions`,
      {
        to: 'reserved',
      },
    );
    expect(booked.status).toBe(200);
  });

  it('the calendar marks the blackouts on the days of its range', async () => {
    const { status, body } = await apiCall<{
      blackouts: { name: string; kind: string; scope: string; days: string[] }[];
    }>(owner, 'GET', '/api/orders/calendar?from=2030-07-01T05:00:00Z&to=2030-07-08T05:00:00Z');
    expect(status).toBe(200);
    expect(body.blackouts).toEqual([
      { name: 'Sundays online', kind: 'online_only', scope: 'business', days: ['2030-07-07'] },
      { name: 'Fourth of July', kind: 'hard', scope: 'business', days: ['2030-07-04'] },
    ]);
  });

  // Last: the rules it sets would refuse the other tests' far-off dates.
  it('minimum notice and maximum advance refuse a booking without order.override', async () => {
    const { body: schedule } = await apiCall<Record<string, unknown>>(
      owner,
      'GET',
      '/api/schedule',
    );
    const saved = await apiCall(owner, 'PUT', '/api/schedule', {
      businessHours: schedule.businessHours,
      serviceHours: schedule.serviceHours,
      bookingRules: { minNoticeHours: 48, maxAdvanceDays: 365, maxDeliveriesPerDay: null },
    });
    expect(saved.status).toBe(200);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const preview = await apiCall<{ bookingRules: string[] }>(
      owner,
      'POST',
      '/api/orders/preview',
      {
        ...on(tomorrow),
        lines: [{ productId, quantity: 1 }],
      },
    );
    expect(preview.body.bookingRules).toEqual(["Bookings need at least 48 hours' notice"]);
    const soon = await quote(tomorrow);
    const tooSoon = await apiCall<ErrorBody>(desk, 'POST', `/api/orders/${soon}/transitions`, {
      to: 'reserved',
    });
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.error.message).toBe(
      "Bookings need at least 48 hours' notice. Booking it anyway needs permission to override.",
    );
    const far = await quote('2030-07-10');
    const tooFar = await apiCall<ErrorBody>(desk, 'POST', `/api/orders/${far}/transitions`, {
      to: 'reserved',
    });
    expect(tooFar.body.error.message).toBe(
      'Bookings can be made at most 365 days ahead. Booking it anyway needs permission to override.',
    );
    const booked = await apiCall<{ order: Order }>(
      owner,
      'POST',
      `/api/orders/${soon}/transitions`,
      {
        to: 'reserved',
      },
    );
    expect(booked.body.order.status).toBe('reserved');
    const activity = await apiCall<{ activity: { action: string }[] }>(
      owner,
      'GET',
      `/api/orders/${soon}/activity`,
    );
    expect(activity.body.activity.map((a) => a.action)).toContain('booking_rules_overridden');
  });
});
