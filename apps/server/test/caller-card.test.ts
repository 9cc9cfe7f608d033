import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { surfaces } from '../src/features/inventory/tables.js';
import { documents, orderLines, orders } from '../src/features/orders/tables.js';
import { payments } from '../src/features/payments/tables.js';
import { addMember } from './helpers/api.js';
import { createAccountWithUser, createCustomers } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 24 item 1: GET /api/phone/caller-card, on an account of its own. Today is 1 June 2026
// in Chicago.

const NOW = new Date('2026-06-01T12:00:00Z');

let server: TestServer;
let owner: HttpClient;
let clerk: HttpClient;
let bookkeeper: HttpClient;
let driver: HttpClient;
let outsider: HttpClient;
let customerId: string;
let pastDueCustomerId: string;
let plainCustomerId: string;
const ids: Record<string, string> = {};

type Card = {
  customer: { id: string; firstName: string; lastName: string; phoneNumber: string | null };
  order: Record<string, unknown> | null;
  quotes: Record<string, unknown>[];
  lifetimeValue?: number;
  currency: string;
  timeZone: string;
};

async function get(client: HttpClient, customer: string) {
  const response = await client.request(
    `/api/phone/caller-card?customerId=${encodeURIComponent(customer)}`,
  );
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as Card };
}

async function addOrder(
  db: Db,
  accountId: string,
  customer: string,
  number: number,
  fields: Partial<typeof orders.$inferInsert> & { eventDate: string; paid?: number },
) {
  const { paid = 0, ...rest } = fields;
  const [row] = await db
    .insert(orders)
    .values({
      accountId,
      customerId: customer,
      number,
      status: 'confirmed',
      totalCents: 10_000,
      eventStart: new Date(`${fields.eventDate}T15:00:00Z`),
      eventEnd: new Date(`${fields.eventDate}T23:00:00Z`),
      ...rest,
    })
    .returning({ id: orders.id });
  const id = row?.id as string;
  if (paid > 0)
    await db.insert(payments).values({
      accountId,
      orderId: id,
      customerId: customer,
      amountCents: paid,
      method: 'cash',
      paidAt: NOW,
    });
  ids[number] = id;
  return id;
}

const member = async (accountId: string, email: string, roles: string[]) =>
  (await addMember(server, accountId, email, roles)).client;

