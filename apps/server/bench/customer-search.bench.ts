// Customer search on a large account (issue 4): p50/p95 server time of a search over 100,000
// customers, next to a primary-key lookup measured in the same run, on the embedded database
// and on PostgreSQL. Times are over HTTP on loopback against the real app.
import { sql } from 'drizzle-orm';
import { createAccountWithUser } from '../test/helpers/fixtures.js';
import { startTestServer } from '../test/helpers/test-server.js';
import { measure, type Timing } from './measure.js';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const SEARCHES = [
  'smith',
  'olivia garcia',
  '(555) 004-2424',
  '5550077',
  'REF-4242',
  'harbor 77',
  'c91234@example',
];

export async function benchCustomerSearch(): Promise<Record<string, Timing>> {
  const server = await startTestServer({ seed: false });
  try {
    const { accountId, email } = await createAccountWithUser(server.db, {
      name: 'Bench Rentals',
      email: 'bench@tentpole.test',
    });
    await server.db.execute(sql`
      insert into customers (account_id, first_name, last_name, email, phone_number, company, reference)
      select ${accountId}::uuid,
        (array['Olivia','Liam','Emma','Noah','Ava','Elijah','Sophia','James','Mia','Lucas'])[1 + i % 10],
        (array['Smith','Johnson','Garcia','Brown','Jones','Miller','Davis','Lopez','Wilson','Moore','Taylor','Lee'])[1 + (i / 10) % 12] || (i % 97)::text,
        'c' || i || '@example.com',
        '+1555' || lpad(i::text, 7, '0'),
        case when i % 4 = 0 then 'Harbor ' || (i % 997) end,
        case when i % 5 = 0 then 'REF-' || i end
      from generate_series(1, ${CUSTOMERS}) as i`);
    await server.db.execute(sql`analyze customers`);
    const [one] = await server.db
      .execute(sql`select id from customers where account_id = ${accountId} limit 1`)
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
    const client = await server.signIn(email);
    const expectOk = (response: Response) => {
      if (!response.ok) throw new Error(`bench request failed: ${response.status}`);
      return response.arrayBuffer();
    };
    const results: Record<string, Timing> = {};
    results['primary-key lookup (baseline)'] = await measure(async () => {
      await expectOk(await client.get(`/api/customers/${one?.id}`));
    });
    results['search (mixed terms)'] = await measure(async (i) => {
      await expectOk(
        await client.get(
          `/api/customers?search=${encodeURIComponent(SEARCHES[i % SEARCHES.length] ?? '')}`,
        ),
      );
    });
    results['search by phone number'] = await measure(async (i) => {
      await expectOk(
        await client.get(
          `/api/customers?search=${encodeURIComponent(`(555) 00${i % 10}-${String(1000 + i).slice(-4)}`)}`,
        ),
      );
    });
    results['list, page 200'] = await measure(async () => {
      await expectOk(await client.get('/api/customers?page=200'));
    });
    return results;
  } finally {
    await server.close();
  }
}
