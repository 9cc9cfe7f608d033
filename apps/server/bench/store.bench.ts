// The store's category page on a large account (issue 20: "first byte p95 ≤ 50 ms for a
// category page with availability on PostgreSQL"): 300 products in 12 categories and 120,000
// holding order lines over two years. A shopper's GET /s/{slug}/c/{category} for a party
// (date, hours, ZIP) answers the products free for it with their prices; timed to its first
// byte (the response's headers), against a primary-key lookup over HTTP in the same run.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createAccountWithUser } from '../test/helpers/fixtures.js';
import { startTestServer } from '../test/helpers/test-server.js';
import { measure, summarize, type Timing } from './measure.js';

const PRODUCTS = 300;
const CATEGORIES = 12;
const ORDERS = 40_000;
const LINES_PER_ORDER = 3; // 120,000 holding lines
const FIRST_DAY = Date.parse('2027-01-02T00:00:00Z');
const DAY = 86_400_000;
const RUNS = 200;
const WARMUP = 20;

export const STORE_GOAL_MS = 50;

export async function benchStore(databaseUrl: string): Promise<Record<string, Timing>> {
  process.env.DATABASE_URL = databaseUrl;
  const server = await startTestServer({ seed: false, now: new Date('2026-12-01T15:00:00Z') });
  delete process.env.DATABASE_URL;
  try {
    const { accountId, email } = await createAccountWithUser(server.db, {
      name: 'Store Bench Rentals',
      email: 'store-bench@tentpole.test',
      settings: { timezone: 'America/Chicago', currency: 'USD' },
    });
    const db = server.db;
    await db.execute(
      sql`insert into store_settings (account_id, slug) values (${accountId}, 'bench-store')`,
    );
    await db.execute(sql`insert into categories (account_id, name, slug, position)
      select ${accountId}::uuid, 'Category ' || i, 'category-' || i, i
      from generate_series(1, ${CATEGORIES}) i`);
    await db.execute(sql`with k as (select id, row_number() over (order by position) as n
        from categories where account_id = ${accountId}::uuid)
      insert into products (account_id, name, slug, type, tracking, quantity, pricing, category_id)
      select ${accountId}::uuid, 'Product ' || i, 'product-' || i, 'rental', 'bulk', 4,
        '{"mode":"flat","amount":15000}'::jsonb, k.id
      from generate_series(1, ${PRODUCTS}) i join k on k.n = 1 + i % ${CATEGORIES}`);
    await db.execute(sql`insert into customers (account_id, first_name, last_name, email)
      select ${accountId}::uuid, 'Bench', 'Customer ' || i, 'store-bench' || i || '@example.com'
      from generate_series(1, 1000) i`);
    await db.execute(sql`insert into orders (account_id, customer_id, number, status, event_date, total_cents)
      select ${accountId}::uuid, (select id from customers where account_id = ${accountId}::uuid
          order by id offset (i % 1000) limit 1),
        i, (array['reserved','confirmed','confirmed','out'])[1 + i % 4],
        date '2027-01-02' + (i % 730), 15000
      from generate_series(1, ${ORDERS}) i`);
    await db.execute(sql`with p as (select id, row_number() over (order by id) as n from products
        where account_id = ${accountId}::uuid),
      o as (select id, number, event_date from orders where account_id = ${accountId}::uuid)
      insert into order_lines (account_id, order_id, description, quantity, unit_price_cents, kind,
        product_id, reserved_from, reserved_until)
      select ${accountId}::uuid, o.id, 'Item', 1, 15000, 'product', p.id,
        (o.event_date + time '09:00') at time zone 'America/Chicago',
        (o.event_date + time '22:00') at time zone 'America/Chicago'
      from o cross join generate_series(1, ${LINES_PER_ORDER}) k
      join p on p.n = 1 + ((o.number * 7919 + k * 104729) % ${PRODUCTS})`);
    await db.execute(sql`analyze`);

    const [customer] = (
      (await db.execute(
        sql`select id from customers where account_id = ${accountId} limit 1`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    const client = await server.signIn(email);
    const results: Record<string, Timing> = {};
    results['primary-key lookup over HTTP (baseline)'] = await measure(async () => {
      const response = await client.get(`/api/customers/${customer?.id}`);
      if (!response.ok) throw new Error(`lookup failed: ${response.status}`);
      await response.arrayBuffer();
    });

    // A shopper (no cookie) asks a category for a party on a day of the busy two years.
    const page = (i: number) => {
      const date = new Date(FIRST_DAY + ((i * 37) % 700) * DAY).toISOString().slice(0, 10);
      const query = new URLSearchParams({ date, start: '12:00', end: '18:00', zip: '78701' });
      return `${server.baseUrl}/s/bench-store/c/category-${1 + (i % CATEGORIES)}?${query}`;
    };
    let offered = 0;
    const firstByte: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const start = performance.now();
      const response = await fetch(page(i));
      const elapsed = performance.now() - start;
      const html = await response.text();
      if (response.status !== 200) throw new Error(`category page answered ${response.status}`);
      if (i >= WARMUP) {
        firstByte.push(elapsed);
        offered += (html.match(/\/p\/product-/g) ?? []).length;
      }
    }
    results['category page with availability, first byte'] = summarize(firstByte);
    console.log(`  (${(offered / RUNS).toFixed(1)} products offered per page on average)`);
    return results;
  } finally {
    await server.close();
  }
}
