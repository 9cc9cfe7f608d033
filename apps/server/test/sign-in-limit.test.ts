import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILURES_PER_EMAIL } from '../src/auth/sign-in-rate-limit.js';
import { signInFailures } from '../src/auth/tables.js';
import { createAccountWithUser } from './helpers/fixtures.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server?.close());

describe('the sign-in limit under concurrency', () => {
  it('checks no more passwords than the limit, however many tries race, and then refuses the right one', async () => {
    const { email } = await createAccountWithUser(server.db, {
      name: 'Race Rentals',
      email: 'race@tentpole.test',
    });
    const tries = await Promise.all(
      Array.from({ length: 30 }, () => server.client().signIn(email, 'wrong-password')),
    );
    expect(tries.every((t) => !t.ok)).toBe(true);
    const [recorded] = await server.db
      .select({ n: count() })
      .from(signInFailures)
      .where(eq(signInFailures.email, email));
    // Each checked password left one failure; the rest were refused before any check.
    expect(recorded?.n).toBe(MAX_FAILURES_PER_EMAIL);
    expect(tries.filter((t) => t.code === 'rate_limited')).toHaveLength(
      30 - MAX_FAILURES_PER_EMAIL,
    );
    const right = await server.client().signIn(email, 'tentpole-demo');
    expect(right).toMatchObject({ ok: false, code: 'rate_limited' });
  });

  it('forgives the failures of a sign-in that succeeds', async () => {
    const { email } = await createAccountWithUser(server.db, {
      name: 'Forgiven Rentals',
      email: 'forgiven@tentpole.test',
    });
    await server.client().signIn(email, 'wrong-password');
    expect((await server.client().signIn(email, 'tentpole-demo')).ok).toBe(true);
    const [left] = await server.db
      .select({ n: count() })
      .from(signInFailures)
      .where(eq(signInFailures.email, email));
    expect(left?.n).toBe(0);
  });
});
