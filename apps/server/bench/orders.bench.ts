// The order list on a large account (issue 17), PostgreSQL: 100,000 orders of 20,000
// customers over three years. List pages, a status tab, a search and "needs attention", each
// over HTTP on loopback against the real app, next to a primary-key lookup in the same run;
// and the calendar's month and week questions.
import { sql } from 'drizzle-orm';
import { createAccountWithUser } from '../test/helpers/fixtures.js';
import { startTestServer } from '../test/helpers/test-server.js';
import { measure, type Timing } from './measure.js';

const ORDERS = 100_000;
const CUSTOMERS = 20_000;

export async function benchOrders(databaseUrl: string): Promise<Record<string, Timing>> {
  process.env.DATABASE_URL = databaseUrl;
  const server = await startTestServer({ seed: false, now: new Date('2026-06-01T12:00:00Z') });
  delete process.env.DATABASE_URL;
  try {
    const { accountId, email } = await createAccountWithUser(server.db, {
      name: 'Orders Bench Rentals',
      email: 'orders-bench@tentpole.test',
      settings: { timezone: 'America/Chicago', currency: 'USD' },
    });
    const db = server.db;
    await db.execute(sql`insert into customers (account_id, first_name, last_name, email, phone_number)
      select ${accountId}::uuid,
        (array['Olivia','Liam','Emma','Noah','Ava','Elijah','Sophia','James'])[1 + i % 8],
        (array['Smith','Garcia','Brown','Jones','Miller','Davis','Lopez','Wilson'])[1 + (i / 8) % 8] || (i % 97)::text,
        'oc' || i || '@example.com', '+1555' || lpad(i::text, 7, '0')
      from generate_series(1, ${CUSTOMERS}) i`);
    await db.execute(sql`with c as (select id, row_number() over (order by id) as n from customers
        where account_id = ${accountId}::uuid)
      insert into orders (account_id, customer_id, number, status, event_date, event_start, event_end,
        total_cents, totals, hold_expires_at)
      select ${accountId}::uuid, c.id, 1000 + i,
        (array['draft','quote','hold','reserved','confirmed','confirmed','out','returned','completed','completed','cancelled'])[1 + i % 11],
        date '2024-06-01' + (i % 1095),
        (date '2024-06-01' + (i % 1095) + time '15:00') at time zone 'UTC',
        (date '2024-06-01' + (i % 1095) + time '23:00') at time zone 'UTC',
        10000 + (i % 50) * 1000, null,
        case when i % 11 = 2 then timestamptz '2026-06-01 12:00Z' + ((i % 96) || ' hours')::interval end
      from generate_series(1, ${ORDERS}) i join c on c.n = 1 + (i % ${CUSTOMERS})`);
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
