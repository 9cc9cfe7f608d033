import {
  PASSWORD_RESET_INVALID_LINK,
  PASSWORD_RESET_SENT_MESSAGE,
  passwordResetDoneSchema,
  passwordResetRequestedSchema,
} from '@tentpole/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { hashLinkToken } from '../src/auth/link-tokens.js';
import { authSessions, users } from '../src/auth/tables.js';
import { emails } from '../src/features/emails/tables.js';
import { RESETS_PER_ADDRESS } from '../src/features/password-reset/service.js';
import { passwordResets } from '../src/features/password-reset/tables.js';
import { SIGN_UPS_PER_ADDRESS } from '../src/features/signup/service.js';
import { rateLimitHits } from '../src/http/tables.js';
import { apiCall } from './helpers/api.js';
import { fullWindows } from './helpers/rate-limits.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// "Forgot password?" (decision 0065, Password reset): a single-use link, good for an hour,
// e-mailed through the outbox; the answer never tells whether the address has a sign-in; a new
// password ends every session and verifies the e-mail.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
// Every request here comes from 127.0.0.1: each test starts with the address's counts at zero
// (the limits have their own test).
beforeEach(async () => {
  for (const limit of [RESETS_PER_ADDRESS, SIGN_UPS_PER_ADDRESS]) {
    await server.db.delete(rateLimitHits).where(eq(rateLimitHits.key, `${limit.name}:127.0.0.1`));
  }
});

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string[]> } };

const OLD_PASSWORD = 'bounce bounce 123';
const NEW_PASSWORD = 'castle castle 456';
let sequence = 0;
const uniqueEmail = (what: string) => {
  sequence += 1;
  return `reset-${what}-${sequence}-${Date.now()}@example.com`;
};

/** A business that signed up, signed in (its session is the one a reset must end). */
async function signedUp(email: string) {
  const client = server.client();
  const created = await apiCall(client, 'POST', '/api/signup', {
    name: 'Rosa Rentals',
    email,
    password: OLD_PASSWORD,
    businessName: 'Reset Rentals',
  });
  expect(created.status).toBe(201);
  expect((await client.signIn(email, OLD_PASSWORD)).ok).toBe(true);
  return client;
}

const ask = (email: string) =>
  apiCall<unknown>(server.client(), 'POST', '/api/password-reset', { email });
const confirm = (token: string | undefined, password = NEW_PASSWORD) =>
  apiCall<ErrorBody>(server.client(), 'POST', '/api/password-reset/confirm', { token, password });

/** The reset links the mail catcher received for `to`, in the order they arrived. */
async function resetLinksMailed(to: string, atLeast = 1): Promise<string[]> {
  let links: string[] = [];
  await vi.waitFor(
    () => {
      links = server.mailSandbox
        .messages()
        .filter((m) => m.to.includes(to))
        .map((m) => /\/auth\/reset-password\/([\w-]{43})/.exec(m.text)?.[1])
        .filter((token): token is string => Boolean(token));
      expect(links.length).toBeGreaterThanOrEqual(atLeast);
    },
    { timeout: 10_000, interval: 100 },
  );
  return links;
}

const resetMails = (to: string) =>
  server.db.$count(emails, and(eq(emails.toAddress, to), eq(emails.kind, 'password_reset')));

