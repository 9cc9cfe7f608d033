// The store's category page on a large account (issue 20: "first byte p95 ≤ 50 ms for a
// category page with availability on PostgreSQL"): 300 products in 12 categories and 120,000
// holding order lines over two years. A shopper's GET /s/{slug}/c/{category} for a party
// (date, hours, ZIP) answers the products free for it with their prices; timed to its first
// byte (the response's headers), against a primary-key lookup over HTTP in the same run.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createAccountWithUser } from '../test/helpers/fixtures.js';
import { startTestServer } from '../test/helpers/test-server.js';
import { seedHoldingAccount } from './holding-orders.js';
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
    await seedHoldingAccount(db, accountId, {
      name: 'store-bench',
      products: PRODUCTS,
      categories: CATEGORIES,
      quantity: 4,
      priceCents: 15_000,
      orders: ORDERS,
      linesPerOrder: LINES_PER_ORDER,
      firstDay: '2027-01-02',
    });

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
