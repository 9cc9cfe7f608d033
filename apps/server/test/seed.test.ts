import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetDatabase, seedDemoData } from '../src/app/seed.js';
import { accounts } from '../src/auth/tables.js';
import { customerJourneyEvents, customers } from '../src/features/customers/tables.js';
import { documents, orderLines, orders } from '../src/features/orders/tables.js';
import { payments } from '../src/features/payments/tables.js';
import { cartSessions } from '../src/features/store/tables.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
const now = new Date('2026-11-20T15:00:00Z');
beforeAll(async () => {
  server = await startTestServer({ now });
});
afterAll(() => server?.close());

async function accountId(name: string) {
  const [row] = await server.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.name, name));
  return row?.id as string;
}

async function countIn(
  table:
    | typeof customers
    | typeof orders
    | typeof payments
    | typeof documents
    | typeof cartSessions
    | typeof customerJourneyEvents
    | typeof orderLines,
  id: string,
) {
  const [row] = await server.db.select({ n: count() }).from(table).where(eq(table.accountId, id));
  return row?.n ?? 0;
}

describe('demo data', () => {
  it('gives Bounce Kingdom 250 customers, a few banned, most with US phone numbers', async () => {
    const id = await accountId('Bounce Kingdom Party Rentals');
    expect(await countIn(customers, id)).toBe(250);
    const [banned] = await server.db
      .select({ n: count() })
      .from(customers)
      .where(and(eq(customers.accountId, id), eq(customers.banned, true)));
    expect(banned?.n).toBeGreaterThanOrEqual(2);
    expect(banned?.n).toBeLessThanOrEqual(10);
    const phones = await server.db
      .select({ phone: customers.phoneNumber })
      .from(customers)
      .where(eq(customers.accountId, id));
    const withPhone = phones.filter((p) => p.phone !== null);
    expect(withPhone.length).toBeGreaterThan(200);
    for (const { phone } of withPhone) expect(phone).toMatch(/^\+1555010\d{4}$/);
    // The number the issues use as their example belongs to a customer.
    expect(withPhone.map((p) => p.phone)).toContain('+15550100123');
  });

  it('gives Bounce Kingdom orders with lines, payments over the last 18 months, documents, journey events and cart sessions', async () => {
    const id = await accountId('Bounce Kingdom Party Rentals');
    expect(await countIn(orders, id)).toBeGreaterThan(300);
    expect(await countIn(orderLines, id)).toBeGreaterThan(await countIn(orders, id));
    expect(await countIn(documents, id)).toBeGreaterThan(300);
    expect(await countIn(customerJourneyEvents, id)).toBeGreaterThan(50);
    expect(await countIn(cartSessions, id)).toBe(700);
    const [span] = await server.db
      .select({
        first: sql<string>`min(${payments.paidAt})`,
        last: sql<string>`max(${payments.paidAt})`,
      })
      .from(payments)
      .where(eq(payments.accountId, id));
    const days = (d: string) => (now.getTime() - new Date(d).getTime()) / 86_400_000;
    expect(days(span?.first as string)).toBeGreaterThan(300);
    expect(days(span?.first as string)).toBeLessThanOrEqual(548 + 60);
    expect(days(span?.last as string)).toBeGreaterThanOrEqual(0);
    const kinds = await server.db
      .selectDistinct({ kind: documents.kind })
      .from(documents)
      .where(eq(documents.accountId, id));
    expect(kinds.map((k) => k.kind).sort()).toEqual(['contract', 'invoice', 'quote']);
  });

  it('gives Sunshine a few of each and a trial ending 5 days after seeding', async () => {
    const id = await accountId('Sunshine Tents & Events');
    expect(await countIn(customers, id)).toBe(6);
    expect(await countIn(orders, id)).toBeGreaterThanOrEqual(6);
    const [sunshine] = await server.db.select().from(accounts).where(eq(accounts.id, id));
    expect(sunshine?.planLevel).toBe('free');
    expect(sunshine?.trialEndDate).toBe('2026-11-25');
  });

  it('makes the same customers whatever day it is seeded (tests and demos can name them)', async () => {
    const names = async () =>
      server.db
        .select({
          first: customers.firstName,
          last: customers.lastName,
          phone: customers.phoneNumber,
        })
        .from(customers)
        .orderBy(customers.phoneNumber, customers.email);
    const before = await names();
    await resetDatabase(server.db);
    await seedDemoData(server.db, new Date('2027-03-02T09:00:00Z'));
    expect(await names()).toEqual(before);
    await resetDatabase(server.db);
    await seedDemoData(server.db, now);
  });

  it('makes the same business every time it runs', async () => {
    const snapshot = async () =>
      server.db
        .select({
          first: customers.firstName,
          last: customers.lastName,
          phone: customers.phoneNumber,
        })
        .from(customers)
        .orderBy(customers.phoneNumber, customers.email);
    const before = await snapshot();
    await resetDatabase(server.db);
    await seedDemoData(server.db, now);
    expect(await snapshot()).toEqual(before);
  });
});
