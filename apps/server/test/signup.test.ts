import {
  type Checklist,
  checklistSchema,
  EMAIL_TAKEN_MESSAGE,
  resendVerificationResponseSchema,
  signUpResponseSchema,
  verifyEmailResponseSchema,
} from '@tentpole/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { accounts, memberships, users } from '../src/auth/tables.js';
import { emails } from '../src/features/emails/tables.js';
import { phoneServices } from '../src/features/phone/tables.js';
import { SIGN_UPS_PER_ADDRESS } from '../src/features/signup/service.js';
import { accountOnboarding, emailVerifications } from '../src/features/signup/tables.js';
import { hitKey } from '../src/http/rate-limit.js';
import { rateLimitHits } from '../src/http/tables.js';
import { addMember, apiCall } from './helpers/api.js';
import type { HttpClient } from './helpers/http-client.js';
import { fullWindows } from './helpers/rate-limits.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 23 item 5: a new business signs up (user, account on a core trial, owner membership in
// one transaction), verifies its e-mail with a single-use expiring link, and sees a first-run
// checklist ticked from its own data.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
// Every sign-up here comes from 127.0.0.1: each test starts with the address's count at zero
// (the limit itself has its own test).
const addressKey = hitKey(SIGN_UPS_PER_ADDRESS, '127.0.0.1');
beforeEach(async () => {
  await server.db.delete(rateLimitHits).where(eq(rateLimitHits.key, addressKey));
});

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string[]> } };

let sequence = 0;
const uniqueEmail = (what: string) => {
  sequence += 1;
  return `signup-${what}-${sequence}-${Date.now()}@Example.com`;
};
const form = (email: string, businessName = 'Rosa’s Party Rentals 🎈') => ({
  name: 'Rosa Rentals',
  email,
  password: 'bounce bounce 123',
  businessName,
});

/** The verification links the mail catcher received for `to`, oldest first. */
async function linksMailed(to: string, atLeast = 1): Promise<string[]> {
  let links: string[] = [];
  await vi.waitFor(
    () => {
      links = server.mailSandbox
        .messages()
        .filter((m) => m.to.includes(to.toLowerCase()))
        .map((m) => /\/verify-email\/([\w-]{43})/.exec(m.text)?.[1])
        .filter((token): token is string => Boolean(token));
      expect(links.length).toBeGreaterThanOrEqual(atLeast);
    },
    { timeout: 10_000, interval: 100 },
  );
  return links;
}

/** Signs up and signs in with the same credentials, as the sign-up page does. */
async function signUpAndIn(email: string, businessName?: string) {
  const client = server.client();
  const created = await apiCall(client, 'POST', '/api/signup', form(email, businessName));
  expect(created.status).toBe(201);
  const signedIn = await client.signIn(email, 'bounce bounce 123');
  expect(signedIn.ok).toBe(true);
  return { client, ...signUpResponseSchema.parse(created.body) };
}

const checklist = async (client: HttpClient) => {
  const { status, body } = await apiCall(client, 'GET', '/api/signup/checklist');
  expect(status).toBe(200);
  return checklistSchema.parse(body);
};
const done = (list: Checklist) => list.steps.filter((s) => s.done).map((s) => s.step);

