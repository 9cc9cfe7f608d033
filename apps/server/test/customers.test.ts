import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/auth/tables.js';
import { customers } from '../src/features/customers/tables.js';
import { createAccountWithUser, createCustomers, createOrder } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: HttpClient;
let bounceId: string;

type Listed = {
  id: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  email: string;
  lastOrder: unknown;
};
type ListBody = { customers: Listed[]; total: number; page: number; pageSize: number };
type ErrorBody = {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string[]>;
    existingCustomer?: { id: string; name: string };
  };
};

beforeAll(async () => {
  server = await startTestServer({ now: new Date('2026-11-20T15:00:00Z') });
  owner = await server.signIn('owner@tentpole.test');
  const [bounce] = await server.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.name, 'Bounce Kingdom Party Rentals'));
  bounceId = bounce?.id as string;
  await server.db.insert(customers).values({
    accountId: bounceId,
    firstName: 'Zelda',
    lastName: 'Quintero',
    email: 'zelda.q@example.com',
    company: 'Harborview Rotary',
    reference: 'PO-77231',
    phoneNumber: '+15557770199',
  });
});
afterAll(() => server?.close());

const list = async (query: string, client = owner) => {
  const response = await client.get(`/api/customers${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ListBody;
};

/** An account of its own with `count` customers, and its holder signed in. */
async function accountWithCustomers(name: string, count: number) {
  const account = await createAccountWithUser(server.db, {
    name,
    email: `${name.toLowerCase().replaceAll(' ', '-')}@example.com`,
  });
  const made = await createCustomers(server.db, account.accountId, count);
  return { ...account, customers: made, client: await server.signIn(account.email) };
}

describe('GET /api/customers search', () => {
  it('lists every customer of the account, 25 a page, with the total', async () => {
    const { client, customers: made } = await accountWithCustomers('Paging One', 30);
    const body = await list('', client);
    expect(body.total).toBe(made.length);
    expect(body.customers).toHaveLength(25);
    expect(body).toMatchObject({ page: 1, pageSize: 25 });
  });

  it('pages through without repeats', async () => {
    const { client, customers: made } = await accountWithCustomers('Paging Two', 60);
    const first = await list('?pageSize=25&page=1', client);
    const second = await list('?pageSize=25&page=2', client);
    const third = await list('?pageSize=25&page=3', client);
    expect(third.customers).toHaveLength(10);
    const ids = [...first.customers, ...second.customers, ...third.customers].map((c) => c.id);
    expect(ids).toHaveLength(60);
    expect(new Set(ids)).toEqual(new Set(made.map((c) => c.id)));
  });

  it.each(['(555) 010-0123', '5550100123', '+15550100123', '555-010-0123', '1 555 010 0123'])(
    'finds the customer with +15550100123 when the number is typed as %s',
    async (typed) => {
      const body = await list(`?search=${encodeURIComponent(typed)}`);
      expect(body.customers[0]?.phoneNumber).toBe('+15550100123');
      expect(body.total).toBe(1);
    },
  );

  it('finds by part of a phone number', async () => {
    const body = await list('?search=777-0199');
    expect(body.customers.map((c) => c.lastName)).toEqual(['Quintero']);
  });

  it.each([
    ['first name', 'zelda'],
    ['last name', 'QUINTERO'],
    ['full name', 'Zelda Quintero'],
    ['e-mail', 'zelda.q@example.com'],
    ['part of the e-mail', 'zelda.q@'],
    ['company', 'harborview rotary'],
    ['reference', 'PO-77231'],
  ])('finds by %s (%s)', async (_, term) => {
    const body = await list(`?search=${encodeURIComponent(term)}`);
    expect(body.customers[0]?.email).toBe('zelda.q@example.com');
  });

  it('ranks an exact name above customers that only contain the words', async () => {
    const [sample] = await server.db
      .select()
      .from(customers)
      .where(eq(customers.accountId, bounceId))
      .limit(1);
    const body = await list(
      `?search=${encodeURIComponent(`${sample?.firstName} ${sample?.lastName}`)}`,
    );
    expect(`${body.customers[0]?.firstName} ${body.customers[0]?.lastName}`).toBe(
      `${sample?.firstName} ${sample?.lastName}`,
    );
  });

  it('treats LIKE wildcards in the search as plain characters', async () => {
    expect((await list('?search=%25')).total).toBe(0);
    expect((await list('?search=_')).total).toBe(0);
  });

  it('answers an empty list for a search that matches nothing', async () => {
    expect(await list('?search=nobody-like-this')).toMatchObject({ customers: [], total: 0 });
  });

  it("carries each customer's latest order", async () => {
    const { client, accountId, customers: made } = await accountWithCustomers('Latest Order', 2);
    const [withOrders, without] = made;
    const order = (number: number, eventDate: string) =>
      createOrder(server.db, {
        accountId,
        customerId: withOrders?.id as string,
        number,
        eventDate,
      });
    // The latest event is neither the first order made nor the highest number.
    await order(1, '2026-05-01');
    const latest = await order(2, '2026-12-24');
    await order(3, '2026-08-15');
    const body = await list('', client);
    expect(body.customers.find((c) => c.id === withOrders?.id)?.lastOrder).toEqual({
      id: latest.id,
      number: 2,
      status: 'confirmed',
      eventDate: '2026-12-24',
    });
    expect(body.customers.find((c) => c.id === without?.id)?.lastOrder).toBeNull();
  });

  it('rejects bad paging parameters with a 400 naming them', async () => {
    const response = await owner.get('/api/customers?page=0&pageSize=1000');
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(Object.keys(body.error.fields ?? {}).sort()).toEqual(['page', 'pageSize']);
  });

  it("never lists another account's customers", async () => {
    const { client, customers: made } = await accountWithCustomers('Walled Garden', 3);
    const body = await list('?pageSize=100', client);
    expect(body.customers.map((c) => c.id).sort()).toEqual(made.map((c) => c.id).sort());
    expect(body.total).toBe(3);
    expect((await list('?search=zelda', client)).total).toBe(0);
    // And the other way round: the demo owner never sees this account's customers.
    expect((await list(`?search=${encodeURIComponent(made[0]?.email ?? '')}`)).total).toBe(0);
  });
});

describe('creating and editing customers', () => {
  it('creates a customer with the defaults and a normalised phone number', async () => {
    const response = await owner.json('POST', '/api/customers', {
      firstName: 'Nina',
      lastName: 'Okafor',
      email: 'nina.okafor@example.com',
      phoneNumber: '(555) 010-0999',
      company: '',
      unknownField: 'dropped',
    });
    expect(response.status).toBe(201);
    const { customer } = (await response.json()) as { customer: Record<string, unknown> };
    expect(customer).toMatchObject({
      firstName: 'Nina',
      phoneNumber: '+15550100999',
      company: null,
      points: 0,
      banned: false,
      reference: null,
    });
    expect(customer).not.toHaveProperty('unknownField');
    const fetched = await owner.get(`/api/customers/${customer.id}`);
    expect(((await fetched.json()) as { customer: unknown }).customer).toEqual(customer);
  });

  it("rejects an empty form with the spec's messages for First Name, Last Name and Email", async () => {
    const response = await owner.json('POST', '/api/customers', {});
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.fields).toEqual({
      firstName: ['First Name is a required field'],
      lastName: ['Last Name is a required field'],
      email: ['Email is a required field'],
    });
  });

  it("rejects a bad phone number with 'Invalid phone number'", async () => {
    const response = await owner.json('POST', '/api/customers', {
      firstName: 'A',
      lastName: 'B',
      email: 'ab@example.com',
      phoneNumber: '0123 456',
    });
    expect(((await response.json()) as ErrorBody).error.fields).toEqual({
      phoneNumber: ['Invalid phone number'],
    });
  });

  it('answers 409 naming the customer who already has the e-mail (in any case)', async () => {
    const response = await owner.json('POST', '/api/customers', {
      firstName: 'Z',
      lastName: 'Q',
      email: 'ZELDA.Q@example.com',
    });
    expect(response.status).toBe(409);
    const body = (await response.json()) as ErrorBody;
    expect(body.error).toMatchObject({
      code: 'conflict',
      message: 'Zelda Quintero already has this e-mail address.',
      fields: { email: ['Zelda Quintero already has this e-mail address.'] },
      existingCustomer: { id: expect.any(String), name: 'Zelda Quintero' },
    });
  });

  it('answers 409 naming the customer who already has the phone number, however it is typed', async () => {
    const response = await owner.json('POST', '/api/customers', {
      firstName: 'Z',
      lastName: 'Q',
      email: 'other@example.com',
      phoneNumber: '555.777.0199',
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as ErrorBody).error.message).toBe(
      'Zelda Quintero already has this phone number.',
    );
  });

  it('updates only the fields sent, and keeps a customer free to keep their own e-mail', async () => {
    const {
      customers: [zelda],
    } = await list('?search=zelda');
    const response = await owner.json('PATCH', `/api/customers/${zelda?.id}`, {
      email: 'zelda.q@example.com',
      points: 120,
      banned: true,
      internalNotes: 'Damaged a slide',
    });
    expect(response.status).toBe(200);
    const { customer } = (await response.json()) as { customer: Record<string, unknown> };
    expect(customer).toMatchObject({
      firstName: 'Zelda',
      points: 120,
      banned: true,
      internalNotes: 'Damaged a slide',
      phoneNumber: '+15557770199',
    });
  });

  it('refuses to blank a required field on update', async () => {
    const {
      customers: [zelda],
    } = await list('?search=zelda');
    const response = await owner.json('PATCH', `/api/customers/${zelda?.id}`, { firstName: '  ' });
    expect(((await response.json()) as ErrorBody).error.fields).toEqual({
      firstName: ['First Name is a required field'],
    });
  });

  it('answers 403 to staff without customer.write, and 404 across accounts', async () => {
    const staff = await server.signIn('staff@tentpole.test');
    const create = await staff.json('POST', '/api/customers', {
      firstName: 'A',
      lastName: 'B',
      email: 'x@example.com',
    });
    expect(create.status).toBe(403);
    expect(((await create.json()) as ErrorBody).error.message).toBe(
      'Missing permission customer.write',
    );
    const {
      customers: [zelda],
    } = await list('?search=zelda');
    expect((await staff.json('PATCH', `/api/customers/${zelda?.id}`, { points: 1 })).status).toBe(
      403,
    );

    const other = await server.signIn('owner@tentpole.test');
    const [sunshine] = await server.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.name, 'Sunshine Tents & Events'));
    await other.updateSession({ accountId: sunshine?.id });
    expect((await other.json('PATCH', `/api/customers/${zelda?.id}`, { points: 1 })).status).toBe(
      404,
    );
  });
});

describe("a customer's orders, documents, phone and journey", () => {
  async function busiestCustomer() {
    const body = await list('?pageSize=100');
    for (const c of body.customers) {
      const orders = (await (await owner.get(`/api/customers/${c.id}/orders`)).json()) as {
        orders: { status: string }[];
      };
      if (orders.orders.some((o) => o.status === 'completed')) return c.id;
    }
    throw new Error('no customer with a completed order');
  }

  it('lists orders newest event first, with lines and what was paid', async () => {
    const id = await busiestCustomer();
    const { orders } = (await (await owner.get(`/api/customers/${id}/orders`)).json()) as {
      orders: {
        eventDate: string;
        status: string;
        totalCents: number;
        paidCents: number;
        lines: { description: string; quantity: number; unitPriceCents: number }[];
      }[];
    };
    const dates = orders.map((o) => o.eventDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const completed = orders.find((o) => o.status === 'completed');
    expect(completed?.paidCents).toBe(completed?.totalCents);
    const lineTotal = completed?.lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);
    expect(lineTotal).toBe(completed?.totalCents);
  });

  it('lists documents newest first with their order number', async () => {
    const id = await busiestCustomer();
    const { documents } = (await (await owner.get(`/api/customers/${id}/documents`)).json()) as {
      documents: { kind: string; orderNumber: number | null; createdAt: string }[];
    };
    expect(documents.map((d) => d.kind)).toEqual(
      expect.arrayContaining(['quote', 'invoice', 'contract']),
    );
    expect(documents.every((d) => typeof d.orderNumber === 'number')).toBe(true);
    const times = documents.map((d) => d.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('answers the phone history whole: calls and texts (none for this customer)', async () => {
    const id = await busiestCustomer();
    expect(await (await owner.get(`/api/customers/${id}/phone`)).json()).toEqual({
      calls: [],
      messages: [],
    });
  });

  it('merges the journey into one timeline, newest first, from creation to payments', async () => {
    const id = await busiestCustomer();
    const { journey } = (await (await owner.get(`/api/customers/${id}/journey`)).json()) as {
      journey: { kind: string; title: string; occurredAt: string }[];
    };
    const kinds = new Set(journey.map((j) => j.kind));
    for (const kind of ['created', 'order', 'payment', 'document']) expect(kinds).toContain(kind);
    expect(journey.at(-1)?.kind === 'created' || journey.some((j) => j.kind === 'created')).toBe(
      true,
    );
    const times = journey.map((j) => j.occurredAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(journey.find((j) => j.kind === 'payment')?.title).toMatch(/^Paid \$[\d,]+\.\d{2}$/);
  });

  it.each(['orders', 'documents', 'phone', 'journey'])(
    "answers 404 for another account's customer's %s",
    async (part) => {
      const {
        customers: [zelda],
      } = await list('?search=zelda');
      const sunny = await server.signIn('owner@tentpole.test');
      const [sunshine] = await server.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.name, 'Sunshine Tents & Events'));
      await sunny.updateSession({ accountId: sunshine?.id });
      expect((await sunny.get(`/api/customers/${zelda?.id}/${part}`)).status).toBe(404);
    },
  );
});
