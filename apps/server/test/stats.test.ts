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

describe('dashboard stats: recent sales, the sales overview, isolation', () => {
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
    // The tile's basis is the account's: cash here, so the tile sums those payments.
    await server.db
      .update(accounts)
      .set({ settings: { timezone: 'America/Chicago', revenueBasis: 'cash' } })
      .where(eq(accounts.id, fixture.accountId));
    expect(await stat('ytdRevenue')).toEqual({
      current: 12_500,
      previous: 8_000,
      from: '2026-01-01',
      to: '2026-11-20',
      start: '2026-01-01T06:00:00.000Z',
      end: '2026-11-21T06:00:00.000Z',
      basis: 'cash',
    });
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

// back-office spec §11: the tiles are defined from the reports' queries, in the account's time
// zone. Each test has an account of its own, so every expected figure is counted by hand from
// the rows it makes. NOW is Friday 20 November 2026, 15:00 UTC.
describe('dashboard tiles (back-office §11)', () => {
  let made = 0;
  async function tileAccount(settings: Record<string, unknown> | null = null) {
    made += 1;
    const account = await createAccountWithUser(server.db, {
      name: `Tiles ${made}`,
      email: `tiles-${made}@tentpole.test`,
      settings,
    });
    let number = 0;
    let people = 0;
    const customer = async () => {
      people += 1;
      const [row] = await server.db
        .insert(customers)
        .values({
          accountId: account.accountId,
          firstName: 'Tile',
          lastName: `Customer ${people}`,
          email: `tile-${made}-${people}@example.com`,
        })
        .returning({ id: customers.id });
      return row?.id as string;
    };
    const order = async (
      customerId: string,
      status: (typeof orders.$inferInsert)['status'],
      fields: Partial<typeof orders.$inferInsert>,
    ) => {
      number += 1;
      const [row] = await server.db
        .insert(orders)
        .values({
          accountId: account.accountId,
          customerId,
          number,
          status,
          eventDate: '2026-12-01',
          totalCents: 1_000,
          ...fields,
        })
        .returning({ id: orders.id });
      return row?.id as string;
    };
    const get = async (name: string) => {
      const client = await server.signIn(account.email);
      const response = await client.get(`/api/account/stats/${name}`);
      expect(response.status).toBe(200);
      return response.json();
    };
    return { ...account, customer, order, get };
  }

  it('Cart Sessions: store sessions with at least one item, the last 7 days against the 7 before', async () => {
    const account = await tileAccount();
    await server.db.insert(cartSessions).values(
      (
        [
          ['2026-11-19T10:00:00Z', 1], // this week
          ['2026-11-14T00:30:00Z', 3], // this week, its first day
          ['2026-11-18T10:00:00Z', 0], // an empty cart: not a session that counts
          ['2026-11-13T23:59:00Z', 1], // the week before
          ['2026-11-07T00:00:00Z', 2], // the week before, its first minute
          ['2026-11-06T23:59:00Z', 1], // neither
          ['2026-11-21T09:00:00Z', 1], // tomorrow: neither
        ] as const
      ).map(([at, items]) => ({
        accountId: account.accountId,
        startedAt: new Date(at),
        itemCount: items,
        valueCents: items * 1_000,
      })),
    );
    expect(await account.get('cartSessions')).toEqual({
      current: 2,
      previous: 2,
      from: '2026-11-14',
      to: '2026-11-20',
      start: '2026-11-14T00:00:00.000Z',
      end: '2026-11-21T00:00:00.000Z',
    });
  });

  it("New Customers: by their first order holding stock, in the account's time zone", async () => {
    // Chicago is UTC−6 in November: its 14 November starts at 06:00 UTC.
    const account = await tileAccount({ timezone: 'America/Chicago' });
    const [a, b, c, d, e, f, g] = await Promise.all(
      Array.from({ length: 7 }, () => account.customer()),
    );
    const at = (iso: string) => ({ createdAt: new Date(iso) });
    await account.order(a as string, 'reserved', at('2026-11-18T12:00:00Z')); // new this week
    await account.order(b as string, 'confirmed', at('2026-11-19T12:00:00Z'));
    await account.order(b as string, 'completed', at('2026-10-01T12:00:00Z')); // b is not new
    await account.order(c as string, 'quote', at('2026-11-19T12:00:00Z')); // a quote holds nothing
    await account.order(d as string, 'hold', at('2026-11-10T12:00:00Z')); // new the week before
    await account.order(d as string, 'confirmed', at('2026-11-19T12:00:00Z'));
    await account.order(e as string, 'cancelled', at('2026-11-17T12:00:00Z'));
    // 23:00 on 13 November in Chicago: the week before, though it is the 14th in UTC.
    await account.order(f as string, 'reserved', at('2026-11-14T05:00:00Z'));
    await account.order(g as string, 'confirmed', at('2026-11-15T12:00:00Z'));
    await account.order(g as string, 'reserved', at('2026-11-16T12:00:00Z')); // g counts once
    expect(await account.get('newCustomers')).toEqual({
      current: 2,
      previous: 2,
      from: '2026-11-14',
      to: '2026-11-20',
      start: '2026-11-14T06:00:00.000Z',
      end: '2026-11-21T06:00:00.000Z',
    });
  });

  it('Orders This Week: booked orders whose event starts this week, Monday to Sunday, against last week', async () => {
    const account = await tileAccount();
    const who = await account.customer();
    const event = (iso: string) => ({ eventStart: new Date(iso) });
    await account.order(who, 'confirmed', event('2026-11-16T10:00:00Z')); // Monday
    await account.order(who, 'reserved', event('2026-11-22T20:00:00Z')); // Sunday, still to come
    await account.order(who, 'quote', event('2026-11-18T10:00:00Z')); // not booked
    await account.order(who, 'hold', event('2026-11-17T10:00:00Z')); // a timed hold: not booked
    await account.order(who, 'confirmed', event('2026-11-23T01:00:00Z')); // next week
    await account.order(who, 'completed', event('2026-11-10T10:00:00Z')); // last week
    await account.order(who, 'cancelled', event('2026-11-15T10:00:00Z'));
    expect(await account.get('orders')).toEqual({
      current: 2,
      previous: 1,
      from: '2026-11-16',
      to: '2026-11-22',
      start: '2026-11-16T00:00:00.000Z',
      end: '2026-11-23T00:00:00.000Z',
    });
  });

  it("YTD Revenue on accrual (the default): booked events since 1 January before tax, a cancelled order's kept money", async () => {
    const account = await tileAccount();
    const who = await account.customer();
    const event = (iso: string, totalCents: number, totals?: Record<string, unknown>) => ({
      eventStart: new Date(iso),
      totalCents,
      ...(totals ? { totals } : {}),
    });
    await account.order(
      who,
      'completed',
      event('2026-03-01T15:00:00Z', 10_800, { total: 10_800, tax: 800 }),
    );
    await account.order(who, 'confirmed', event('2026-11-20T20:00:00Z', 5_000)); // today, later on
    await account.order(who, 'confirmed', event('2026-11-21T15:00:00Z', 7_000)); // tomorrow
    await account.order(who, 'quote', event('2026-05-01T15:00:00Z', 99_999));
    const cancelled = await account.order(who, 'cancelled', event('2026-06-01T15:00:00Z', 20_000));
    await server.db.insert(payments).values({
      accountId: account.accountId,
      orderId: cancelled,
      customerId: who,
      amountCents: 3_000, // the deposit it kept
      method: 'card',
      paidAt: new Date('2026-05-01T10:00:00Z'),
    });
    await account.order(who, 'completed', event('2025-11-20T12:00:00Z', 4_000)); // last year's twin day
    await account.order(who, 'completed', event('2025-11-21T12:00:00Z', 6_000)); // after it
    await account.order(who, 'completed', event('2025-01-01T00:00:00Z', 1_000));
    expect(await account.get('ytdRevenue')).toEqual({
      current: 10_000 + 5_000 + 3_000,
      previous: 4_000 + 1_000,
      from: '2026-01-01',
      to: '2026-11-20',
      start: '2026-01-01T00:00:00.000Z',
      end: '2026-11-21T00:00:00.000Z',
      basis: 'accrual',
    });
  });

  it('YTD Revenue on cash, when the account chose it: rental money by payment date, refunds net', async () => {
    const account = await tileAccount({ revenueBasis: 'cash' });
    const who = await account.customer();
    const orderId = await account.order(who, 'completed', { totalCents: 100_000 });
    const pay = (
      iso: string,
      amountCents: number,
      extra: Partial<typeof payments.$inferInsert> = {},
    ) => ({
      accountId: account.accountId,
      orderId,
      customerId: who,
      amountCents,
      method: 'card' as const,
      paidAt: new Date(iso),
      ...extra,
    });
    await server.db.insert(payments).values([
      pay('2026-03-01T10:00:00Z', 10_000),
      pay('2026-11-19T10:00:00Z', 2_500),
      pay('2026-11-20T01:00:00Z', -500, { kind: 'refund' }),
      pay('2026-04-01T10:00:00Z', 30_000, { of: 'deposit' }), // a security deposit: not revenue
      pay('2025-02-01T10:00:00Z', 7_000),
      pay('2025-11-20T23:00:00Z', 1_000), // last year's twin day
      pay('2025-11-21T10:00:00Z', 50_000), // after it
    ]);
    expect(await account.get('ytdRevenue')).toMatchObject({
      current: 12_000,
      previous: 8_000,
      basis: 'cash',
    });
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
