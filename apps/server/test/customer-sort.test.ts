import { CUSTOMER_SORT_COLUMNS, type CustomerSortColumn } from '@tentpole/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/auth/tables.js';
import { customers } from '../src/features/customers/tables.js';
import { orders } from '../src/features/orders/tables.js';
import { createAccountWithUser } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

type Listed = { id: string; lastName: string; points: number };
type ListBody = { customers: Listed[]; total: number };

// Every customer below carries this in its reference, so a search finds exactly them.
const TOKEN = 'zqsortcase';

// Four customers whose every column orders them differently (and some without a company,
// phone or order, which sort last ascending and first descending).
const ROWS = [
  {
    lastName: 'Adams',
    company: 'Delta Tents',
    email: 'c@sort.test',
    phone: '+15550000003',
    points: 40,
    lastOrder: null,
  },
  {
    lastName: 'Baker',
    company: null,
    email: 'a@sort.test',
    phone: null,
    points: 10,
    lastOrder: '2026-03-01',
  },
  {
    lastName: 'Chen',
    company: 'alpha Events',
    email: 'd@sort.test',
    phone: '+15550000001',
    points: 30,
    lastOrder: '2026-01-15',
  },
  {
    lastName: 'Diaz',
    company: 'Bravo Rentals',
    email: 'B@sort.test',
    phone: '+15550000002',
    points: 20,
    lastOrder: null,
  },
] as const;

/** Each column's ascending order of ROWS, by last name. */
const ASCENDING: Record<CustomerSortColumn, string[]> = {
  name: ['Adams', 'Baker', 'Chen', 'Diaz'],
  company: ['Chen', 'Diaz', 'Adams', 'Baker'],
  email: ['Baker', 'Diaz', 'Adams', 'Chen'],
  phone: ['Chen', 'Diaz', 'Adams', 'Baker'],
  points: ['Baker', 'Diaz', 'Chen', 'Adams'],
  lastOrder: ['Chen', 'Baker', 'Adams', 'Diaz'],
};

let server: TestServer;
let owner: HttpClient;
let otherAccountCustomerId: string;

beforeAll(async () => {
  server = await startTestServer({ now: new Date('2026-11-20T15:00:00Z') });
  owner = await server.signIn('owner@tentpole.test');
  const [bounce] = await server.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.name, 'Bounce Kingdom Party Rentals'));
  if (!bounce) throw new Error('the demo account is missing');

  let orderNumber = 900_000;
  for (const row of ROWS) {
    const [customer] = await server.db
      .insert(customers)
      .values({
        accountId: bounce.id,
        firstName: 'Sort',
        lastName: row.lastName,
        email: row.email,
        company: row.company,
        phoneNumber: row.phone,
        points: row.points,
        reference: TOKEN,
      })
      .returning({ id: customers.id });
    if (customer && row.lastOrder) {
      await server.db.insert(orders).values({
        accountId: bounce.id,
        customerId: customer.id,
        number: orderNumber++,
        status: 'confirmed',
        eventDate: row.lastOrder,
        totalCents: 10_000,
      });
    }
  }

  // Another account's customer that would come first (or last) in every order.
  const other = await createAccountWithUser(server.db, {
    name: 'Other Sort Rentals',
    email: 'other-sort@tentpole.test',
  });
  const [stranger] = await server.db
    .insert(customers)
    .values({
      accountId: other.accountId,
      firstName: 'Aaron',
      lastName: 'Aardvark',
      email: '0@sort.test',
      company: '0 Company',
      phoneNumber: '+15550000000',
      points: 1_000_000,
      reference: TOKEN,
    })
    .returning({ id: customers.id });
  otherAccountCustomerId = stranger?.id as string;
});
afterAll(() => server?.close());

const list = async (query: string) => {
  const response = await owner.get(`/api/customers?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ListBody;
};

describe('GET /api/customers sort and order', () => {
  describe.each(CUSTOMER_SORT_COLUMNS)('sort=%s', (sort) => {
    it('orders ascending', async () => {
      const body = await list(`search=${TOKEN}&sort=${sort}&order=asc`);
      expect(body.customers.map((c) => c.lastName)).toEqual(ASCENDING[sort]);
    });

    it('orders descending, the ascending order reversed', async () => {
      const body = await list(`search=${TOKEN}&sort=${sort}&order=desc`);
      expect(body.customers.map((c) => c.lastName)).toEqual([...ASCENDING[sort]].reverse());
    });

    it.each(['asc', 'desc'])(
      "never lists another account's customers, across the whole list (%s)",
      async (order) => {
        const pages = await Promise.all(
          [1, 2, 3].map((page) => list(`sort=${sort}&order=${order}&pageSize=100&page=${page}`)),
        );
        const ids = pages.flatMap((page) => page.customers.map((c) => c.id));
        // The 250 demo customers and the four above.
        expect(pages[0]?.total).toBe(254);
        expect(ids).toHaveLength(254);
        expect(new Set(ids).size).toBe(254);
        expect(ids).not.toContain(otherAccountCustomerId);
      },
    );
  });

  it('sorts numbers as numbers over the whole account (points, descending)', async () => {
    const body = await list('sort=points&order=desc&pageSize=100');
    const points = body.customers.map((c) => c.points);
    expect(points).toEqual([...points].sort((a, b) => b - a));
  });

  it('keeps the best match first when searching without a sort', async () => {
    const body = await list(`search=${encodeURIComponent('d@sort.test')}`);
    expect(body.customers[0]?.lastName).toBe('Chen');
  });

  it.each(['sort=created', 'sort=name&order=sideways'])('rejects %s with 400', async (query) => {
    const response = await owner.get(`/api/customers?${query}`);
    expect(response.status).toBe(400);
  });
});