describe('signing up', () => {
  it('makes the user, the account on a 14-day core trial and the owner membership, and mails a link', async () => {
    const email = uniqueEmail('new');
    const { client, accountId, slug, ...created } = await signUpAndIn(email);
    expect(created.email).toBe(email.toLowerCase());
    expect(slug).toMatch(/^rosa-s-party-rentals(-\d+)?$/);

    const [account] = await server.db.select().from(accounts).where(eq(accounts.id, accountId));
    const fourteenDays = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    expect(account).toMatchObject({
      name: 'Rosa’s Party Rentals 🎈',
      slug,
      planLevel: 'core',
      trialEndDate: fourteenDays,
    });
    const [user] = await server.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    expect(user?.name).toBe('Rosa Rentals');
    expect(user?.passwordHash).toMatch(/^scrypt\$/);
    expect(user?.emailVerifiedAt).toBeNull();
    const members = await server.db
      .select({ userId: memberships.userId, kind: memberships.kind, roles: memberships.roles })
      .from(memberships)
      .where(eq(memberships.accountId, accountId));
    expect(members).toEqual([{ userId: user?.id, kind: 'holder', roles: ['tentpole:*'] }]);

    // The session is the new account's, with its plan and trial (the banner and plan title).
    const session = (await (await client.get('/api/auth/session')).json()) as {
      user: { accountId: string; planLevel: string; trialEndDate: string; roles: string[] };
    };
    expect(session.user).toMatchObject({
      accountId,
      planLevel: 'core',
      trialEndDate: fourteenDays,
      roles: ['tentpole:*'],
    });

    // The link went out through the outbox and SMTP to the mail catcher, once.
    const links = await linksMailed(email);
    expect(links).toHaveLength(1);
    const [mail] = await server.db
      .select({ status: emails.status, kind: emails.kind })
      .from(emails)
      .where(and(eq(emails.accountId, accountId), eq(emails.kind, 'email_verification')));
    expect(mail?.kind).toBe('email_verification');
    // Only the hash of the token is stored.
    const stored = await server.db
      .select({ tokenHash: emailVerifications.tokenHash })
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, user?.id as string));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toContain(links[0]);
    expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers 400 with every field that is wrong', async () => {
    const { status, body } = await apiCall<ErrorBody>(server.client(), 'POST', '/api/signup', {
      name: '',
      email: 'nope',
      password: 'short',
      businessName: ' ',
    });
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({
      name: ['Enter your name'],
      email: ['Enter a valid e-mail address'],
      password: ['Use at least 8 characters'],
      businessName: ['Enter the name of your business'],
    });
  });

  it('refuses an e-mail that already has a sign-in, whatever its case, and creates nothing', async () => {
    const accountsBefore = await server.db.$count(accounts);
    const { status, body } = await apiCall<ErrorBody>(
      server.client(),
      'POST',
      '/api/signup',
      form('OWNER@tentpole.test'),
    );
    expect(status).toBe(409);
    expect(body.error.fields).toEqual({ email: [EMAIL_TAKEN_MESSAGE] });
    expect(body.error.message).toBe(`${EMAIL_TAKEN_MESSAGE}. Sign in instead.`);
    expect(await server.db.$count(accounts)).toBe(accountsBefore);
  });

  it('makes exactly one user of several sign-ups with the same e-mail at the same moment', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        apiCall<ErrorBody>(
          server.client(),
          'POST',
          '/api/signup',
          form(n % 2 ? email : email.toUpperCase(), `Race ${n}`),
        ),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.error.fields?.email).toEqual([EMAIL_TAKEN_MESSAGE]);
    }
    expect(await server.db.$count(users, sql`lower(${users.email}) = ${email.toLowerCase()}`)).toBe(
      1,
    );
    // Nor a stray account: the refused ones rolled back whole.
    expect(await server.db.$count(accounts, sql`${accounts.name} like 'Race %'`)).toBe(1);
  });

  it('gives two businesses of the same name different slugs', async () => {
    const [a, b] = await Promise.all([
      apiCall(server.client(), 'POST', '/api/signup', form(uniqueEmail('twin'), 'Twin Tents')),
      apiCall(server.client(), 'POST', '/api/signup', form(uniqueEmail('twin'), 'Twin Tents')),
    ]);
    expect([a?.status, b?.status]).toEqual([201, 201]);
    const slugs = [a, b].map((r) => signUpResponseSchema.parse(r?.body).slug).sort();
    expect(slugs).toEqual(['twin-tents', 'twin-tents-2']);
  });

  it('limits sign-ups from one address to 20 in a window', async () => {
    // The window already holds the address's 20 tries (as after 20 sign-ups), and so does the
    // next, should the request land past this one's end.
    await server.db.insert(rateLimitHits).values(fullWindows(SIGN_UPS_PER_ADDRESS, '127.0.0.1'));
    const email = uniqueEmail('address');
    const refused = await apiCall<ErrorBody>(server.client(), 'POST', '/api/signup', form(email));
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(await server.db.$count(users, sql`lower(${users.email}) = ${email.toLowerCase()}`)).toBe(
      0,
    );
  });

  it('limits tries with one e-mail as the sign-in does', async () => {
    const email = uniqueEmail('limit');
    const client = server.client();
    expect((await apiCall(client, 'POST', '/api/signup', form(email))).status).toBe(201);
    for (let i = 0; i < 4; i++) {
      expect((await apiCall(client, 'POST', '/api/signup', form(email))).status).toBe(409);
    }
    const refused = await client.json('POST', '/api/signup', form(email));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await refused.json()) as ErrorBody).error.code).toBe('rate_limited');
  });
});

