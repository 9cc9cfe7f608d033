import type { ReportResponse } from '@tentpole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/features/inventory/tables.js';
import { orderLines, orders } from '../src/features/orders/tables.js';
import { payments } from '../src/features/payments/tables.js';
import { calls } from '../src/features/phone/tables.js';
import { conversations, messages } from '../src/features/phone/texts/tables.js';
import { csvCell } from '../src/features/reports/csv.js';
import { createAccountWithUser, createCustomers } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 22: every report over fixtures made for it, each figure worked out by hand below. The
// account is in Chicago (UTC−6 in winter); the report is January 2026, the previous period
// December 2025. The cases: a payment and an event at 9–11:30 pm local on 31 January (UTC
// already 1 February), a partial refund, a cancelled order whose deposit was kept, a tax-exempt
// customer, an order held across the end of the month, a security deposit, money paid ahead
// for a February event, an order begun by a phone call.

let server: TestServer;
let owner: HttpClient;
let reader: HttpClient;
let other: HttpClient;
let ledgerId: string;
let elsewhereId: string;
let castleId: string;

const JANUARY = 'from=2026-01-01&to=2026-01-31';
const totals = (total: number, tax: number, taxableBase: number, discounts = 0) => ({
  total,
  tax,
  taxableBase,
  discounts,
});
const CREATED = new Date('2025-11-01T12:00:00Z');

