import { LAST_OWNER_MESSAGE, type Member, type TeamResponse } from '@tentpole/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memberships } from '../src/auth/tables.js';
import { queryRows } from '../src/db/client.js';
import { addMember, apiCall } from './helpers/api.js';
import { createAccountWithUser } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 23 item 1: the team (/api/staff), invitations by e-mail and text link, suspending and
// removing (sessions end, streams close), and the account's last owner.

let server: TestServer;
let owner: HttpClient;
beforeAll(async () => {
  server = await startTestServer();
  owner = await server.signIn('owner@tentpole.test');
});
afterAll(() => server?.close());

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string[]> } };

const cookieOf = (client: HttpClient) =>
  [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

let sequence = 0;
/** An account of its own with an owner signed in, for tests that change who owns it. */
async function ownAccount() {
  sequence += 1;
  const email = `team-owner-${sequence}-${Date.now()}@example.com`;
  const fixture = await createAccountWithUser(server.db, { name: `Team ${sequence}`, email });
  return { ...fixture, client: await server.signIn(email) };
}

/** A second user, member of the account with these roles, signed in. */
async function newMember(accountId: string, roles: string[]) {
  sequence += 1;
  const email = `team-member-${sequence}-${Date.now()}@example.com`;
  return { ...(await addMember(server, accountId, email, roles)), email };
}

/** The invitation link in a text the carrier carried to `to`. */
async function linkTexted(to: string): Promise<string> {
  let link = '';
  await vi.waitFor(
    async () => {
      const response = await fetch(
        `${server.baseUrl}/sandbox/control/messages?${new URLSearchParams({ to })}`,
      );
      const messages = (await response.json()) as { body: string }[];
      const found = messages.map((m) => /\/invite\/([\w-]{43})/.exec(m.body)?.[1]).filter(Boolean);
      expect(found.length).toBeGreaterThan(0);
      link = found.at(-1) as string;
    },
    { timeout: 10_000, interval: 100 },
  );
  return link;
}

/** The invitation link in the last e-mail the mail catcher received for `to`. */
async function linkMailed(to: string): Promise<string> {
  let link = '';
  await vi.waitFor(
    () => {
      const mails = server.mailSandbox
        .messages()
        .filter((m) => m.text.includes('/invite/') && JSON.stringify(m).includes(to));
      expect(mails.length).toBeGreaterThan(0);
      link = /\/invite\/([\w-]{43})/.exec(mails.at(-1)?.text ?? '')?.[1] as string;
    },
    { timeout: 10_000, interval: 100 },
  );
  return link;
}

describe('the team list', () => {
  it('lists members owners first, each with their preset or custom permissions', async () => {
    const { status, body } = await apiCall<TeamResponse>(owner, 'GET', '/api/staff');
    expect(status).toBe(200);
    const byEmail = new Map(body.members.map((m) => [m.email, m]));
    expect(body.members[0]?.email).toBe('owner@tentpole.test');
    expect(byEmail.get('owner@tentpole.test')).toMatchObject({
      preset: 'owner',
      owner: true,
      you: true,
      status: 'active',
      permissions: ['*'],
    });
    expect(byEmail.get('manager@tentpole.test')).toMatchObject({ preset: 'manager', owner: false });
    expect(byEmail.get('staff@tentpole.test')?.preset).toBeNull();
    expect(byEmail.get('staff@tentpole.test')?.permissions).toContain('customer.read');
    expect(byEmail.get('owner@tentpole.test')?.lastSignInAt).not.toBeNull();
  });

  it('lets a manager see the team (staff.others.read) but not change it', async () => {
    const manager = await server.signIn('manager@tentpole.test');
    expect((await apiCall(manager, 'GET', '/api/staff')).status).toBe(200);
    const staff = (await apiCall<TeamResponse>(owner, 'GET', '/api/staff')).body.members.find(
      (m) => m.email === 'staff@tentpole.test',
    ) as Member;
    const refused = await apiCall<ErrorBody>(
      manager,
      'PATCH',
      `/api/staff/members/${staff.userId}`,
      {
        preset: 'driver',
      },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Missing permission staff.others.write');
    const staffClient = await server.signIn('staff@tentpole.test');
    expect((await apiCall(staffClient, 'GET', '/api/staff')).status).toBe(403);
  });

  it("answers 404 for another account's member and never lists them", async () => {
    const other = await ownAccount();
    const { body } = await apiCall<TeamResponse>(owner, 'GET', '/api/staff');
    const manager = body.members.find((m) => m.email === 'manager@tentpole.test') as Member;
    for (const [method, path, payload] of [
      ['PATCH', `/api/staff/members/${manager.userId}`, { preset: 'owner' }],
      ['POST', `/api/staff/members/${manager.userId}/suspend`, undefined],
      ['DELETE', `/api/staff/members/${manager.userId}`, undefined],
    ] as const) {
      expect((await apiCall(other.client, method, path, payload)).status, `${method} ${path}`).toBe(
        404,
      );
    }
    const theirs = await apiCall<TeamResponse>(other.client, 'GET', '/api/staff');
    expect(theirs.body.members.map((m) => m.email)).toEqual([other.email]);
    // Still a manager.
    const [row] = await server.db
      .select({ roles: memberships.roles })
      .from(memberships)
      .where(eq(memberships.userId, manager.userId));
    expect(row?.roles).not.toContain('tentpole:*');
  });
});

describe('changing a member', () => {
  it('sets a preset or custom permissions, which apply to their next request', async () => {
    const { accountId, client } = await ownAccount();
    const member = await newMember(accountId, ['tentpole:customer.read']);
    expect((await apiCall(member.client, 'GET', '/api/customers')).status).toBe(200);

    const toDriver = await apiCall<{ member: Member }>(
      client,
      'PATCH',
      `/api/staff/members/${member.userId}`,
      {
        preset: 'driver',
      },
    );
    expect(toDriver.status).toBe(200);
    expect(toDriver.body.member).toMatchObject({
      preset: 'driver',
      permissions: ['delivery.driver', 'phone.read'],
    });
    await vi.waitFor(async () =>
      expect((await apiCall(member.client, 'GET', '/api/customers')).status).toBe(403),
    );

    const custom = await apiCall<{ member: Member }>(
      client,
      'PATCH',
      `/api/staff/members/${member.userId}`,
      {
        preset: 'custom',
        permissions: ['reports.read', 'customer.read'],
      },
    );
    expect(custom.body.member).toMatchObject({
      preset: null,
      permissions: ['customer.read', 'reports.read'],
    });
  });

  it('answers bad input with 400 and the field', async () => {
    const { accountId, client } = await ownAccount();
    const member = await newMember(accountId, ['tentpole:customer.read']);
    const empty = await apiCall<ErrorBody>(client, 'PATCH', `/api/staff/members/${member.userId}`, {
      preset: 'custom',
      permissions: [],
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields?.permissions).toEqual(['Choose at least one permission']);
    const unknown = await apiCall<ErrorBody>(
      client,
      'PATCH',
      `/api/staff/members/${member.userId}`,
      {
        preset: 'custom',
        permissions: ['nuclear.launch'],
      },
    );
    expect(unknown.status).toBe(400);
  });

  it('lets a member who is not an owner give only what they hold, and never Owner', async () => {
    const { accountId } = await ownAccount();
    const lead = await newMember(accountId, [
      'tentpole:staff.others.read',
      'tentpole:staff.others.write',
      'tentpole:customer.read',
    ]);
    const member = await newMember(accountId, ['tentpole:customer.read']);
    const toOwner = await apiCall<ErrorBody>(
      lead.client,
      'PATCH',
      `/api/staff/members/${lead.userId}`,
      {
        preset: 'owner',
      },
    );
    expect(toOwner.status).toBe(403);
    expect(toOwner.body.error.message).toBe('Only an owner can make someone an owner.');
    const beyond = await apiCall<ErrorBody>(
      lead.client,
      'PATCH',
      `/api/staff/members/${member.userId}`,
      {
        preset: 'custom',
        permissions: ['reports.financial'],
      },
    );
    expect(beyond.status).toBe(403);
    const within = await apiCall(lead.client, 'PATCH', `/api/staff/members/${member.userId}`, {
      preset: 'custom',
      permissions: ['customer.read', 'staff.others.read'],
    });
    expect(within.status).toBe(200);
  });
});

describe('at least one owner, always', () => {
  it('refuses to demote, suspend or remove the last owner with 409 and a clear message', async () => {
    const { accountId, userId, client } = await ownAccount();
    const manager = await newMember(accountId, ['tentpole:staff.others.read']);
    const demote = await apiCall<ErrorBody>(client, 'PATCH', `/api/staff/members/${userId}`, {
      preset: 'manager',
    });
    expect(demote.status).toBe(409);
    expect(demote.body.error.message).toBe(LAST_OWNER_MESSAGE);
    expect(
      (await apiCall<ErrorBody>(client, 'DELETE', `/api/staff/members/${userId}`)).body.error
        .message,
    ).toBe(LAST_OWNER_MESSAGE);
    // Once another member is an owner, the first may step down.
    expect(
      (await apiCall(client, 'PATCH', `/api/staff/members/${manager.userId}`, { preset: 'owner' }))
        .status,
    ).toBe(200);
    expect(
      (await apiCall(client, 'PATCH', `/api/staff/members/${userId}`, { preset: 'office' })).status,
    ).toBe(200);
    // The new owner cannot be suspended or removed now that they are the only one.
    await vi.waitFor(async () =>
      expect((await apiCall(manager.client, 'GET', '/api/staff')).status).toBe(200),
    );
    const remove = await apiCall<ErrorBody>(
      manager.client,
      'DELETE',
      `/api/staff/members/${manager.userId}`,
    );
    expect(remove.status).toBe(409);
  });

  it('keeps one owner when two owners demote each other at the same moment', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { accountId, userId, client } = await ownAccount();
      const second = await newMember(accountId, ['tentpole:*']);
      const results = await Promise.all([
        apiCall<ErrorBody>(client, 'PATCH', `/api/staff/members/${second.userId}`, {
          preset: 'manager',
        }),
        apiCall<ErrorBody>(second.client, 'PATCH', `/api/staff/members/${userId}`, {
          preset: 'manager',
        }),
      ]);
      // One wins. The other is refused: 409 when both passed the permission check before either
      // committed (the team lock serialises them), or 403 when its sender was already demoted.
      const statuses = results.map((r) => r.status).sort();
      expect([
        [200, 409],
        [200, 403],
      ]).toContainEqual(statuses);
      const refused = results.find((r) => r.status !== 200)?.body.error.message;
      expect([LAST_OWNER_MESSAGE, 'Missing permission staff.others.write']).toContain(refused);
      const rows = await server.db
        .select({ roles: memberships.roles })
        .from(memberships)
        .where(eq(memberships.accountId, accountId));
      expect(rows).toHaveLength(2);
      expect(rows.filter((r) => r.roles.includes('tentpole:*'))).toHaveLength(1);
    }
  });
});

describe('suspending and removing', () => {
  it("ends a removed member's sessions at once: the next call is 401 and the event stream ends", async () => {
    const { accountId, client } = await ownAccount();
    const member = await newMember(accountId, ['tentpole:customer.read']);
    expect((await apiCall(member.client, 'GET', '/api/customers')).status).toBe(200);
    const stream = await fetch(`${server.baseUrl}/api/events`, {
      headers: { cookie: cookieOf(member.client) },
    });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const ended = (async () => {
      for (;;) if ((await reader.read()).done) return true;
    })();

    const removed = await apiCall(client, 'DELETE', `/api/staff/members/${member.userId}`);
    expect(removed.status).toBe(204);
    await vi.waitFor(
      async () => expect((await apiCall(member.client, 'GET', '/api/customers')).status).toBe(401),
      { timeout: 3_000, interval: 20 },
    );
    await expect(
      Promise.race([ended, new Promise((resolve) => setTimeout(() => resolve(false), 5_000))]),
    ).resolves.toBe(true);
    const team = await apiCall<TeamResponse>(client, 'GET', '/api/staff');
    expect(team.body.members.map((m) => m.userId)).not.toContain(member.userId);
  });

  it('suspends a member (401 at once, even after signing in again) and reinstates them', async () => {
    const { accountId, client } = await ownAccount();
    const member = await newMember(accountId, ['tentpole:customer.read']);
    const suspended = await apiCall<{ member: Member }>(
      client,
      'POST',
      `/api/staff/members/${member.userId}/suspend`,
    );
    expect(suspended.body.member.status).toBe('suspended');
    await vi.waitFor(
      async () => expect((await apiCall(member.client, 'GET', '/api/customers')).status).toBe(401),
      { timeout: 3_000, interval: 20 },
    );
    // Their own account (the fixture's) still works; this one is not theirs while suspended.
    const again = await server.signIn(member.email);
    expect((await again.updateSession({ accountId })).status).toBe(200);
    const session = (await (await again.get('/api/auth/session')).json()) as {
      user: { accountId: string };
    };
    expect(session.user.accountId).not.toBe(accountId);

    const back = await apiCall<{ member: Member }>(
      client,
      'POST',
      `/api/staff/members/${member.userId}/reinstate`,
    );
    expect(back.body.member.status).toBe('active');
    await again.updateSession({ accountId });
    const after = (await (await again.get('/api/auth/session')).json()) as {
      user: { accountId: string };
    };
    expect(after.user.accountId).toBe(accountId);
  });

  it('refuses to suspend yourself', async () => {
    const { userId, client } = await ownAccount();
    expect((await apiCall(client, 'POST', `/api/staff/members/${userId}/suspend`)).status).toBe(
      409,
    );
  });
});

describe('invitations', () => {
  it('invites a driver by text link: the phone receives it, they accept once and sign in as a driver', async () => {
    const phone = '+15550107777';
    const invited = await apiCall<{ invite: { id: string; status: string; preset: string } }>(
      owner,
      'POST',
      '/api/staff/invites',
      { via: 'text', phoneNumber: '(555) 010-7777', preset: 'driver' },
    );
    expect(invited.status).toBe(201);
    expect(invited.body.invite).toMatchObject({ status: 'pending', preset: 'driver' });
    const token = await linkTexted(phone);
    // The phone got the link; the team's thread with that number shows it hidden.
    const thread = await queryRows<{ body: string }>(
      server.db,
      sql`select m.body from messages m join conversations c on c.id = m.conversation_id
          where c.phone_number = ${phone} and m.body like '%invited you%'`,
    );
    expect(thread.length).toBeGreaterThan(0);
    for (const { body } of thread) {
      expect(body).not.toContain(token);
      expect(body).toContain('/invite/[link sent to the invitee only]');
    }

    const anyone = server.client();
    const preview = await apiCall<{ accountName: string; invitedBy: string; email: string | null }>(
      anyone,
      'GET',
      `/api/invites/${token}`,
    );
    expect(preview.body).toMatchObject({
      accountName: 'Bounce Kingdom Party Rentals',
      invitedBy: 'Olivia Owner',
      email: null,
    });
    const accepted = await apiCall<{ email: string }>(
      anyone,
      'POST',
      `/api/invites/${token}/accept`,
      {
        name: 'Dana Driver 🚚',
        email: 'dana.team@example.com',
        password: 'a long enough password',
      },
    );
    expect(accepted.status).toBe(201);
    // The link works once.
    expect((await apiCall(anyone, 'GET', `/api/invites/${token}`)).status).toBe(404);
    const twice = await apiCall<ErrorBody>(
      server.client(),
      'POST',
      `/api/invites/${token}/accept`,
      {
        name: 'Someone Else',
        email: 'someone.else@example.com',
        password: 'a long enough password',
      },
    );
    expect(twice.status).toBe(404);

    const driver = await server.signIn('dana.team@example.com', 'a long enough password');
    const session = (await (await driver.get('/api/auth/session')).json()) as {
      user: { roles: string[]; name: string };
    };
    expect(session.user.roles.sort()).toEqual(['tentpole:delivery.driver', 'tentpole:phone.read']);
    expect((await apiCall(driver, 'GET', '/api/customers')).status).toBe(403);
    const team = await apiCall<TeamResponse>(owner, 'GET', '/api/staff');
    expect(team.body.invites.map((i) => i.id)).not.toContain(invited.body.invite.id);
    expect(team.body.members.find((m) => m.email === 'dana.team@example.com')).toMatchObject({
      preset: 'driver',
      name: 'Dana Driver 🚚',
    });
  });

  it('invites by e-mail through the mail catcher; a resend replaces the link; a revoke ends it', async () => {
    const { client } = await ownAccount();
    const email = `invitee-${Date.now()}@example.com`;
    const invited = await apiCall<{ invite: { id: string } }>(
      client,
      'POST',
      '/api/staff/invites',
      {
        via: 'email',
        email,
        preset: 'office',
      },
    );
    expect(invited.status).toBe(201);
    const first = await linkMailed(email);
    // The outbox shows the e-mail, without the link the invitee got.
    const [queued] = await queryRows<{ id: string }>(
      server.db,
      sql`select id from emails where to_address = ${email} and kind = 'staff_invite'`,
    );
    const shown = await apiCall<{ email: { html: string; text: string } }>(
      client,
      'GET',
      `/api/email/messages/${queued?.id}`,
    );
    expect(shown.status).toBe(200);
    for (const part of [shown.body.email.html, shown.body.email.text]) {
      expect(part).not.toContain(first);
      expect(part).toContain('/invite/[link sent to the invitee only]');
    }
    const resent = await apiCall(
      client,
      'POST',
      `/api/staff/invites/${invited.body.invite.id}/resend`,
    );
    expect(resent.status).toBe(200);
    let second = first;
    await vi.waitFor(async () => {
      second = await linkMailed(email);
      expect(second).not.toBe(first);
    });
    expect((await apiCall(server.client(), 'GET', `/api/invites/${first}`)).status).toBe(404);
    const preview = await apiCall<{ email: string }>(
      server.client(),
      'GET',
      `/api/invites/${second}`,
    );
    expect(preview.body.email).toBe(email);

    expect(
      (await apiCall(client, 'DELETE', `/api/staff/invites/${invited.body.invite.id}`)).status,
    ).toBe(204);
    expect((await apiCall(server.client(), 'GET', `/api/invites/${second}`)).status).toBe(404);
    expect(
      (await apiCall(client, 'DELETE', `/api/staff/invites/${invited.body.invite.id}`)).status,
    ).toBe(404);
  });

  it('lets someone with a Tentpole sign-in join with it, and refuses a new sign-in for their e-mail', async () => {
    const { client, accountId } = await ownAccount();
    const existing = await ownAccount();
    await apiCall(client, 'POST', '/api/staff/invites', {
      via: 'email',
      email: existing.email,
      preset: 'bookkeeper',
    });
    const token = await linkMailed(existing.email);
    const taken = await apiCall<ErrorBody>(
      server.client(),
      'POST',
      `/api/invites/${token}/accept`,
      {
        name: 'Copycat',
        email: 'ignored@example.com',
        password: 'a long enough password',
      },
    );
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields?.email).toEqual([
      'There is already a Tentpole sign-in for this e-mail',
    ]);

    const joined = await apiCall<{ accountId: string }>(
      existing.client,
      'POST',
      `/api/invites/${token}/join`,
    );
    expect(joined.status).toBe(200);
    expect(joined.body.accountId).toBe(accountId);
    const [row] = await server.db
      .select({ roles: memberships.roles })
      .from(memberships)
      .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, existing.userId)));
    expect(row?.roles).toContain('tentpole:reports.financial');
  });

  it('answers bad invitations with 400 and the field, and an already-member with 409', async () => {
    const { client, email } = await ownAccount();
    const bad = await apiCall<ErrorBody>(client, 'POST', '/api/staff/invites', {
      via: 'text',
      phoneNumber: 'call me',
      preset: 'driver',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.phoneNumber).toEqual(['Invalid phone number']);
    const member = await apiCall<ErrorBody>(client, 'POST', '/api/staff/invites', {
      via: 'email',
      email,
      preset: 'driver',
    });
    expect(member.status).toBe(409);
  });

  it('refuses a text invitation when the account has no texting, and stores none', async () => {
    const { client } = await ownAccount();
    const refused = await apiCall<ErrorBody>(client, 'POST', '/api/staff/invites', {
      via: 'text',
      phoneNumber: '+15550107778',
      preset: 'driver',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/Texting is not enabled/);
    expect((await apiCall<TeamResponse>(client, 'GET', '/api/staff')).body.invites).toEqual([]);
  });

  it('answers an unknown or malformed token with 404', async () => {
    expect((await apiCall(server.client(), 'GET', `/api/invites/${'a'.repeat(43)}`)).status).toBe(
      404,
    );
    expect((await apiCall(server.client(), 'GET', '/api/invites/short')).status).toBe(404);
  });
});
