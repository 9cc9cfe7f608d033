import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/password.js';
import { accounts, memberships, users } from '../src/auth/tables.js';
import { customers } from '../src/features/customers/tables.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let bounceCustomerId: string;
let sunshineCustomerId: string;

beforeAll(async () => {
  server = await startTestServer();
  const byAccount = async (name: string) => {
    const [row] = await server.db
      .select({ id: customers.id })
      .from(customers)
      .innerJoin(accounts, eq(accounts.id, customers.accountId))
      .where(eq(accounts.name, name))
      .limit(1);
    return row?.id as string;
  };
  bounceCustomerId = await byAccount('Bounce Kingdom Party Rentals');
  sunshineCustomerId = await byAccount('Sunshine Tents & Events');

  // A user of Sunshine only, and a Bounce Kingdom member with no permissions at all.
  const [sunshine] = await server.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.name, 'Sunshine Tents & Events'));
  const [bounce] = await server.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.name, 'Bounce Kingdom Party Rentals'));
  const passwordHash = await hashPassword('tentpole-demo');
  const [sunny, nobody] = await server.db
    .insert(users)
    .values([
      { email: 'sunny@tentpole.test', name: 'Sunny Only', passwordHash },
      { email: 'nobody@tentpole.test', name: 'No Permissions', passwordHash },
    ])
    .returning({ id: users.id });
  await server.db.insert(memberships).values([
    {
      accountId: sunshine?.id as string,
      userId: sunny?.id as string,
      kind: 'holder',
      roles: ['tentpole:*'],
    },
    { accountId: bounce?.id as string, userId: nobody?.id as string, kind: 'member', roles: [] },
  ]);
});
afterAll(() => server?.close());

type ErrorBody = { error: { code: string; message: string } };

describe('access to /api routes', () => {
  it.each([
    '/api/account',
    '/api/account/teams',
    `/api/customers/00000000-0000-4000-8000-000000000000`,
  ])('answers 401 with a JSON error on %s without a session', async (path) => {
    const response = await server.client().get(path);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: 'unauthenticated', message: 'Sign in to continue.' },
    });
  });

  it("gives a user their own account's customer", async () => {
    const owner = await server.signIn('owner@tentpole.test');
    const response = await owner.get(`/api/customers/${bounceCustomerId}`);
    expect(response.status).toBe(200);
    const { customer } = (await response.json()) as { customer: Record<string, unknown> };
    expect(customer.id).toBe(bounceCustomerId);
    expect(Object.keys(customer).sort()).toEqual([
      'banned',
      'company',
      'createdAt',
      'email',
      'firstName',
      'id',
      'internalNotes',
      'lastName',
      'phoneNumber',
      'points',
      'reference',
    ]);
  });

  it("answers 404 for another account's customer, with no data", async () => {
    const sunny = await server.signIn('sunny@tentpole.test');
    const response = await sunny.get(`/api/customers/${bounceCustomerId}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'Customer not found' },
    });
    // Their own account's customer is fine.
    expect((await sunny.get(`/api/customers/${sunshineCustomerId}`)).status).toBe(200);
  });

  it('scopes by the active account: the owner on Bounce Kingdom does not see Sunshine customers', async () => {
    const owner = await server.signIn('owner@tentpole.test');
    expect((await owner.get(`/api/customers/${sunshineCustomerId}`)).status).toBe(404);
  });

  it('answers 404, not 500, for an id that is not a uuid', async () => {
    const owner = await server.signIn('owner@tentpole.test');
    expect((await owner.get('/api/customers/1%27%20or%201=1')).status).toBe(404);
  });

  it('answers 403 naming the missing permission', async () => {
    const nobody = await server.signIn('nobody@tentpole.test');
    const response = await nobody.get(`/api/customers/${bounceCustomerId}`);
    expect(response.status).toBe(403);
    expect(((await response.json()) as ErrorBody).error).toEqual({
      code: 'forbidden',
      message: 'Missing permission customer.read',
    });
  });

  it('answers 404 JSON for an unknown /api route', async () => {
    const response = await server.client().get('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorBody).error.code).toBe('not_found');
  });

  it('answers 413 for a body over 1 MB', async () => {
    // On its own connection: the server answers before reading the rest and closes it.
    const { status, body } = await new Promise<{ status: number; body: string }>(
      (resolve, reject) => {
        const request = http.request(`${server.baseUrl}/api/auth/_log`, {
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        let answered = false;
        request.on('response', (response) => {
          answered = true;
          let text = '';
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        });
        // Writing the rest after the server has answered and closed may fail; that's expected.
        request.on('error', (error) => {
          if (!answered) reject(error);
        });
        request.end(`message=${'x'.repeat(1024 * 1024 + 1)}`);
      },
    );
    expect(status).toBe(413);
    expect((JSON.parse(body) as ErrorBody).error.code).toBe('payload_too_large');
  });
});

describe('account endpoints', () => {
  it('GET /api/account answers settings and plan.level of the active account', async () => {
    const owner = await server.signIn('owner@tentpole.test');
    const body = await (await owner.get('/api/account')).json();
    expect(body).toEqual({
      settings: {
        timezone: 'America/Chicago',
        currency: 'USD',
        orders: { deposit: { mode: 'percent', percentBps: 2500, minimum: 5000 } },
        payments: {
          autopay: { enabled: true, daysBefore: 3 },
          securityDepositHold: { enabled: true, daysBefore: 2 },
        },
        messaging: {
          quietHours: { start: '21:00', end: '08:00' },
          reviewLink: 'https://g.page/r/bounce-kingdom-party-rentals/review',
        },
      },
      plan: { level: 'pro' },
    });
  });

  it('GET /api/account/teams answers organizations: held and joined accounts with their plans', async () => {
    const owner = await server.signIn('owner@tentpole.test');
    const body = (await (await owner.get('/api/account/teams')).json()) as {
      organizations: Record<
        string,
        { name: string; plan: string; logo: string | null; id: string }[]
      >;
    };
    expect(body.organizations).toEqual({
      held: [
        { id: expect.any(String), name: 'Bounce Kingdom Party Rentals', logo: null, plan: 'pro' },
      ],
      joined: [
        { id: expect.any(String), name: 'Sunshine Tents & Events', logo: null, plan: 'free' },
      ],
    });
  });

  it('lists only the accounts a member belongs to', async () => {
    const staff = await server.signIn('staff@tentpole.test');
    const body = (await (await staff.get('/api/account/teams')).json()) as {
      organizations: Record<string, { name: string }[]>;
    };
    expect(
      Object.values(body.organizations)
        .flat()
        .map((t) => t.name),
    ).toEqual(['Bounce Kingdom Party Rentals']);
  });
});
