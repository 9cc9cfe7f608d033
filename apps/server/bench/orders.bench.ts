// The order list on a large account (issue 17), PostgreSQL: 100,000 orders of 20,000
// customers over three years. List pages, a status tab, a search and "needs attention", each
// over HTTP on loopback against the real app, next to a primary-key lookup in the same run;
// and the calendar's month and week questions.
import { sql } from 'drizzle-orm';
import { createAccountWithUser } from '../test/helpers/fixtures.js';
import { startTestServer } from '../test/helpers/test-server.js';
import { measure, type Timing } from './measure.js';
import { buildOrderAccount } from './order-account.js';

const ORDERS = 100_000;
const CUSTOMERS = 20_000;
const NOW = new Date('2026-06-01T12:00:00Z');

export async function benchOrders(databaseUrl: string): Promise<Record<string, Timing>> {
  process.env.DATABASE_URL = databaseUrl;
  const server = await startTestServer({ seed: false, now: NOW });
  delete process.env.DATABASE_URL;
  try {
    const { accountId, email } = await createAccountWithUser(server.db, {
      name: 'Orders Bench Rentals',
      email: 'orders-bench@tentpole.test',
      settings: { timezone: 'America/Chicago', currency: 'USD' },
    });
    const db = server.db;
    await buildOrderAccount(db, accountId, {
      customers: CUSTOMERS,
      orders: ORDERS,
      firstDay: '2024-06-01',
      days: 1095,
      status: sql`(array['draft','quote','hold','reserved','confirmed','confirmed','out','returned','completed','completed','cancelled'])[1 + i % 11]`,
      now: NOW,
    });
    await db.execute(sql`analyze`);
    const [one] = (
      (await db.execute(
        sql`select id, customer_id from orders where account_id = ${accountId} limit 1`,
      )) as unknown as { rows: { id: string; customer_id: string }[] }
    ).rows;
    const client = await server.signIn(email);
    const ok = async (response: Response) => {
      if (!response.ok) throw new Error(`bench request failed: ${response.status}`);
      await response.arrayBuffer();
    };
    const results: Record<string, Timing> = {};
    results['primary-key lookup (baseline)'] = await measure(async () => {
      await ok(await client.get(`/api/customers/${one?.customer_id}`));
    });
    results['order list, first page'] = await measure(async () => {
      await ok(await client.get('/api/orders'));
    });
    results['order list, page 200 by number'] = await measure(async () => {
      await ok(await client.get('/api/orders?page=200&sort=number&order=asc'));
    });
    results['status tab (confirmed)'] = await measure(async () => {
      await ok(await client.get('/api/orders?status=confirmed'));
    });
    results['search by customer name'] = await measure(async (i) => {
      await ok(await client.get(`/api/orders?search=${['smith', 'garcia 12', 'olivia'][i % 3]}`));
    });
    results['needs attention'] = await measure(async () => {
      await ok(await client.get('/api/orders?status=attention'));
    });
    // The calendar's month view: June 2025 with its leading and trailing weeks (about 90
    // orders a day here, the list capped at 2,000), and one week.
    results['calendar month'] = await measure(async () => {
      await ok(
        await client.get('/api/orders/calendar?from=2025-06-01T05:00:00Z&to=2025-07-06T05:00:00Z'),
      );
    });
    results['calendar week'] = await measure(async () => {
      await ok(
        await client.get('/api/orders/calendar?from=2025-06-08T05:00:00Z&to=2025-06-15T05:00:00Z'),
      );
    });
    results['one order'] = await measure(async () => {
      await ok(await client.get(`/api/orders/${one?.id}`));
    });
    return results;
  } finally {
    await server.close();
  }
}