describe('asking for a reset link', () => {
  it('answers an unknown address 202 with the same body, and e-mails nothing', async () => {
    const email = uniqueEmail('nobody');
    const answer = await ask(email);
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ message: PASSWORD_RESET_SENT_MESSAGE });
    expect(await resetMails(email)).toBe(0);
  });

  it('e-mails a known address a link through the outbox, storing only its hash', async () => {
    const email = uniqueEmail('known');
    await signedUp(email);
    // Any case: the address is the same.
    const answer = await ask(email.toUpperCase());
    expect(answer.status).toBe(202);
    expect(passwordResetRequestedSchema.parse(answer.body)).toEqual({
      message: PASSWORD_RESET_SENT_MESSAGE,
    });
    expect(await resetMails(email)).toBe(1);
    const [token] = await resetLinksMailed(email);
    const mail = server.mailSandbox.messages().find((m) => m.text.includes(token as string));
    expect(mail?.subject).toBe('Reset your Tentpole password');
    expect(mail?.text).toContain(`/auth/reset-password/${token}`);
    const [user] = await server.db.select().from(users).where(eq(users.email, email));
    const stored = await server.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user?.id as string));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.tokenHash).not.toContain(token);
    // An hour.
    const lifetime = (stored[0]?.expiresAt.getTime() ?? 0) - (stored[0]?.createdAt.getTime() ?? 0);
    expect(Math.abs(lifetime - 3_600_000)).toBeLessThan(60_000);
  });

  it('revokes the earlier link when a new one is asked for', async () => {
    const email = uniqueEmail('twice');
    await signedUp(email);
    await ask(email);
    await ask(email);
    // The outbox may send the two e-mails in either order: the links' rows say which came first.
    const mailed = await resetLinksMailed(email, 2);
    const rows = await server.db
      .select({ tokenHash: passwordResets.tokenHash, createdAt: passwordResets.createdAt })
      .from(passwordResets)
      .where(inArray(passwordResets.tokenHash, mailed.map(hashLinkToken)))
      .orderBy(asc(passwordResets.createdAt));
    const [first, second] = rows.map((r) => mailed.find((t) => hashLinkToken(t) === r.tokenHash));
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(first).not.toBe(second);
    const refused = await confirm(first);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(PASSWORD_RESET_INVALID_LINK);
    expect((await confirm(second)).status).toBe(200);
  });

  it('answers 400 to a malformed e-mail', async () => {
    const { status, body } = await apiCall<ErrorBody>(
      server.client(),
      'POST',
      '/api/password-reset',
      { email: 'nope' },
    );
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({ email: ['Enter a valid e-mail address'] });
  });

  it('limits requests for one e-mail to 5, known or not, then 429', async () => {
    for (const email of [uniqueEmail('limit'), uniqueEmail('limit-known')]) {
      if (email.includes('known')) await signedUp(email);
      for (let i = 0; i < 5; i++) expect((await ask(email)).status).toBe(202);
      const refused = await server.client().json('POST', '/api/password-reset', { email });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await refused.json()) as ErrorBody).error.code).toBe('rate_limited');
      expect(await resetMails(email)).toBe(email.includes('known') ? 5 : 0);
    }
  });

  it('limits requests from one address to 20 in a window', async () => {
    // The window now and the next hold the address's 20 tries: the request may land past the
    // window's end (it failed once at 19:00).
    await server.db.insert(rateLimitHits).values(fullWindows(RESETS_PER_ADDRESS, '127.0.0.1'));
    const refused = await apiCall<ErrorBody>(server.client(), 'POST', '/api/password-reset', {
      email: uniqueEmail('address'),
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
  });
});

describe('setting a new password with the link', () => {
  it('sets the password once, ends every session and verifies the e-mail', async () => {
    const email = uniqueEmail('confirm');
    const oldSession = await signedUp(email);
    expect((await oldSession.get('/api/signup/checklist')).status).toBe(200);
    await ask(email);
    const [token] = await resetLinksMailed(email);

    const done = await confirm(token);
    expect(done.status).toBe(200);
    expect(passwordResetDoneSchema.parse(done.body)).toEqual({ email });

    // The session from before the reset is over (trigger users_password_ends_sessions).
    expect((await oldSession.get('/api/signup/checklist')).status).toBe(401);
    const [user] = await server.db.select().from(users).where(eq(users.email, email));
    expect(
      await server.db.$count(
        authSessions,
        and(eq(authSessions.userId, user?.id as string), sql`${authSessions.revokedAt} is null`),
      ),
    ).toBe(0);
    expect(user?.emailVerifiedAt).not.toBeNull();

    // The new password signs in, the old one does not.
    expect((await server.client().signIn(email, OLD_PASSWORD)).ok).toBe(false);
    const fresh = server.client();
    expect((await fresh.signIn(email, NEW_PASSWORD)).ok).toBe(true);
    expect((await fresh.get('/api/signup/checklist')).status).toBe(200);

    // The link works once.
    const again = await confirm(token, 'another password 789');
    expect(again.status).toBe(400);
    expect(again.body.error.fields).toEqual({ token: [PASSWORD_RESET_INVALID_LINK] });
    expect((await server.client().signIn(email, 'another password 789')).ok).toBe(false);
  });

  it('refuses an expired link and leaves the password as it was', async () => {
    const email = uniqueEmail('expired');
    await signedUp(email);
    await ask(email);
    const [token] = await resetLinksMailed(email);
    const [user] = await server.db.select().from(users).where(eq(users.email, email));
    await server.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user?.id as string));
    const refused = await confirm(token);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(PASSWORD_RESET_INVALID_LINK);
    expect((await server.client().signIn(email, OLD_PASSWORD)).ok).toBe(true);
  });

  it('lets exactly one of two submissions of one link at the same moment through', async () => {
    const email = uniqueEmail('race');
    await signedUp(email);
    await ask(email);
    const [token] = await resetLinksMailed(email);
    const answers = await Promise.all([
      confirm(token, 'first password 111'),
      confirm(token, 'second password 222'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers.findIndex((a) => a.status === 200);
    const passwords = ['first password 111', 'second password 222'];
    expect((await server.client().signIn(email, passwords[winner] as string)).ok).toBe(true);
    expect((await server.client().signIn(email, passwords[1 - winner] as string)).ok).toBe(false);
  });

  it('answers 400 with field errors to a short password or malformed token, and to an unknown link', async () => {
    const bad = await apiCall<ErrorBody>(server.client(), 'POST', '/api/password-reset/confirm', {
      token: 'x',
      password: 'short',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      token: ['The link is incomplete'],
      password: ['Use at least 8 characters'],
    });
    const unknown = await confirm('A'.repeat(43));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual({ token: [PASSWORD_RESET_INVALID_LINK] });
  });
});
