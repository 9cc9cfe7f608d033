import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, calls, conversations, customers, memberships } from '../src/db/schema.js';
import type { DeclaredRoute } from '../src/http/route-table.js';
import { createAccountWithUser } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// OWASP API1/API5: every /api route from the route table is called (a) without a session,
// (b) by a user of another account with this account's ids, (c) by a member without the
// route's permission. A new route fails this test until it is described below.

type Ids = { customerId: string; conversationId: string; callId: string };
type Case = {
  /** The route's path with this account's ids filled in. */
  path: (ids: Ids) => string;
  body?: unknown;
  /** The route names a record of the account: another account's user must get 404. */
  namesRecord: boolean;
};

const customer = { firstName: 'Iso', lastName: 'Lation', email: 'iso@example.com' };
const CASES: Record<string, Case> = {
  'GET /api/account': { path: () => '/api/account', namesRecord: false },
  'GET /api/account/teams': { path: () => '/api/account/teams', namesRecord: false },
  'POST /api/account/teams': {
    path: () => '/api/account/teams',
    body: { name: 'Iso Team' },
    namesRecord: false,
  },
  'GET /api/account/stats/cartSessions': {
    path: () => '/api/account/stats/cartSessions',
    namesRecord: false,
  },
  'GET /api/account/stats/newCustomers': {
    path: () => '/api/account/stats/newCustomers',
    namesRecord: false,
  },
  'GET /api/account/stats/orders': { path: () => '/api/account/stats/orders', namesRecord: false },
  'GET /api/account/stats/ytdRevenue': {
    path: () => '/api/account/stats/ytdRevenue',
    namesRecord: false,
  },
  'GET /api/account/stats/recentSales': {
    path: () => '/api/account/stats/recentSales',
    namesRecord: false,
  },
  'GET /api/account/stats/sales': { path: () => '/api/account/stats/sales', namesRecord: false },
  'GET /api/customers': { path: () => '/api/customers', namesRecord: false },
  'POST /api/customers': { path: () => '/api/customers', body: customer, namesRecord: false },
  'GET /api/customers/:id': { path: (i) => `/api/customers/${i.customerId}`, namesRecord: true },
  'PATCH /api/customers/:id': {
    path: (i) => `/api/customers/${i.customerId}`,
    body: { points: 1 },
    namesRecord: true,
  },
  'GET /api/customers/:id/orders': {
    path: (i) => `/api/customers/${i.customerId}/orders`,
    namesRecord: true,
  },
  'GET /api/customers/:id/documents': {
    path: (i) => `/api/customers/${i.customerId}/documents`,
    namesRecord: true,
  },
  'GET /api/customers/:id/phone': {
    path: (i) => `/api/customers/${i.customerId}/phone`,
    namesRecord: true,
  },
  'GET /api/customers/:id/journey': {
    path: (i) => `/api/customers/${i.customerId}/journey`,
    namesRecord: true,
  },
  'GET /api/phone/': { path: () => '/api/phone/', namesRecord: false },
  'GET /api/phone': { path: () => '/api/phone', namesRecord: false },
  'GET /api/phone/voice/token': { path: () => '/api/phone/voice/token', namesRecord: false },
  'GET /api/phone/voice/options': { path: () => '/api/phone/voice/options', namesRecord: false },
  'POST /api/phone/voice/call': {
    path: () => '/api/phone/voice/call',
    body: { phoneNumber: '5550100123' },
    namesRecord: false,
  },
  'GET /api/phone/calls': { path: () => '/api/phone/calls', namesRecord: false },
  'GET /api/phone/calls/:id/voicemail': {
    path: (i) => `/api/phone/calls/${i.callId}/voicemail`,
    namesRecord: true,
  },
  'GET /api/phone/settings': { path: () => '/api/phone/settings', namesRecord: false },
  'POST /api/phone/settings/save': {
    path: () => '/api/phone/settings/save',
    body: {},
    namesRecord: false,
  },
  'GET /api/phone/text': { path: () => '/api/phone/text', namesRecord: false },
  'POST /api/phone/text/create': {
    path: () => '/api/phone/text/create',
    body: { phoneNumber: '5550100123', body: 'hi' },
    namesRecord: false,
  },
  'POST /api/phone/text/:conversationId': {
    path: (i) => `/api/phone/text/${i.conversationId}`,
    body: {},
    namesRecord: true,
  },
  'POST /api/phone/text/:conversationId/sendMessage': {
    path: (i) => `/api/phone/text/${i.conversationId}/sendMessage`,
    body: { body: 'hi' },
    namesRecord: true,
  },
  'GET /api/events': { path: () => '/api/events', namesRecord: false },
};