describe('verifying the e-mail', () => {
  it('verifies with the link once; the link then stops working', async () => {
    const email = uniqueEmail('verify');
    const { client } = await signUpAndIn(email);
    expect((await checklist(client)).emailVerified).toBe(false);
    const [token] = await linksMailed(email);

    // Signed out, as from the e-mail on a phone.
    const first = await apiCall(server.client(), 'POST', '/api/signup/verify', { token });
    expect(first.status).toBe(200);
    expect(verifyEmailResponseSchema.parse(first.body)).toEqual({ email: email.toLowerCase() });
    expect((await checklist(client)).emailVerified).toBe(true);

    const again = await apiCall<ErrorBody>(server.client(), 'POST', '/api/signup/verify', {
      token,
    });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(
      'This link is no longer valid. Sign in and ask for a new one.',
    );
    // Verified, there is nothing to resend.
    expect((await apiCall(client, 'POST', '/api/signup/verification/resend')).status).toBe(409);
  });

  it('refuses an expired link, and a resend replaces the link (the old one stops working)', async () => {
    const email = uniqueEmail('expiry');
    const { client } = await signUpAndIn(email);
    const [first] = await linksMailed(email);
    await server.db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${emailVerifications.email} = ${email.toLowerCase()}`);
    expect(
      (await apiCall(server.client(), 'POST', '/api/signup/verify', { token: first })).status,
    ).toBe(404);

    const resent = await apiCall(client, 'POST', '/api/signup/verification/resend');
    expect(resent.status).toBe(200);
    expect(resendVerificationResponseSchema.parse(resent.body).sentTo).toBe(email.toLowerCase());
    const [, second] = await linksMailed(email, 2);
    await apiCall(client, 'POST', '/api/signup/verification/resend');
    const [, , third] = await linksMailed(email, 3);
    expect(new Set([first, second, third]).size).toBe(3);
    // Only the newest works.
    expect(
      (await apiCall(server.client(), 'POST', '/api/signup/verify', { token: second })).status,
    ).toBe(404);
    expect(
      (await apiCall(server.client(), 'POST', '/api/signup/verify', { token: third })).status,
    ).toBe(200);
    expect((await checklist(client)).emailVerified).toBe(true);
  });

  it('limits resends to three an hour', async () => {
    const { client } = await signUpAndIn(uniqueEmail('resend'));
    for (let i = 0; i < 3; i++) {
      expect((await apiCall(client, 'POST', '/api/signup/verification/resend')).status).toBe(200);
    }
    const refused = await apiCall<ErrorBody>(client, 'POST', '/api/signup/verification/resend');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
  });

  it('uses a link once when it is opened twice at the same moment', async () => {
    const email = uniqueEmail('twice');
    await signUpAndIn(email);
    const [token] = await linksMailed(email);
    const answers = await Promise.all(
      [1, 2, 3].map(() => apiCall(server.client(), 'POST', '/api/signup/verify', { token })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404]);
  });

  it('answers 400 to a malformed token and 404 to an unknown one', async () => {
    const bad = await apiCall<ErrorBody>(server.client(), 'POST', '/api/signup/verify', {
      token: 'x',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.token).toEqual(['The link is incomplete']);
    const unknown = await apiCall(server.client(), 'POST', '/api/signup/verify', {
      token: 'A'.repeat(43),
    });
    expect(unknown.status).toBe(404);
  });
});

describe('the first-run checklist', () => {
  it("ticks each step from the account's data", async () => {
    const { client, accountId, slug } = await signUpAndIn(uniqueEmail('checklist'));
    const fresh = await checklist(client);
    expect(fresh).toMatchObject({ show: true, emailVerified: false, storeSlug: slug });
    expect(fresh.steps.map((s) => s.step)).toEqual(['products', 'hours', 'phone', 'team', 'store']);
    expect(done(fresh)).toEqual([]);

    const product = await apiCall(client, 'POST', '/api/products', {
      name: 'Castle 🏰',
      pricing: { mode: 'flat', amount: 15000 },
    });
    expect(product.status).toBe(201);
    expect(done(await checklist(client))).toEqual(['products']);

    const open = { closed: false, intervals: [{ open: '09:00', close: '17:00' }] };
    const closed = { closed: true, intervals: [] };
    const hours = await apiCall(client, 'PUT', '/api/schedule', {
      businessHours: {
        mon: open,
        tue: open,
        wed: open,
        thu: open,
        fri: open,
        sat: closed,
        sun: closed,
      },
      serviceHours: { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null },
      bookingRules: { minNoticeHours: 0, maxAdvanceDays: null, maxDeliveriesPerDay: null },
    });
    expect(hours.status).toBe(200);
    expect(done(await checklist(client))).toEqual(['products', 'hours']);

    // A business number is connected by provisioning (no screen buys one yet): its row.
    await server.db
      .insert(phoneServices)
      .values({ accountId, phoneNumber: `+1555${String(Date.now()).slice(-7)}` });
    expect(done(await checklist(client))).toEqual(['products', 'hours', 'phone']);

    const invite = await apiCall(client, 'POST', '/api/staff/invites', {
      via: 'email',
      email: uniqueEmail('invitee').toLowerCase(),
      preset: 'driver',
    });
    expect(invite.status).toBe(201);
    expect(done(await checklist(client))).toEqual(['products', 'hours', 'phone', 'team']);

    const store = await apiCall(client, 'PUT', '/api/store/settings', { slug, holdMinutes: 30 });
    expect(store.status).toBe(200);
    const all = await checklist(client);
    expect(done(all)).toEqual(['products', 'hours', 'phone', 'team', 'store']);
    expect(all.storeSlug).toBe(slug);
  });

  it("is another account's data that never ticks a step", async () => {
    const { client } = await signUpAndIn(uniqueEmail('isolated'));
    // Bounce Kingdom (the demo) has products, hours, a number, a team and a store.
    const demo = await server.signIn('owner@tentpole.test');
    expect(done(await checklist(demo)).length).toBeGreaterThan(0);
    expect(done(await checklist(client))).toEqual([]);
  });

  it('shows only to owners of an account that signed up, until one dismisses it', async () => {
    const { client, accountId } = await signUpAndIn(uniqueEmail('dismiss'));
    // The demo's accounts did not sign up: no checklist.
    const demo = await server.signIn('owner@tentpole.test');
    expect((await checklist(demo)).show).toBe(false);

    // A second member who is not an owner does not see it, and may not dismiss it.
    const { client: other } = await addMember(
      server,
      accountId,
      uniqueEmail('member').toLowerCase(),
      [],
    );
    expect((await checklist(other)).show).toBe(false);
    expect((await apiCall(other, 'POST', '/api/signup/checklist/dismiss')).status).toBe(403);

    expect((await checklist(client)).show).toBe(true);
    const dismissed = await apiCall(client, 'POST', '/api/signup/checklist/dismiss');
    expect(dismissed.status).toBe(200);
    expect(checklistSchema.parse(dismissed.body).show).toBe(false);
    expect((await checklist(client)).show).toBe(false);
    const [row] = await server.db
      .select()
      .from(accountOnboarding)
      .where(eq(accountOnboarding.accountId, accountId));
    expect(row?.dismissedAt).not.toBeNull();
  });
});
