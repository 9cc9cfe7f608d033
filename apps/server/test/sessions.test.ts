import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../src/auth/password.js';
import { authSessions, memberships, users } from '../src/auth/tables.js';
import { createAccountWithUser } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 14 item 2: signing out, a password change, removing or suspending a member end the
// session everywhere at once; a session has an absolute lifetime; open streams close.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server?.close());

let sequence = 0;
async function signedInUser() {
  sequence += 1;
  const email = `session-${sequence}-${Date.now()}@example.com`;
  const fixture = await createAccountWithUser(server.db, { name: `Sessions ${sequence}`, email });
  const client = await server.signIn(email);
  return { ...fixture, client };
}

const cookieHeader = (client: HttpClient) =>
  [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** A request made with a saved cookie header, as a replayed (stolen or old) cookie would be. */
const replay = (cookie: string, path: string) =>
  fetch(`${server.baseUrl}${path}`, { headers: { cookie } });

/** Waits (briefly: the notice is sent at commit) until the request is refused. */
async function refusedSoon(cookie: string, path = '/api/customers') {
  await vi.waitFor(async () => expect((await replay(cookie, path)).status).toBe(401), {
    timeout: 3_000,
    interval: 20,
  });
}

async function sessionEndpoint(cookie: string) {
  const response = await replay(cookie, '/api/auth/session');
  const setCookies = response.headers.getSetCookie();
  return { body: await response.json(), setCookies };
}

describe('a session that ends', () => {
  it('ends on sign-out: the replayed cookie gets 401 and the session endpoint no user', async () => {
    const { client } = await signedInUser();
    const cookie = cookieHeader(client);
    expect((await replay(cookie, '/api/customers')).status).toBe(200);
    const signedOut = await client.signOut();
    expect(signedOut.ok).toBe(true);

    await refusedSoon(cookie);
    const { body, setCookies } = await sessionEndpoint(cookie);
    expect(body).toBeNull();
    // No session cookie is issued again: at most one that deletes it.
    for (const line of setCookies.filter((l) => l.includes('session-token'))) {
      expect(line).toMatch(/session-token=;/);
    }
  });

  it('ends on a password change, wherever it is made', async () => {
    const { client, userId } = await signedInUser();
    const cookie = cookieHeader(client);
    await server.db
      .update(users)
      .set({ passwordHash: await hashPassword('a new password for this user') })
      .where(eq(users.id, userId));
    await refusedSoon(cookie);
    expect((await sessionEndpoint(cookie)).body).toBeNull();
  });

  it('ends when the member is removed, and when suspended', async () => {
    const removed = await signedInUser();
    const removedCookie = cookieHeader(removed.client);
    await server.db.delete(memberships).where(eq(memberships.userId, removed.userId));
    await refusedSoon(removedCookie);

    const suspended = await signedInUser();
    const suspendedCookie = cookieHeader(suspended.client);
    await server.db
      .update(memberships)
      .set({ suspendedAt: new Date() })
      .where(eq(memberships.userId, suspended.userId));
    await refusedSoon(suspendedCookie);
    // Signing in again does not get a suspended member back in.
    const again = server.client();
    await again.signIn(suspended.email, 'tentpole-demo');
    expect((await again.get('/api/customers')).status).toBe(401);
  });

  it('closes an open /api/events stream of the session that ends', async () => {
    const { client } = await signedInUser();
    const cookie = cookieHeader(client);
    const stream = await fetch(`${server.baseUrl}/api/events`, { headers: { cookie } });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const ended = (async () => {
      for (;;) if ((await reader.read()).done) return true;
    })();
    await client.signOut();
    await expect(
      Promise.race([ended, new Promise((resolve) => setTimeout(() => resolve(false), 5_000))]),
    ).resolves.toBe(true);
  });

  it('has an absolute lifetime that a rolling refresh does not extend', async () => {
    const { client, userId } = await signedInUser();
    const cookie = cookieHeader(client);
    await server.db
      .update(authSessions)
      .set({ expiresAt: sql`now() + interval '1.5 seconds'` })
      .where(eq(authSessions.userId, userId));
    // Still open: it answers, and the session endpoint rolls the cookie forward.
    await vi.waitFor(async () => expect((await replay(cookie, '/api/customers')).status).toBe(200));
    const refreshed = await sessionEndpoint(cookie);
    expect(refreshed.body).not.toBeNull();
    expect(refreshed.setCookies.some((l) => /session-token=[^;]+/.test(l))).toBe(true);
    const [row] = await server.db
      .select({ expiresAt: authSessions.expiresAt })
      .from(authSessions)
      .where(eq(authSessions.userId, userId));
    expect(row?.expiresAt.getTime()).toBeLessThan(Date.now() + 2_000);

    await refusedSoon(cookie);
    expect((await sessionEndpoint(cookie)).body).toBeNull();
  });

  it('records a session per sign-in, so signing out one device keeps the other', async () => {
    const { email, userId } = await signedInUser();
    const laptop = await server.signIn(email);
    const phone = await server.signIn(email);
    await phone.signOut();
    await refusedSoon(cookieHeader(phone));
    expect((await laptop.get('/api/customers')).status).toBe(200);
    const open = await server.db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(and(eq(authSessions.userId, userId), sql`${authSessions.revokedAt} is null`));
    expect(open).toHaveLength(2);
  });
});

describe('the cached session follows every change at once', () => {
  it('takes a removed permission away on the next requests', async () => {
    const { client, userId } = await signedInUser();
    expect((await client.get('/api/customers')).status).toBe(200);
    await server.db
      .update(memberships)
      .set({ roles: ['tentpole:phone.read'] })
      .where(eq(memberships.userId, userId));
    await vi.waitFor(async () => expect((await client.get('/api/customers')).status).toBe(403), {
      timeout: 3_000,
      interval: 20,
    });
  });
});

describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL', () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startTestServer({ databaseUrl: server.databaseUrl as string });
  });
  afterAll(() => other?.close());

  it('ends a session signed out on one instance on the other, and follows role changes', async () => {
    const { client, userId } = await signedInUser();
    const cookie = cookieHeader(client);
    const onOther = () =>
      fetch(`${other.baseUrl}/api/customers`, { headers: { cookie } }).then((r) => r.status);
    expect(await onOther()).toBe(200);
    // Cached on the other instance now; a change made through this one must reach it.
    await server.db
      .update(memberships)
      .set({ roles: ['tentpole:phone.read'] })
      .where(eq(memberships.userId, userId));
    await vi.waitFor(async () => expect(await onOther()).toBe(403), {
      timeout: 3_000,
      interval: 20,
    });
    await client.signOut();
    await vi.waitFor(async () => expect(await onOther()).toBe(401), {
      timeout: 3_000,
      interval: 20,
    });
  });
});