async function report(client: HttpClient, path: string) {
  const response = await client.request(path);
  return { status: response.status, body: (await response.json()) as ReportResponse };
}
const fig = (r: ReportResponse, key: string) => r.summary.find((f) => f.key === key);

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  const db = server.db;
  const ledger = await createAccountWithUser(db, {
    name: 'Ledger Rentals',
    email: 'ledger-owner@tentpole.test',
    settings: { timezone: 'America/Chicago', currency: 'USD' },
  });
  const accountId = ledger.accountId;
  ledgerId = accountId;
  const [ana, ben, cal, dot, eve, fay, gus, hal, ivy] = await createCustomers(db, accountId, 9);
  const [caller] = await createCustomers(db, accountId, 1, { phoneNumber: '+15550123456' });
  const [texter] = await createCustomers(db, accountId, 1, { phoneNumber: '+15550123457' });
  if (!ana || !ben || !cal || !dot || !eve || !fay || !gus || !hal || !ivy || !caller || !texter)
    throw new Error('customers');
  const order = (
    number: number,
    customerId: string,
    status: (typeof orders.$inferInsert)['status'],
    eventStart: string,
    t: ReturnType<typeof totals>,
    extra: Partial<typeof orders.$inferInsert> = {},
  ) => ({
    accountId,
    number,
    customerId,
    status,
    eventDate: eventStart.slice(0, 10),
    eventStart: new Date(eventStart),
    eventEnd: new Date(new Date(eventStart).getTime() + 6 * 3_600_000),
    totals: t,
    totalCents: t.total,
    createdAt: CREATED,
    ...extra,
  });
  const made = await db
    .insert(orders)
    .values([
      // A: $1,000 + $80 tax; half paid, $40 refunded; a $200 security deposit held.
      order(1, ana.id, 'reserved', '2026-01-10T16:00:00Z', totals(108_000, 8_000, 100_000)),
      // B: tax-exempt, event at 9 pm local on 31 January (3 am UTC, 1 February), paid in cash
      // at 11:30 pm local on the 31st.
      order(2, ben.id, 'completed', '2026-02-01T03:00:00Z', totals(50_000, 0, 0), {
        taxExempt: true,
      }),
      // C: cancelled for the weather; its $100 deposit kept.
      order(3, cal.id, 'cancelled', '2026-01-20T16:00:00Z', totals(32_400, 2_400, 30_000), {
        cancelReason: 'Weather',
      }),
      // D: two castles held from 30 January to 3 February (local midnights), with a coupon.
      order(4, dot.id, 'reserved', '2026-01-30T18:00:00Z', totals(21_600, 1_600, 20_000, 2_000), {
        couponCode: 'party10',
      }),
      // E: December, paid.
      order(5, eve.id, 'completed', '2025-12-20T16:00:00Z', totals(10_800, 800, 10_000)),
      // F: November, never paid.
      order(6, fay.id, 'confirmed', '2025-11-15T16:00:00Z', totals(20_000, 0, 0)),
      // G: a February event, $150 paid ahead in January.
      order(7, gus.id, 'reserved', '2026-02-20T16:00:00Z', totals(40_000, 0, 0)),
      // H: a quote made the day after its customer called.
      order(8, caller.id, 'quote', '2026-03-10T16:00:00Z', totals(15_000, 0, 0), {
        createdAt: new Date('2026-01-12T15:00:00Z'),
      }),
      // J: a quote made the day after its customer texted (an event in April).
      order(10, texter.id, 'quote', '2026-04-11T16:00:00Z', totals(12_000, 0, 0), {
        createdAt: new Date('2026-01-14T15:00:00Z'),
      }),
      // I: booked from a Google search.
      order(9, ivy.id, 'reserved', '2026-03-12T16:00:00Z', totals(10_000, 0, 0), {
        createdAt: new Date('2026-01-12T16:00:00Z'),
        referralSource: 'Google',
      }),
    ])
    .returning({ id: orders.id, number: orders.number, customerId: orders.customerId });
  const id = (number: number) => made.find((o) => o.number === number) as (typeof made)[number];
  const pay = (
    number: number,
    amountCents: number,
    method: (typeof payments.$inferInsert)['method'],
    paidAt: string,
    extra: Partial<typeof payments.$inferInsert> = {},
  ) => ({
    accountId,
    orderId: id(number).id,
    customerId: id(number).customerId,
    amountCents,
    method,
    paidAt: new Date(paidAt),
    ...extra,
  });
  await db
    .insert(payments)
    .values([
      pay(1, 54_000, 'card', '2026-01-05T12:00:00Z'),
      pay(1, -4_000, 'card', '2026-01-20T12:00:00Z', { kind: 'refund' }),
      pay(1, 20_000, 'card', '2026-01-08T12:00:00Z', { of: 'deposit' }),
      pay(2, 50_000, 'cash', '2026-02-01T05:30:00Z'),
      pay(3, 10_000, 'card', '2026-01-02T15:00:00Z'),
      pay(5, 10_800, 'card', '2025-12-18T15:00:00Z'),
      pay(7, 15_000, 'card', '2026-01-25T15:00:00Z'),
    ]);
  const [castle] = await db
    .insert(products)
    .values({
      accountId,
      name: 'Ledger Castle',
      slug: 'ledger-castle',
      type: 'rental',
      tracking: 'bulk',
      quantity: 4,
      pricing: { mode: 'flat', amount: 10_000 },
    })
    .returning({ id: products.id });
  castleId = castle?.id as string;
  await db.insert(orderLines).values({
    accountId,
    orderId: id(4).id,
    description: 'Ledger Castle',
    quantity: 2,
    unitPriceCents: 10_000,
    productId: castle?.id as string,
    reservedFrom: new Date('2026-01-30T06:00:00Z'),
    reservedUntil: new Date('2026-02-03T06:00:00Z'),
  });
  const [thread] = await db
    .insert(conversations)
    .values({ accountId, phoneNumber: '+15550123457' })
    .returning({ id: conversations.id });
  await db.insert(messages).values({
    accountId,
    conversationId: thread?.id as string,
    direction: 'inbound',
    body: 'Is the castle free in April?',
    status: 'received',
    createdAt: new Date('2026-01-13T18:00:00Z'),
  });
  await db.insert(calls).values({
    accountId,
    callSid: 'CAreports000000000000000000000001',
    direction: 'inbound',
    via: 'pstn',
    fromNumber: '+15550123456',
    toNumber: '+15550190100',
    counterpartNumber: '+15550123456',
    status: 'completed',
    startedAt: new Date('2026-01-11T17:00:00Z'),
  });

  // A reader: reports.read without reports.financial.
  const readerAccount = await createAccountWithUser(db, {
    name: 'Ledger Reader',
    email: 'ledger-reader@tentpole.test',
    roles: ['tentpole:reports.read'],
  });
  // Another business with January money of its own, which must never show in Ledger's.
  const elsewhere = await createAccountWithUser(db, {
    name: 'Elsewhere Rentals',
    email: 'ledger-elsewhere@tentpole.test',
    settings: { timezone: 'America/Chicago', currency: 'USD' },
  });
  elsewhereId = elsewhere.accountId;
  const [stranger] = await createCustomers(db, elsewhere.accountId, 1);
  const [theirs] = await db
    .insert(orders)
    .values({
      ...order(1, stranger?.id as string, 'reserved', '2026-01-15T16:00:00Z', totals(99_900, 0, 0)),
      accountId: elsewhere.accountId,
    })
    .returning({ id: orders.id });
  await db.insert(payments).values({
    accountId: elsewhere.accountId,
    orderId: theirs?.id as string,
    customerId: stranger?.id as string,
    amountCents: 99_900,
    method: 'card',
    paidAt: new Date('2026-01-15T15:00:00Z'),
  });
  owner = await server.signIn(ledger.email);
  other = await server.signIn(elsewhere.email);
  reader = await server.signIn(readerAccount.email);
  // The reader is a member of Ledger Rentals with reports.read only.
  const { memberships } = await import('../src/auth/tables.js');
  await db.insert(memberships).values({
    accountId,
    userId: readerAccount.userId,
    kind: 'member',
    roles: ['tentpole:reports.read'],
  });
  await reader.updateSession({ accountId });
});
afterAll(() => server?.close());

