// Availability on a large account (issue 16), PostgreSQL: 2,000 products and 200,000 order
// lines of holding orders over two years. GET /api/availability for 20 items against a
// primary-key lookup in the same run (both over HTTP on loopback, the real app); then the
// write path (lock, re-check, write lines, move to reserved) from 20 connections at once.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.js';
import { UnavailableError, writeHoldingLines } from '../src/features/orders/reservations.js';
import { createAccountWithUser } from '../test/helpers/fixtures.js';
import { startTestServer } from '../test/helpers/test-server.js';
import { seedHoldingAccount } from './holding-orders.js';
import { measure, measureConcurrent, type Timing } from './measure.js';

const PRODUCTS = 2_000;
const ORDERS = 40_000;
const LINES_PER_ORDER = 5; // 200,000 holding lines
const DAY = 86_400_000;
const START = Date.parse('2026-01-03T16:00:00Z'); // a Saturday, 10:00 in Chicago

export async function benchAvailability(
  databaseUrl: string,
): Promise<{ results: Record<string, Timing & { perSecond?: number }>; errors: number }> {
  process.env.DATABASE_URL = databaseUrl;
  const server = await startTestServer({ seed: false, now: new Date(START) });
  delete process.env.DATABASE_URL;
  const writer = await openDatabase({ databaseUrl: server.databaseUrl as string, poolSize: 20 });
  try {
    const { accountId, email } = await createAccountWithUser(server.db, {
      name: 'Availability Bench Rentals',
      email: 'availability-bench@tentpole.test',
      settings: { timezone: 'America/Chicago', currency: 'USD' },
    });
    const db = server.db;
    await seedHoldingAccount(db, accountId, {
      name: 'bench',
      products: PRODUCTS,
      quantity: 400,
      priceCents: 10_000,
      buffers: { before: 60, after: 60, recovery: 120 },
      orders: ORDERS,
      linesPerOrder: LINES_PER_ORDER,
      varyQuantity: true,
      firstDay: '2026-01-03',
    });

    const productIds = (
      (await db.execute(
        sql`select id from products where account_id = ${accountId} order by id`,
      )) as unknown as { rows: { id: string }[] }
    ).rows.map((r) => r.id);
    const [customer] = (
      (await db.execute(
        sql`select id from customers where account_id = ${accountId} limit 1`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    const client = await server.signIn(email);
    const ok = async (response: Response) => {
      if (!response.ok) throw new Error(`bench request failed: ${response.status}`);
      await response.arrayBuffer();
    };
    const pick = (i: number, k: number) => productIds[(i * 31 + k * 97) % productIds.length];
    const window = (i: number) => {
      const start = START + ((i * 37) % 700) * DAY;
      return {
        start: new Date(start).toISOString(),
        end: new Date(start + 8 * 3_600_000).toISOString(),
      };
    };

    const results: Record<string, Timing & { perSecond?: number }> = {};
    results['primary-key lookup (baseline)'] = await measure(async () => {
      await ok(await client.get(`/api/customers/${customer?.id}`));
    });
    results['availability, 20 items'] = await measure(async (i) => {
      const { start, end } = window(i);
      const items = Array.from({ length: 20 }, (_, k) => `${pick(i, k)}:2`).join(',');
      await ok(await client.get(`/api/availability?start=${start}&end=${end}&items=${items}`));
    });

    // The write path: a quote becomes reserved with three lines, 20 connections at once.
    let errors = 0;
    let shortages = 0;
    const orderIds = (
      (await writer.db.execute(sql`insert into orders (account_id, customer_id, number, status, event_date, total_cents)
        select ${accountId}::uuid, ${customer?.id}::uuid, 100000 + i, 'quote', date '2026-07-04', 0
        from generate_series(1, 2000) i returning id`)) as unknown as { rows: { id: string }[] }
    ).rows.map((r) => r.id);
    results['reserve transition (20 connections)'] = await measureConcurrent(
      async (i) => {
        const start = START + ((i * 53) % 700) * DAY;
        try {
          await writeHoldingLines(
            writer.db,
            accountId,
            orderIds[i] as string,
            {
              times: { eventStart: start, eventEnd: start + 8 * 3_600_000 },
              lines: [0, 1, 2].map((k) => ({
                productId: pick(i, k) as string,
                quantity: 1,
                description: 'Item',
                unitPriceCents: 10000,
              })),
              status: 'reserved',
            },
            new Date(START),
          );
        } catch (error) {
          if (error instanceof UnavailableError) shortages++;
          else errors++;
        }
      },
      { total: orderIds.length, concurrency: 20 },
    );
    if (shortages > 0) console.log(`  (${shortages} reservations were short of stock: 409s)`);
    return { results, errors };
  } finally {
    await writer.close();
    await server.close();
  }
}
