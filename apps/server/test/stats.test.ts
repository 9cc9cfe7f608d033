import { recentSalesResponseSchema } from '@tentpole/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/auth/tables.js';
import { customers } from '../src/features/customers/tables.js';
import { orders } from '../src/features/orders/tables.js';
import { payments } from '../src/features/payments/tables.js';
import { cartSessions } from '../src/features/store/tables.js';
import { createAccountWithUser } from './helpers/fixtures.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const NOW = new Date('2026-11-20T15:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

let server: TestServer;
let fixture: Awaited<ReturnType<typeof createAccountWithUser>>;

beforeAll(async () => {
  server = await startTestServer({ now: NOW });
  fixture = await createAccountWithUser(server.db, {
    name: 'Stats Test Rentals',
    email: 'stats@tentpole.test',
  });
  const accountId = fixture.accountId;
  const made = await server.db
    .insert(customers)
    .values(
      [2, 3, 4, 10, 400].map((days, i) => ({
        accountId,
        firstName: `Cust${i}`,
        lastName: 'Fixture',
        email: `c${i}@example.com`,
        createdAt: ago(days),
      })),
    )
    .returning({ id: customers.id });
  const customerId = made[0]?.id as string;
  await server.db.insert(cartSessions).values(
    // 1 and 6 days ago: this week; 8 and 13: last week; 20: neither; in an hour: not yet.
    [1, 6, 8, 13, 20, -1 / 24].map((days) => ({
      accountId,
      startedAt: ago(days),
      itemCount: 1,
      valueCents: 1000,
    })),
  );
  const madeOrders = await server.db
    .insert(orders)
    .values(
      [1, 9, 9].map((days, i) => ({
        accountId,
        customerId,
        number: 500 + i,
        status: 'confirmed' as const,
        eventDate: '2026-12-01',
        totalCents: 1000,
        createdAt: ago(days),
      })),
    )
    .returning({ id: orders.id });
  const orderId = madeOrders[0]?.id as string;
  const pay = (iso: string, amountCents: number) => ({
    accountId,
    orderId,
    customerId,
    amountCents,
    method: 'card' as const,
    paidAt: new Date(iso),
  });
  await server.db.insert(payments).values([
    pay('2026-03-01T10:00:00Z', 10_000), // this year
    pay('2026-11-19T10:00:00Z', 2_500), // this year, latest
    pay('2025-02-01T10:00:00Z', 7_000), // last year, before the same moment
    pay('2025-11-19T10:00:00Z', 1_000), // last year, before the same moment
    pay('2025-12-01T10:00:00Z', 50_000), // last year, after the same moment: neither span
    pay('2024-12-31T10:00:00Z', 9_999), // the year before: neither
  ]);
});
afterAll(() => server?.close());

async function stat(path: string) {
  const client = await server.signIn(fixture.email);
  const response = await client.get(`/api/account/stats/${path}`);
  expect(response.status).toBe(200);
  return response.json();
}