describe('money reports', () => {
  it('revenue on accrual: booked orders by local event day, less tax; a cancelled order counts what it kept', async () => {
    const { status, body } = await report(owner, `/api/reports/revenue?${JANUARY}`);
    expect(status).toBe(200);
    // A 100,000 + B 50,000 (9 pm on the 31st, local) + C kept 10,000 + D 20,000.
    expect(fig(body, 'revenue')).toMatchObject({ value: 180_000, previous: 10_000 });
    expect(fig(body, 'orders')).toMatchObject({ value: 3, previous: 1 });
    expect(fig(body, 'average')?.value).toBe(60_000);
    expect(body.basisLabel).toContain('Accrual: by event date');
    expect(body.previousRange).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    const total = body.rows.reduce((sum, r) => sum + Number(r.revenue), 0);
    expect(total).toBe(180_000);
    expect(body.rows.find((r) => r.period === '2026-01-31')).toMatchObject({
      orders: 1,
      revenue: 50_000,
      tax: 0,
    });
    expect(body.chart?.points).toHaveLength(31);
  });

  it('revenue on cash: money by local payment day, each payment less its share of tax', async () => {
    const { body } = await report(owner, `/api/reports/revenue?${JANUARY}&basis=cash`);
    // A 54,000 − 4,000 tax share; refund −4,000 + 296; B 50,000 (11:30 pm on the 31st); C 10,000
    // kept, untaxed; G 15,000 ahead of February. Security deposits are not revenue.
    expect(fig(body, 'revenue')).toMatchObject({ value: 121_296, previous: 10_000 });
    expect(body.rows.reduce((sum, r) => sum + Number(r.received), 0)).toBe(125_000);
    expect(body.rows.reduce((sum, r) => sum + Number(r.tax), 0)).toBe(3_704);
    expect(body.rows.find((r) => r.period === '2026-01-31')).toMatchObject({ received: 50_000 });
    expect(body.basisLabel).toContain('Cash: by payment date');
  });

  it('sales tax: taxable and tax-exempt sales apart, on either basis', async () => {
    const accrual = await report(owner, `/api/reports/sales-tax?${JANUARY}`);
    expect(fig(accrual.body, 'tax')).toMatchObject({ value: 9_600, previous: 800 });
    expect(fig(accrual.body, 'taxable')?.value).toBe(120_000);
    expect(fig(accrual.body, 'exempt')?.value).toBe(50_000);
    const cash = await report(owner, `/api/reports/sales-tax?${JANUARY}&basis=cash`);
    expect(fig(cash.body, 'tax')?.value).toBe(3_704);
    expect(fig(cash.body, 'taxable')?.value).toBe(46_296);
    expect(fig(cash.body, 'exempt')?.value).toBe(50_000);
  });

  it('payments and refunds by method, security deposits shown apart', async () => {
    const { body } = await report(owner, `/api/reports/payments?${JANUARY}`);
    expect(body.rows).toEqual([
      {
        method: 'Card',
        payments: 4,
        received: 99_000,
        refunds: 1,
        refunded: 4_000,
        net: 95_000,
        deposits: 20_000,
      },
      {
        method: 'Cash',
        payments: 1,
        received: 50_000,
        refunds: 0,
        refunded: 0,
        net: 50_000,
        deposits: 0,
      },
    ]);
    expect(fig(body, 'net')).toMatchObject({ value: 145_000, previous: 10_800 });
  });

  it('deposits held at the end of the range: paid ahead for events to come, and security deposits', async () => {
    const { body } = await report(owner, `/api/reports/deposits?${JANUARY}`);
    expect(fig(body, 'prepaid')?.value).toBe(15_000);
    expect(fig(body, 'security')?.value).toBe(20_000);
    expect(fig(body, 'cardHold')?.value).toBe(0);
    expect(body.rows.map((r) => [r.order, r.prepaid, r.security])).toEqual([
      ['#1', 0, 20_000],
      ['#7', 15_000, 0],
    ]);
  });

  it('receivables ageing as of the last day, each balance due by its event day', async () => {
    const { body } = await report(owner, `/api/reports/receivables?${JANUARY}`);
    // A 108,000 − 50,000 (21 days late); D 21,600 (1 day); F 20,000 (77 days); G 25,000 and
    // I 10,000 not yet due. B is paid; C is cancelled.
    expect(fig(body, 'total')?.value).toBe(134_600);
    expect(fig(body, 'Current')?.value).toBe(35_000);
    expect(fig(body, '1–30 days')?.value).toBe(79_600);
    expect(fig(body, '61–90 days')?.value).toBe(20_000);
    // At the end of December: A, B, D, G unpaid and not due, F 46 days late; I not made yet.
    expect(fig(body, 'total')?.previous).toBe(239_600);
    expect(body.rows.find((r) => r.order === '#6')).toMatchObject({
      balance: 20_000,
      daysPastDue: 77,
      ageing: '61–90 days',
      dueDate: '2025-11-15',
    });
  });
});