beforeAll(async () => {
  server = await startTestServer({ seed: false, now: NOW });
  const db = server.db;
  const account = await createAccountWithUser(db, {
    name: 'Caller Card Rentals',
    email: 'card-owner@tentpole.test',
    settings: { timezone: 'America/Chicago', currency: 'USD' },
  });
  const accountId = account.accountId;
  const [harper] = await createCustomers(db, accountId, 1, { phoneNumber: '+15550142001' });
  const [paula, nora] = await createCustomers(db, accountId, 2);
  customerId = harper?.id as string;
  pastDueCustomerId = paula?.id as string;
  plainCustomerId = nora?.id as string;
  const [grass] = await db
    .insert(surfaces)
    .values({ accountId, name: 'Grass' })
    .returning({ id: surfaces.id });

  await addOrder(db, accountId, customerId, 1, {
    status: 'completed',
    eventDate: '2026-03-01',
    totalCents: 20_000,
    paid: 20_000,
  });
  await addOrder(db, accountId, customerId, 2, {
    status: 'returned',
    eventDate: '2026-05-10',
    totalCents: 15_000,
    paid: 5_000,
  });
  // Cancelled and earlier than the next booking: it counts nowhere.
  await addOrder(db, accountId, customerId, 3, {
    status: 'cancelled',
    eventDate: '2026-06-05',
    totalCents: 50_000,
  });
  const next = await addOrder(db, accountId, customerId, 4, {
    status: 'confirmed',
    eventDate: '2026-06-13',
    totalCents: 30_000,
    paid: 10_000,
    surfaceId: grass?.id as string,
    address: {
      line1: '12 Elm St',
      line2: 'Gate code 4321',
      city: 'Austin',
      region: 'TX',
      postalCode: '78701',
    },
    deliveryWindow: { start: '2026-06-13T13:00:00.000Z', end: '2026-06-13T15:00:00.000Z' },
  });
  await db.insert(orderLines).values([
    { accountId, orderId: next, description: 'Castle', quantity: 1, unitPriceCents: 20_000 },
    { accountId, orderId: next, description: 'Table', quantity: 4, unitPriceCents: 1_000 },
    {
      accountId,
      orderId: next,
      kind: 'component',
      description: 'Blower',
      quantity: 1,
      unitPriceCents: 0,
    },
    {
      accountId,
      orderId: next,
      kind: 'fee',
      description: 'Delivery and setup',
      quantity: 1,
      unitPriceCents: 6_000,
    },
  ]);
  await db.insert(documents).values({
    accountId,
    customerId,
    orderId: next,
    kind: 'contract',
    title: 'Rental agreement #4',
    status: 'signed',
  });
  await addOrder(db, accountId, customerId, 5, {
    status: 'confirmed',
    eventDate: '2026-07-04',
    totalCents: 12_000,
  });
  await addOrder(db, accountId, customerId, 6, {
    status: 'hold',
    eventDate: '2026-06-20',
    totalCents: 8_000,
    holdExpiresAt: new Date('2026-06-02T12:00:00Z'),
  });
  await addOrder(db, accountId, customerId, 7, {
    status: 'quote',
    eventDate: '2026-08-01',
    totalCents: 9_000,
  });
  // A quote whose day has passed is not open.
  await addOrder(db, accountId, customerId, 8, {
    status: 'quote',
    eventDate: '2026-04-01',
    totalCents: 9_000,
  });

  // Nothing ahead, but two past bookings with money owed: the later one is the card's order.
  await addOrder(db, accountId, pastDueCustomerId, 20, {
    status: 'returned',
    eventDate: '2026-04-10',
    totalCents: 10_000,
    paid: 2_000,
  });
  await addOrder(db, accountId, pastDueCustomerId, 21, {
    status: 'returned',
    eventDate: '2026-05-20',
    totalCents: 10_000,
    paid: 4_000,
  });
  await addOrder(db, accountId, pastDueCustomerId, 22, {
    status: 'completed',
    eventDate: '2026-05-25',
    totalCents: 10_000,
    paid: 10_000,
  });

  owner = await server.signIn(account.email);
  clerk = await member(accountId, 'card-clerk@tentpole.test', [
    'tentpole:phone.read',
    'tentpole:order.write',
  ]);
  bookkeeper = await member(accountId, 'card-books@tentpole.test', [
    'tentpole:phone.read',
    'tentpole:reports.financial',
  ]);
  driver = await member(accountId, 'card-driver@tentpole.test', [
    'tentpole:phone.read',
    'tentpole:delivery.driver',
  ]);
  await createAccountWithUser(db, {
    name: 'Card Elsewhere',
    email: 'card-outsider@tentpole.test',
  });
  outsider = await server.signIn('card-outsider@tentpole.test');
});
afterAll(() => server?.close());