describe('dashboard stats (week over week, year to date)', () => {
  it('counts cart sessions started in the last 7 days against the 7 before', async () => {
    expect(await stat('cartSessions')).toEqual({ current: 2, previous: 2 });
  });

  it('counts new customers in the last 7 days against the 7 before', async () => {
    expect(await stat('newCustomers')).toEqual({ current: 3, previous: 1 });
  });

  it('counts orders placed in the last 7 days against the 7 before', async () => {
    expect(await stat('orders')).toEqual({ current: 1, previous: 2 });
  });

  it('sums payments since 1 January in cents against the same span last year', async () => {
    expect(await stat('ytdRevenue')).toEqual({ current: 12_500, previous: 8_000 });
  });

  it('lists recent sales newest first with the customer and the order', async () => {
    const sales = (await stat('recentSales')) as Record<string, unknown>[];
    // spec §7: "a list", the bare array.
    expect(recentSalesResponseSchema.safeParse(sales).success).toBe(true);
    expect(sales).toHaveLength(6);
    expect(sales[0]).toMatchObject({
      orderNumber: 500,
      customerName: 'Cust0 Fixture',
      customerEmail: 'c0@example.com',
      amountCents: 2_500,
      paidAt: '2026-11-19T10:00:00.000Z',
    });
    expect(sales.map((s) => s.amountCents)).toEqual([2_500, 10_000, 50_000, 1_000, 7_000, 9_999]);
  });

  it('totals payments per month for the last 12 months, this month included', async () => {
    const body = (await stat('sales')) as {
      payments: { month: string; amountCents: number }[];
      totalAmount: number;
    };
    expect(body.payments.map((p) => p.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    const byMonth = Object.fromEntries(body.payments.map((p) => [p.month, p.amountCents]));
    expect(byMonth).toMatchObject({
      '2025-12': 50_000,
      '2026-03': 10_000,
      '2026-11': 2_500,
      '2026-01': 0,
    });
    expect(body.totalAmount).toBe(62_500);
  });

  it("draws the year and month lines in the account's time zone", async () => {
    await server.db
      .update(accounts)
      .set({ settings: { timezone: 'America/Chicago' } })
      .where(eq(accounts.id, fixture.accountId));
    const [order] = await server.db
      .select({ id: orders.id, customerId: orders.customerId })
      .from(orders)
      .where(eq(orders.accountId, fixture.accountId))
      .limit(1);
    // 03:00 UTC on 1 January is still New Year's Eve in Chicago.
    await server.db.insert(payments).values({
      accountId: fixture.accountId,
      orderId: order?.id as string,
      customerId: order?.customerId as string,
      amountCents: 333,
      method: 'cash',
      paidAt: new Date('2026-01-01T03:00:00Z'),
    });
    expect(await stat('ytdRevenue')).toEqual({ current: 12_500, previous: 8_000 });
    const body = (await stat('sales')) as { payments: { month: string; amountCents: number }[] };
    expect(body.payments.find((p) => p.month === '2025-12')?.amountCents).toBe(50_333);
    await server.db
      .update(accounts)
      .set({ settings: null })
      .where(eq(accounts.id, fixture.accountId));
  });

  it("never counts another account's data: Sunshine's figures ignore a big Bounce Kingdom sale", async () => {
    const owner = await server.signIn('owner@tentpole.test');
    const [sunshine] = await server.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.name, 'Sunshine Tents & Events'));
    await owner.updateSession({ accountId: sunshine?.id });
    const before = await (await owner.get('/api/account/stats/ytdRevenue')).json();
    const [bounceOrder] = await server.db
      .select({ id: orders.id, customerId: orders.customerId })
      .from(orders)
      .innerJoin(accounts, eq(accounts.id, orders.accountId))
      .where(eq(accounts.name, 'Bounce Kingdom Party Rentals'))
      .limit(1);
    const [bounce] = await server.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.name, 'Bounce Kingdom Party Rentals'));
    await server.db.insert(payments).values({
      accountId: bounce?.id as string,
      orderId: bounceOrder?.id as string,
      customerId: bounceOrder?.customerId as string,
      amountCents: 9_000_000,
      method: 'card',
      paidAt: ago(1),
    });
    expect(await (await owner.get('/api/account/stats/ytdRevenue')).json()).toEqual(before);
    const sales = (await (await owner.get('/api/account/stats/recentSales')).json()) as {
      amountCents: number;
    }[];
    expect(sales.map((s) => s.amountCents)).not.toContain(9_000_000);
  });

  it('answers 401 without a session', async () => {
    expect((await server.client().get('/api/account/stats/orders')).status).toBe(401);
  });
});

describe('Add team', () => {
  it('creates an account the user holds, on the free plan with a 14-day trial, and lists it', async () => {
    const client = await server.signIn(fixture.email);
    const response = await client.json('POST', '/api/account/teams', { name: '  Party Palace  ' });
    expect(response.status).toBe(201);
    const { team } = (await response.json()) as {
      team: { id: string; name: string; plan: string; logo: null };
    };
    expect(team).toEqual({
      id: expect.any(String),
      name: 'Party Palace',
      logo: null,
      plan: 'free',
    });
    const teams = (await (await client.get('/api/account/teams')).json()) as {
      organizations: { held: { name: string }[] };
    };
    expect(teams.organizations.held.map((t) => t.name)).toContain('Party Palace');
    const switched = (await (await client.updateSession({ accountId: team.id })).json()) as {
      user: { accountId: string; trialEndDate: string; roles: string[] };
    };
    expect(switched.user).toMatchObject({
      accountId: team.id,
      trialEndDate: '2026-12-04',
      roles: ['tentpole:*'],
    });
  });

  it("rejects a blank name with a 400 naming the field: 'Team name is required'", async () => {
    const client = await server.signIn(fixture.email);
    const response = await client.json('POST', '/api/account/teams', { name: ' ' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Some fields are not valid.',
        fields: { name: ['Team name is required'] },
      },
    });
  });

  it('rejects malformed JSON with a 400, not a 500', async () => {
    const client = await server.signIn(fixture.email);
    const response = await client.request('/api/account/teams', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 'bad_request', message: 'The request body is not valid JSON.' },
    });
  });
});