describe('operations reports', () => {
  it('utilisation counts an order held across two months in each, by its days there', async () => {
    const january = await report(owner, `/api/reports/utilisation?${JANUARY}`);
    // Two castles of four, 30–31 January: 4 unit-days of 124.
    expect(january.body.rows[0]).toMatchObject({
      name: 'Ledger Castle',
      units: 4,
      daysOut: 4,
      utilisation: 3.2,
      times: 1,
      revenue: 20_000,
      revenuePerUnit: 5_000,
    });
    const february = await report(owner, '/api/reports/utilisation?from=2026-02-01&to=2026-02-28');
    // 1–2 February: 4 unit-days of 112; the revenue stays with January, the event's month.
    expect(february.body.rows[0]).toMatchObject({ daysOut: 4, utilisation: 3.6, revenue: 0 });
    // Its previous period, 4–31 January, held the castles on the 30th and 31st: 4 of 112.
    expect(fig(february.body, 'daysOut')).toMatchObject({ value: 4, previous: 4 });
    expect(fig(february.body, 'utilisation')).toMatchObject({ value: 3.6, previous: 3.6 });
    expect(fig(february.body, 'revenue')).toMatchObject({ value: 0, previous: 20_000 });
    const byCategory = await report(owner, `/api/reports/utilisation?${JANUARY}&groupBy=category`);
    expect(byCategory.body.rows[0]).toMatchObject({ name: 'No category', daysOut: 4 });
  });

  it('counts a booking the order editor refused for want of stock as turned away', async () => {
    const [customer] = await createCustomers(server.db, ledgerId, 1);
    const start = new Date(Date.now() + 20 * 86_400_000);
    const created = await owner.request('/api/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        customerId: customer?.id,
        eventStart: start.toISOString(),
        eventEnd: new Date(start.getTime() + 6 * 3_600_000).toISOString(),
        fulfilment: 'pickup',
        lines: [{ productId: castleId, quantity: 5 }],
      }),
    });
    expect(created.status).toBe(201);
    const { order } = (await created.json()) as { order: { id: string } };
    // Five castles of four: the editor refuses to reserve them.
    const refused = await owner.request(`/api/orders/${order.id}/transitions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: 'reserved' }),
    });
    expect(refused.status).toBe(409);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(
      new Date(),
    );
    const { body } = await report(owner, `/api/reports/utilisation?from=${today}&to=${today}`);
    expect(body.rows.find((r) => r.name === 'Ledger Castle')?.turnedAway).toBe(1);
    expect(fig(body, 'turnedAway')?.value).toBe(1);
    const january = await report(owner, `/api/reports/utilisation?${JANUARY}`);
    expect(january.body.rows[0]?.turnedAway).toBe(0);
  });

  it('coupons and cancellations', async () => {
    const coupons = await report(owner, `/api/reports/coupons?${JANUARY}`);
    expect(coupons.body.rows).toEqual([
      { code: 'PARTY10', orders: 1, discount: 2_000, revenue: 20_000 },
    ]);
    const cancelled = await report(owner, `/api/reports/cancellations?${JANUARY}`);
    expect(cancelled.body.rows).toEqual([
      { reason: 'Weather', orders: 1, value: 32_400, kept: 10_000 },
    ]);
    // One of the four January events (A, B, C, D) was cancelled.
    expect(fig(cancelled.body, 'rate')?.value).toBe(25);
  });

  it('lead sources: an order whose customer called first began as a call', async () => {
    const { body } = await report(owner, `/api/reports/lead-sources?${JANUARY}`);
    expect(fig(body, 'calls')?.value).toBe(1);
    expect(fig(body, 'quotesFromCalls')?.value).toBe(1);
    expect(fig(body, 'bookingsFromCalls')?.value).toBe(0);
    expect(fig(body, 'texters')?.value).toBe(1);
    expect(fig(body, 'quotesFromTexts')?.value).toBe(1);
    expect(fig(body, 'bookingsFromTexts')?.value).toBe(0);
    expect(body.rows).toEqual([
      { source: 'Google', orders: 1, booked: 1, conversion: 100, revenue: 10_000 },
      { source: 'Phone call', orders: 1, booked: 0, conversion: 0, revenue: 0 },
      { source: 'Text message', orders: 1, booked: 0, conversion: 0, revenue: 0 },
    ]);
  });

  it('deliveries: stops planned and done, on time by the stop’s window, miles of the saved routes', async () => {
    const db = server.db;
    const { randomUUID } = await import('node:crypto');
    const { deliveryRoutes, routeStops, stopEvents, vehicles } = await import(
      '../src/features/delivery/tables.js'
    );
    const { eq } = await import('drizzle-orm');
    const numbered = await db
      .select({ id: orders.id, number: orders.number, accountId: orders.accountId })
      .from(orders)
      .where(eq(orders.accountId, ledgerId));
    const orderId = (number: number) => numbered.find((o) => o.number === number)?.id as string;
    // Order 1's delivery is due by 10 am local on 10 January; order 2's by 7 pm on the 31st.
    await db
      .update(orders)
      .set({ deliveryWindow: { start: '2026-01-10T14:00:00Z', end: '2026-01-10T16:00:00Z' } })
      .where(eq(orders.id, orderId(1)));
    await db
      .update(orders)
      .set({ deliveryWindow: { start: '2026-01-31T23:00:00Z', end: '2026-02-01T01:00:00Z' } })
      .where(eq(orders.id, orderId(2)));
    const truck = async (accountId: string) => {
      const [row] = await db
        .insert(vehicles)
        .values({
          accountId,
          name: 'Truck',
          capacityUnits: 10,
          shiftStart: '07:00',
          shiftEnd: '19:00',
        })
        .returning({ id: vehicles.id });
      return row?.id as string;
    };
    const vehicleId = await truck(ledgerId);
    const route = async (
      day: string,
      plannedMiles: number,
      stops: [number, 'delivery' | 'pickup'][],
    ) => {
      const [row] = await db
        .insert(deliveryRoutes)
        .values({ accountId: ledgerId, day, vehicleId, plannedMiles })
        .returning({ id: deliveryRoutes.id });
      await db.insert(routeStops).values(
        stops.map(([number, kind], position) => ({
          accountId: ledgerId,
          routeId: row?.id as string,
          orderId: orderId(number),
          kind,
          position,
        })),
      );
    };
    await route('2026-01-10', 12.34, [
      [1, 'delivery'],
      [3, 'delivery'],
    ]);
    await route('2026-01-31', 20, [[2, 'delivery']]);
    await route('2025-12-20', 5, [[5, 'delivery']]);
    const event = (
      day: string,
      number: number,
      action: 'delivered' | 'problem',
      occurredAt: string,
    ) => ({
      accountId: ledgerId,
      id: randomUUID(),
      day,
      vehicleId,
      orderId: orderId(number),
      stopKind: 'delivery' as const,
      action,
      occurredAt: new Date(occurredAt),
    });
    await db.insert(stopEvents).values([
      // On time: 9:30 am local, inside its window.
      event('2026-01-10', 1, 'delivered', '2026-01-10T15:30:00Z'),
      // No window of its own: two problem reports (one stop), then done the same local day.
      event('2026-01-10', 3, 'problem', '2026-01-10T15:00:00Z'),
      event('2026-01-10', 3, 'problem', '2026-01-10T15:10:00Z'),
      event('2026-01-10', 3, 'delivered', '2026-01-10T20:00:00Z'),
      // Late: 8 pm local on the 31st (already 1 February in UTC), an hour past its window;
      // marked delivered again from a phone's queue, which changes nothing.
      event('2026-01-31', 2, 'delivered', '2026-02-01T02:00:00Z'),
      event('2026-01-31', 2, 'delivered', '2026-02-01T02:05:00Z'),
      // December: done on its day.
      event('2025-12-20', 5, 'delivered', '2025-12-20T17:00:00Z'),
    ]);
    // Another business's route in January never shows.
    await db.insert(deliveryRoutes).values({
      accountId: elsewhereId,
      day: '2026-01-15',
      vehicleId: await truck(elsewhereId),
      plannedMiles: 99,
    });

    const { status, body } = await report(reader, `/api/reports/deliveries?${JANUARY}`);
    expect(status).toBe(200);
    expect(body.notBuilt).toBeNull();
    expect(body.summary.map((f) => [f.key, f.value, f.previous])).toEqual([
      ['planned', 3, 1],
      ['done', 3, 1],
      ['onTime', 66.7, 100],
      ['miles', 32.3, 5],
    ]);
    expect(body.rows).toEqual([
      {
        period: '2026-01-10',
        routes: 1,
        planned: 2,
        done: 2,
        onTime: 2,
        late: 0,
        rate: 100,
        problems: 1,
        miles: 12.3,
      },
      {
        period: '2026-01-31',
        routes: 1,
        planned: 1,
        done: 1,
        onTime: 0,
        late: 1,
        rate: 0,
        problems: 0,
        miles: 20,
      },
    ]);
    const late = body.chart?.points.find((p) => p.label === '2026-01-31');
    expect(late?.values).toEqual({ onTime: 0, late: 1 });
    const csv = await (await reader.request(`/api/reports/deliveries/csv?${JANUARY}`)).text();
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Day,Routes,Stops planned,Stops done,On time,Late,On-time rate,Problems,Miles planned',
    );
    expect(lines).toContain('2026-01-31,1,1,1,0,1,0,0,20');
  });
});

describe('access, isolation and input', () => {
  it("never shows another account's money", async () => {
    const theirs = await report(other, `/api/reports/revenue?${JANUARY}&basis=cash`);
    expect(fig(theirs.body, 'revenue')?.value).toBe(99_900);
    const mine = await report(owner, `/api/reports/payments?${JANUARY}`);
    expect(JSON.stringify(mine.body)).not.toContain('99900');
  });

  it('without reports.financial: money reports are 403, and the others show no money', async () => {
    for (const key of ['revenue', 'sales-tax', 'payments', 'deposits', 'receivables']) {
      for (const path of [`/api/reports/${key}`, `/api/reports/${key}/csv`]) {
        const response = await reader.request(`${path}?${JANUARY}`);
        expect(response.status, path).toBe(403);
        expect(await response.text()).toContain('Missing permission reports.financial');
      }
    }
    const list = (await (await reader.request('/api/reports')).json()) as {
      reports: { key: string }[];
    };
    expect(list.reports.map((r) => r.key)).toEqual([
      'utilisation',
      'coupons',
      'cancellations',
      'lead-sources',
      'deliveries',
    ]);
    const { status, body } = await report(reader, `/api/reports/utilisation?${JANUARY}`);
    expect(status).toBe(200);
    expect(body.columns.map((c) => c.key)).not.toContain('revenue');
    expect(body.rows[0]).not.toHaveProperty('revenue');
    expect(body.summary.map((f) => f.format)).not.toContain('money');
  });

  it('exports CSV with the table’s header, money as decimals, formulas defused', async () => {
    const response = await owner.request(`/api/reports/receivables/csv?${JANUARY}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toContain(
      'receivables-2026-01-01-to-2026-01-31.csv',
    );
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toBe('Order,Customer,Due,Balance,Days past due,Ageing');
    expect(lines).toHaveLength(6);
    expect(lines).toContain('#6,Test0006 Customer,2025-11-15,200.00,77,61–90 days');
    const revenue = await (await owner.request(`/api/reports/revenue/csv?${JANUARY}`)).text();
    expect(revenue.split('\r\n')[0]).toBe('Day,Orders,Revenue,Tax,Total with tax');
    expect(revenue).toContain('2026-01-31,1,500.00,0.00,500.00');
    // A cell a spreadsheet would run as a formula is written as text.
    const text = { key: 'reason', label: 'Reason', format: 'text' } as const;
    expect(csvCell(text, '=HYPERLINK("http://x")', 'USD')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell(text, '-1+2', 'USD')).toBe("'-1+2");
    expect(csvCell({ ...text, format: 'money' }, -4_000, 'USD')).toBe('-40.00');
  });

  it('refuses a bad range with field errors', async () => {
    const half = await owner.request('/api/reports/revenue?from=2026-01-01');
    expect(half.status).toBe(400);
    expect(await half.json()).toMatchObject({ error: { fields: { to: expect.any(Array) } } });
    const backwards = await owner.request('/api/reports/revenue?from=2026-02-01&to=2026-01-01');
    expect(backwards.status).toBe(400);
    const unknown = await owner.request(
      '/api/reports/revenue?from=2026-01-01&to=2026-01-31&basis=x',
    );
    expect(unknown.status).toBe(400);
  });
});