let server: TestServer;
let ids: Ids;
let outsider: HttpClient;
let nobody: HttpClient;
let guarded: DeclaredRoute[];

beforeAll(async () => {
  server = await startTestServer();
  const [bounce] = await server.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.name, 'Bounce Kingdom Party Rentals'));
  const accountId = bounce?.id as string;
  const [c] = await server.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.accountId, accountId))
    .limit(1);
  const [conversation] = await server.db
    .insert(conversations)
    .values({ accountId, phoneNumber: '+15550100777' })
    .returning({ id: conversations.id });
  const [call] = await server.db
    .insert(calls)
    .values({
      accountId,
      callSid: 'CAisolation00000000000000000000001',
      direction: 'inbound',
      via: 'pstn',
      fromNumber: '+15550100777',
      toNumber: '+15550190100',
      counterpartNumber: '+15550100777',
      status: 'completed',
      startedAt: new Date(),
      voicemailRecordingSid: 'RE1',
      voicemailUrl: 'http://127.0.0.1:9/nowhere',
    })
    .returning({ id: calls.id });
  ids = {
    customerId: c?.id as string,
    conversationId: conversation?.id as string,
    callId: call?.id as string,
  };

  // A user of another account, with every permission there; and a Bounce Kingdom member with none.
  await createAccountWithUser(server.db, {
    name: 'Elsewhere Rentals',
    email: 'outsider@tentpole.test',
  });
  const empty = await createAccountWithUser(server.db, {
    name: 'Nobody Holdings',
    email: 'nobody@tentpole.test',
    roles: [],
  });
  await server.db
    .insert(memberships)
    .values({ accountId, userId: empty.userId, kind: 'member', roles: [] });
  outsider = await server.signIn('outsider@tentpole.test');
  nobody = await server.signIn('nobody@tentpole.test');
  await nobody.updateSession({ accountId });
  guarded = server.routes.declared.filter(
    (r) => !('public' in r.access) && r.path.startsWith('/api/'),
  );
});
afterAll(() => server?.close());

const keyOf = (r: DeclaredRoute) => `${r.method} ${r.path}`;

async function call(client: HttpClient | null, route: DeclaredRoute, c: Case) {
  const init: RequestInit = { method: route.method };
  if (c.body !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(c.body);
  }
  const target = client ?? server.client();
  const response = await target.request(c.path(ids), init);
  // An open event stream never ends: read its status and let it go.
  if (route.path === '/api/events' && response.status === 200) {
    await response.body?.cancel();
    return { status: response.status, text: '' };
  }
  return { status: response.status, text: await response.text() };
}

describe('the tenant isolation matrix', () => {
  it('describes how to call every guarded /api route', () => {
    const undescribed = guarded.map(keyOf).filter((k) => !CASES[k]);
    expect(undescribed, 'describe these routes in CASES').toEqual([]);
  });

  it('answers 401 on every guarded route without a session', async () => {
    for (const route of guarded) {
      const c = CASES[keyOf(route)];
      if (!c) continue;
      const { status } = await call(null, route, c);
      expect(status, keyOf(route)).toBe(401);
    }
  });

  it("answers 404 to another account's user for this account's records, and never shows them", async () => {
    for (const route of guarded) {
      const c = CASES[keyOf(route)];
      if (!c?.namesRecord) continue;
      const { status, text } = await call(outsider, route, c);
      expect(status, keyOf(route)).toBe(404);
      for (const id of Object.values(ids)) expect(text, keyOf(route)).not.toContain(id);
    }
  });

  it('answers 403 to a member without the route’s permission, naming it', async () => {
    for (const route of guarded) {
      const c = CASES[keyOf(route)];
      if (!c || !('permission' in route.access)) continue;
      const { status, text } = await call(nobody, route, c);
      expect(status, keyOf(route)).toBe(403);
      expect(text).toContain(`Missing permission ${route.access.permission}`);
    }
  });
});