describe('GET /api/phone/caller-card (issue 24 item 1)', () => {
  it("shows the next booking ahead with its items, signature, balance, window, surface and gate code; open quotes and holds; the bookings' lifetime value", async () => {
    const { status, body } = await get(owner, customerId);
    expect(status).toBe(200);
    expect(body.customer).toMatchObject({ id: customerId, phoneNumber: '+15550142001' });
    expect(body.timeZone).toBe('America/Chicago');
    expect(body.currency).toBe('USD');
    const { items, ...order } = body.order as { items: { description: string }[] };
    // Product lines only: no component, no fee.
    expect(items.toSorted((a, b) => a.description.localeCompare(b.description))).toEqual([
      { description: 'Castle', quantity: 1 },
      { description: 'Table', quantity: 4 },
    ]);
    expect(order).toEqual({
      id: ids[4],
      number: 4,
      status: 'confirmed',
      eventStart: '2026-06-13T15:00:00.000Z',
      eventEnd: '2026-06-13T23:00:00.000Z',
      fulfilment: 'delivery',
      signed: true,
      balanceDue: 20_000,
      deliveryWindow: { start: '2026-06-13T13:00:00.000Z', end: '2026-06-13T15:00:00.000Z' },
      surface: 'Grass',
      addressLine2: 'Gate code 4321',
    });
    expect(body.quotes).toEqual([
      {
        id: ids[6],
        number: 6,
        status: 'hold',
        eventStart: '2026-06-20T15:00:00.000Z',
        holdExpiresAt: '2026-06-02T12:00:00.000Z',
        total: 8_000,
      },
      {
        id: ids[7],
        number: 7,
        status: 'quote',
        eventStart: '2026-08-01T15:00:00.000Z',
        holdExpiresAt: null,
        total: 9_000,
      },
    ]);
    // Completed, returned and the two confirmed: the cancelled order and the quotes count not.
    expect(body.lifetimeValue).toBe(20_000 + 15_000 + 30_000 + 12_000);
  });

  it('with nothing ahead, shows the latest booking that still has a balance due', async () => {
    const { body } = await get(owner, pastDueCustomerId);
    expect(body.order).toMatchObject({ number: 21, status: 'returned', balanceDue: 6_000 });
    expect(body.order).toMatchObject({ signed: false, surface: null, addressLine2: null });
    expect(body.quotes).toEqual([]);
    expect(body.lifetimeValue).toBe(30_000);
  });

  it('answers an empty card for a customer without orders', async () => {
    const { status, body } = await get(owner, plainCustomerId);
    expect(status).toBe(200);
    expect(body).toMatchObject({ order: null, quotes: [], lifetimeValue: 0 });
  });

  it('shows balances but no lifetime value to a member with order.write and without reports.financial', async () => {
    const { status, body } = await get(clerk, customerId);
    expect(status).toBe(200);
    expect(body.order?.balanceDue).toBe(20_000);
    expect(body.quotes.map((q) => q.total)).toEqual([8_000, 9_000]);
    expect(body).not.toHaveProperty('lifetimeValue');
  });

  it('shows the lifetime value but no balances to a member with reports.financial only', async () => {
    const { body } = await get(bookkeeper, customerId);
    expect(body.lifetimeValue).toBe(77_000);
    expect(body.order).not.toHaveProperty('balanceDue');
    for (const quote of body.quotes) expect(quote).not.toHaveProperty('total');
  });

  it('shows no money at all to a driver (phone, no payments, orders or financial reports)', async () => {
    const { status, body, text } = await get(driver, customerId);
    expect(status).toBe(200);
    expect(body.order).toMatchObject({ number: 4, signed: true, surface: 'Grass' });
    expect(body.order).not.toHaveProperty('balanceDue');
    expect(body).not.toHaveProperty('lifetimeValue');
    for (const quote of body.quotes) expect(quote).not.toHaveProperty('total');
    for (const amount of ['20000', '77000', '8000', '9000']) expect(text).not.toContain(amount);
  });

  it("answers 404 for another account's customer, and for an id that is not one", async () => {
    const theirs = await get(outsider, customerId);
    expect(theirs.status).toBe(404);
    expect(theirs.text).not.toContain('Gate code');
    expect((await get(owner, 'not-a-customer')).status).toBe(404);
    expect((await get(owner, crypto.randomUUID())).status).toBe(404);
  });

  it('answers 400 without a customerId, and 401 without a session', async () => {
    expect((await owner.request('/api/phone/caller-card')).status).toBe(400);
    expect(
      (await server.client().request(`/api/phone/caller-card?customerId=${customerId}`)).status,
    ).toBe(401);
  });
});
