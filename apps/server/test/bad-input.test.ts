import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/auth/tables.js';
import { customers } from '../src/features/customers/tables.js';
import { calls } from '../src/features/phone/tables.js';
import type { HttpClient } from './helpers/http-client.js';
import { CASES } from './helpers/route-cases.js';
import { signedWebhook } from './helpers/signed-webhook.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: HttpClient;
let customerId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.signIn('owner@tentpole.test');
  const [bounce] = await server.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.name, 'Bounce Kingdom Party Rentals'));
  const [c] = await server.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.accountId, bounce?.id as string))
    .limit(1);
  customerId = c?.id as string;
});
afterAll(() => server?.close());

const errorShape = (status: number, text: string) => {
  if (status < 400) return true;
  const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
  return typeof body.error?.code === 'string' && typeof body.error.message === 'string';
};

async function send(method: string, path: string, body?: string) {
  const response = await owner.request(path, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body }),
  });
  if (path.startsWith('/api/events') && response.status === 200) {
    await response.body?.cancel();
    return { status: 200, text: '' };
  }
  return { status: response.status, text: await response.text() };
}

const routes = Object.keys(CASES).map((key) => {
  const [method = 'GET', path = ''] = key.split(' ');
  return { method, path };
});
const fillIds = (path: string, id: string) => path.replace(/:[a-zA-Z]+/g, encodeURIComponent(id));
const RUNS = 12;

describe('bad input on every route (fast-check)', () => {
  // Its siblings' limit: alone it takes about 7 s, on a loaded 2-core machine it passed 30 s.
  it('never answers 500 to generated JSON bodies, and every 4xx has { error: { code, message } }', {
    timeout: 180_000,
  }, async () => {
    for (const { method, path } of routes.filter((r) => r.method !== 'GET')) {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue(), async (value) => {
          const { status, text } = await send(
            method,
            fillIds(path, customerId),
            JSON.stringify(value),
          );
          expect(status, `${method} ${path} ${JSON.stringify(value)}`).toBeLessThan(500);
          expect(errorShape(status, text), `${method} ${path}`).toBe(true);
        }),
        { numRuns: RUNS },
      );
    }
  });

  // Every GET route, a dozen runs each: the reports alone are twenty routes of real SQL, and the
  // store, team, driver and Reach routes came since (over a hundred GETs).
  it('never answers 500 to generated query strings', { timeout: 300_000 }, async () => {
    for (const { method, path } of routes.filter((r) => r.method === 'GET')) {
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 300 })),
          async (query) => {
            const { status, text } = await send(
              method,
              `${fillIds(path, customerId)}?${new URLSearchParams(query)}`,
            );
            expect(status, `${method} ${path}?${new URLSearchParams(query)}`).toBeLessThan(500);
            expect(errorShape(status, text)).toBe(true);
          },
        ),
        { numRuns: RUNS },
      );
    }
  });

  it('answers 404, never 500, to generated path ids', { timeout: 180_000 }, async () => {
    for (const { method, path } of routes.filter((r) => r.path.includes(':'))) {
      await fc.assert(
        fc.asyncProperty(
          fc
            .string({ minLength: 1, maxLength: 60 })
            .filter((s) => !/[/?#%]/.test(s) && s.trim() !== '' && s !== '.' && s !== '..'),
          async (id) => {
            const body = method === 'GET' ? undefined : '{}';
            const { status, text } = await send(method, fillIds(path, id), body);
            expect([400, 404], `${method} ${path} with id ${JSON.stringify(id)}`).toContain(status);
            expect(errorShape(status, text)).toBe(true);
          },
        ),
        { numRuns: RUNS },
      );
    }
  });

  it('answers malformed JSON with a 400 on every route that reads a body', async () => {
    for (const { method, path } of routes.filter(
      (r) => r.method !== 'GET' && CASES[`${r.method} ${r.path}`]?.body !== undefined,
    )) {
      const { status, text } = await send(method, fillIds(path, customerId), '{"oops": ');
      if (path === '/api/phone/text/:conversationId') continue; // an optional body: a bad one is ignored
      expect([400, 404], `${method} ${path}`).toContain(status);
      expect(errorShape(status, text)).toBe(true);
    }
  });
});

describe('carrier webhooks with a bad signature', () => {
  it('refuse a replayed signature on a different body, and store nothing', async () => {
    const genuine = {
      CallSid: 'CAreplay0000000000000000000000001',
      From: '+15550100123',
      To: '+15550190100',
    };
    const forged = { ...genuine, CallSid: 'CAreplay0000000000000000000000002' };
    const response = await signedWebhook(server, {
      provider: 'twilio',
      path: 'voice',
      params: forged,
      signedParams: genuine,
    });
    expect(response.status).toBe(403);
    expect(await server.db.select().from(calls).where(eq(calls.callSid, forged.CallSid))).toEqual(
      [],
    );
  });
});
