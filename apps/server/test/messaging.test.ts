import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, gte, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts } from '../src/auth/tables.js';
import { phoneServices, phoneSettings } from '../src/features/phone/tables.js';
import { checkWebhookUrl } from '../src/features/phone/texts/slack-url-guard.js';
import { messages } from '../src/features/phone/texts/tables.js';
import { jobs } from '../src/jobs/tables.js';
import type { HttpClient } from './helpers/http-client.js';
import { signedWebhook } from './helpers/signed-webhook.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: HttpClient;
let business: string;
let bounceId: string;

// A Slack stand-in on loopback.
const slackPosts: { text: string; channel?: string }[] = [];
const slack = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    slackPosts.push(JSON.parse(body) as { text: string });
    response.end('ok');
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => slack.listen(0, '127.0.0.1', resolve));
  server = await startTestServer();
  owner = await server.signIn('owner@tentpole.test');
  const [row] = await server.db
    .select({ id: accounts.id, number: phoneServices.phoneNumber })
    .from(accounts)
    .innerJoin(phoneServices, eq(phoneServices.accountId, accounts.id))
    .where(eq(accounts.name, 'Bounce Kingdom Party Rentals'));
  business = row?.number as string;
  bounceId = row?.id as string;
});
afterAll(async () => {
  await server?.close();
  slack.close();
});

/** How long to wait for something the job worker or the carrier does in the background. */
const WAIT = { timeout: 10_000, interval: 50 };

/** Waits until every job queued since `since` has run (done or failed for good). */
async function jobsSettled(since: Date) {
  await vi.waitFor(async () => {
    const pending = await server.db
      .select({ kind: jobs.kind })
      .from(jobs)
      .where(and(gte(jobs.createdAt, since), isNull(jobs.doneAt), isNull(jobs.failedAt)));
    expect(pending).toEqual([]);
  }, WAIT);
}

/** A simulated phone texts the business through the sandbox carrier. */
async function textBusiness(from: string, body: string) {
  const response = await fetch(`${server.baseUrl}/sandbox/control/sms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from, to: business, body }),
  });
  expect(response.status).toBeLessThan(300);
}

/** The same inbound webhook delivered directly, signed as the carrier signs it. */
const inboundWebhook = (params: Record<string, string>) =>
  signedWebhook(server, { provider: 'twilio', path: 'sms', params });

type Conversation = {
  id: string;
  phoneNumber: string;
  displayName: string;
  unreadCount: number;
  lastMessagePreview: string | null;
  optedOut: boolean;
  customer: unknown;
};
const conversations = async (filter = 'all') =>
  (
    (await (await owner.get(`/api/phone/text?filter=${encodeURIComponent(filter)}`)).json()) as {
      conversations: Conversation[];
    }
  ).conversations;
const conversationWith = (number: string) =>
  vi.waitFor(async () => {
    const found = (await conversations()).find((c) => c.phoneNumber === number);
    if (!found) throw new Error(`no conversation with ${number} yet`);
    return found;
  }, WAIT);

describe('texts from customers', () => {
  it('stores an inbound text in its conversation, linked to the customer, unread', async () => {
    await textBusiness('+15550100123', 'Is the castle free on Saturday?');
    const conversation = await conversationWith('+15550100123');
    expect(conversation).toMatchObject({
      unreadCount: 1,
      lastMessagePreview: 'Is the castle free on Saturday?',
      customer: { firstName: expect.any(String) },
      optedOut: false,
    });
    expect(conversation?.displayName).not.toMatch(/\d/);
    expect((await conversations('unread')).map((c) => c.id)).toContain(conversation?.id);
  });

  it('answers the conversation per spec §7 and marks it read', async () => {
    const conversation = await conversationWith('+15550100123');
    const response = await owner.json('POST', `/api/phone/text/${conversation?.id}`, {});
    const body = (await response.json()) as {
      hasMore: boolean;
      messages: { body: string; direction: string }[];
      customerDetails: { displayName: string; phoneNumber: string };
    };
    expect(body.hasMore).toBe(false);
    expect(body.messages.map((m) => [m.direction, m.body])).toEqual([
      ['inbound', 'Is the castle free on Saturday?'],
    ]);
    expect(body.customerDetails).toEqual({
      displayName: conversation?.displayName,
      phoneNumber: '+15550100123',
    });
    expect((await conversationWith('+15550100123'))?.unreadCount).toBe(0);
  });

  it('stores a repeated webhook (same MessageSid) once', async () => {
    const params = {
      MessageSid: 'SMdup0000000000000000000000000001',
      From: '+15550100130',
      To: business,
      Body: 'Once only',
      NumMedia: '0',
      NumSegments: '1',
    };
    expect((await inboundWebhook(params)).status).toBe(200);
    expect((await inboundWebhook(params)).status).toBe(200);
    const stored = await server.db
      .select()
      .from(messages)
      .where(eq(messages.providerSid, params.MessageSid));
    expect(stored).toHaveLength(1);
    expect((await conversationWith('+15550100130'))?.unreadCount).toBe(1);
  });

  it('rejects an unsigned inbound webhook and stores nothing', async () => {
    const response = await fetch(`${server.baseUrl}/api/phone/webhooks/sms`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': 'forged',
      },
      body: new URLSearchParams({
        MessageSid: 'SMforged',
        From: '+15550100131',
        To: business,
        Body: 'hi',
      }),
    });
    expect(response.status).toBe(403);
    expect(
      await server.db.select().from(messages).where(eq(messages.providerSid, 'SMforged')),
    ).toEqual([]);
  });

  it('finds conversations by name, number or text', async () => {
    expect((await conversations('castle free')).map((c) => c.phoneNumber)).toContain(
      '+15550100123',
    );
    expect((await conversations('010-0130')).map((c) => c.phoneNumber)).toEqual(['+15550100130']);
  });
});

describe('sending texts', () => {
  it('creates a conversation, sends through the carrier and reaches delivered', async () => {
    const response = await owner.json('POST', '/api/phone/text/create', {
      phoneNumber: '(555) 010-0140',
      body: 'Your bounce house is confirmed!',
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const delivered = await vi.waitFor(async () => {
      const [m] = await server.db.select().from(messages).where(eq(messages.conversationId, id));
      expect(m?.status).toBe('delivered');
      return m;
    }, WAIT);
    expect(delivered).toMatchObject({
      direction: 'outbound',
      status: 'delivered',
      providerSid: expect.stringMatching(/^SM/),
    });
    const carrier = await server.twilio.messages(delivered?.providerSid as string).fetch();
    expect(carrier).toMatchObject({
      to: '+15550100140',
      from: business,
      body: 'Your bounce house is confirmed!',
    });
  });

  it('replies in a conversation and answers the queued message', async () => {
    const conversation = await conversationWith('+15550100123');
    const response = await owner.json('POST', `/api/phone/text/${conversation?.id}/sendMessage`, {
      body: 'Yes, it is!',
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ id: expect.any(String), status: 'queued' });
  });

  it('refuses staff without phone.write with a 403', async () => {
    const staff = await server.signIn('staff@tentpole.test');
    const response = await staff.json('POST', '/api/phone/text/create', {
      phoneNumber: '5550100140',
      body: 'hi',
    });
    expect(response.status).toBe(403);
  });

  it("answers another 4xx for an invalid number: 'Invalid phone number'", async () => {
    const response = await owner.json('POST', '/api/phone/text/create', {
      phoneNumber: '0123',
      body: 'hi',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { fields: unknown } }).error.fields).toEqual({
      phoneNumber: ['Invalid phone number'],
    });
  });

  it('refuses to text when messaging is not approved', async () => {
    await server.db
      .update(phoneServices)
      .set({ messagingStatus: 'pending' })
      .where(eq(phoneServices.accountId, bounceId));
    const response = await owner.json('POST', '/api/phone/text/create', {
      phoneNumber: '5550100140',
      body: 'hi',
    });
    expect(response.status).toBe(403);
    await server.db
      .update(phoneServices)
      .set({ messagingStatus: 'approved' })
      .where(eq(phoneServices.accountId, bounceId));
  });

  it('opts a number out on STOP and refuses to text it, and back in on START', async () => {
    await textBusiness('+15550100150', 'STOP');
    await vi.waitFor(async () => {
      const found = (await conversations()).find((c) => c.phoneNumber === '+15550100150');
      expect(found?.optedOut).toBe(true);
    }, WAIT);
    const refused = await owner.json('POST', '/api/phone/text/create', {
      phoneNumber: '+15550100150',
      body: 'Sale!',
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /opted out/,
    );
    await textBusiness('+15550100150', 'start');
    await vi.waitFor(async () => {
      const found = (await conversations()).find((c) => c.phoneNumber === '+15550100150');
      expect(found?.optedOut).toBe(false);
    }, WAIT);
    expect(
      (
        await owner.json('POST', '/api/phone/text/create', {
          phoneNumber: '+15550100150',
          body: 'Welcome back',
        })
      ).status,
    ).toBe(201);
  });

  it('lets the carrier answer HELP, with exactly one reply and none of ours', async () => {
    await textBusiness('+15550100151', 'HELP');
    const toPhone = async () =>
      (await (
        await fetch(
          `${server.baseUrl}/sandbox/control/messages?from=${encodeURIComponent(business)}&to=%2B15550100151`,
        )
      ).json()) as { body: string }[];
    const replies = await vi.waitFor(async () => {
      const list = await toPhone();
      expect(list.length).toBeGreaterThanOrEqual(1);
      return list;
    }, WAIT);
    // Proving a negative (no second reply, none of ours): the carrier delivers the inbound
    // webhook to us on its own schedule, so there is no event to wait for; a short, bounded
    // pause gives a wrong reply time to arrive before counting again.
    await new Promise((r) => setTimeout(r, 300));
    expect(await toPhone()).toHaveLength(1);
    expect(replies[0]?.body).toMatch(/STOP/);
    const response = await inboundWebhook({
      MessageSid: 'SMhelp00000000000000000000000001',
      From: '+15550100152',
      To: business,
      Body: 'help',
    });
    expect(await response.text()).not.toContain('<Message>');
  });

  // Twilio's whole default list (its Advanced Opt-Out guide adds REVOKE and OPTOUT): each one
  // is an opt-out the app records, as the carrier does.
  it.each([
    ['REVOKE', '+15550100152'],
    ['optout', '+15550100153'],
  ])('opts a number out on %s too', async (word, number) => {
    await textBusiness(number, word);
    await vi.waitFor(async () => expect((await conversationWith(number))?.optedOut).toBe(true), {
      timeout: 10_000,
    });
    const refused = await owner.json('POST', '/api/phone/text/create', {
      phoneNumber: number,
      body: 'Sale!',
    });
    expect(refused.status).toBe(409);
  });
});

describe('forwarding inbound texts', () => {
  beforeAll(async () => {
    await server.db
      .update(phoneSettings)
      .set({
        forwardIncomingMessagesToMobile: true,
        forwardIncomingMessagesTo: ['+15550109001'],
        forwardIncomingMessagesToSlack: true,
        slackWebhookUrl: `http://127.0.0.1:${(slack.address() as AddressInfo).port}/hook`,
        slackChannelName: '#bookings',
      })
      .where(eq(phoneSettings.accountId, bounceId));
  });

  it('forwards once to each mobile and posts once to Slack, even when the webhook repeats', async () => {
    const params = {
      MessageSid: 'SMfwd00000000000000000000000000001',
      From: '+15550100160',
      To: business,
      Body: 'Can we add a popcorn machine?',
      NumMedia: '0',
    };
    const since = new Date(Date.now() - 1000);
    await inboundWebhook(params);
    await inboundWebhook(params);
    await inboundWebhook(params);
    // The webhook queues the forwards in its transaction: once every job queued since then has
    // run, whatever was going to be posted or sent has been, so the counts are final.
    await jobsSettled(since);
    const posts = slackPosts.filter((p) => p.text.includes('popcorn machine'));
    expect(posts).toHaveLength(1);
    expect(posts[0]?.channel).toBe('#bookings');
    const forwarded = (
      await server.twilio.messages.list({ to: '+15550109001', limit: 100 })
    ).filter((m) => m.body.includes('popcorn machine'));
    expect(forwarded).toHaveLength(1);
    expect(forwarded[0]?.body).toMatch(
      /^\(555\) 010-0160: Can we add a popcorn machine\?$|: Can we add a popcorn machine\?$/,
    );
  });
});

describe('the Slack URL guard', () => {
  it.each([
    ['http://hooks.slack.com/services/x', 'only https URLs'],
    ['https://127.0.0.1/hook', 'a private, loopback or link-local address'],
    ['https://10.1.2.3/hook', 'a private, loopback or link-local address'],
    ['https://192.168.1.10/hook', 'a private, loopback or link-local address'],
    ['https://169.254.169.254/latest/meta-data', 'a private, loopback or link-local address'],
    ['https://[::1]/hook', 'a private, loopback or link-local address'],
    ['https://user:pass@hooks.slack.com/x', 'credentials in the URL'],
  ])('refuses %s in normal mode (%s)', async (url, reason) => {
    expect(await checkWebhookUrl(url)).toBe(reason);
  });

  it('admits a loopback receiver only when the test setting allows it', async () => {
    expect(await checkWebhookUrl('http://127.0.0.1:9/hook', { allowLoopback: true })).toBeNull();
    expect(await checkWebhookUrl('http://127.0.0.1:9/hook')).not.toBeNull();
    expect(await checkWebhookUrl('https://93.184.215.14/hook')).toBeNull();
  });
});

describe('live updates over /api/events', () => {
  it('pushes message received to a signed-in stream of the same account only', async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.baseUrl}/api/events`, {
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    const read = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += new TextDecoder().decode(value);
        if (text.includes('event: message.received')) return;
      }
    })().catch(() => {});
    await vi.waitFor(() => expect(text).toContain('event: ready'), WAIT);
    await textBusiness('+15550100170', 'Live?');
    await vi.waitFor(() => expect(text).toContain('event: message.received'), WAIT);
    controller.abort();
    await read;
    expect(text).toContain('event: message.received');
    const [stored] = await server.db
      .select()
      .from(messages)
      .where(and(eq(messages.body, 'Live?'), eq(messages.accountId, bounceId)));
    expect(text).toContain(stored?.id as string);
  });

  it('tells the other tabs when a conversation is read, so their unread counts drop', async () => {
    await textBusiness('+15550100171', 'Read me');
    const conversation = await vi.waitFor(async () => {
      const found = (await conversations()).find((c) => c.phoneNumber === '+15550100171');
      expect(found?.unreadCount).toBeGreaterThan(0);
      return found;
    }, WAIT);
    const controller = new AbortController();
    const response = await fetch(`${server.baseUrl}/api/events`, {
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      signal: controller.signal,
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    const read = (async () => {
      while (!text.includes(`"conversationId":"${conversation?.id}"`)) {
        const { value, done } = await reader.read();
        if (done) return;
        text += new TextDecoder().decode(value);
      }
    })().catch(() => {});
    await vi.waitFor(() => expect(text).toContain('event: ready'), WAIT);
    await owner.json('POST', `/api/phone/text/${conversation?.id}`, {});
    await vi.waitFor(() => expect(text).toContain(`"conversationId":"${conversation?.id}"`), WAIT);
    controller.abort();
    await read;
    expect(text).toContain('event: conversation.updated');
    expect(text).toContain(`"conversationId":"${conversation?.id}"`);
  });

  it('answers 401 without a session', async () => {
    expect((await fetch(`${server.baseUrl}/api/events`)).status).toBe(401);
  });
});

describe("a customer's phone history and journey", () => {
  it('include their texts both ways', async () => {
    const conversation = await conversationWith('+15550100123');
    const customerId = (conversation?.customer as { id: string } | null | undefined)?.id;
    const phone = (await (await owner.get(`/api/customers/${customerId}/phone`)).json()) as {
      calls: unknown[];
      messages: { body: string; direction: string; conversationId: string }[];
    };
    expect(phone.messages.map((m) => [m.direction, m.body])).toEqual(
      expect.arrayContaining([
        ['inbound', 'Is the castle free on Saturday?'],
        ['outbound', 'Yes, it is!'],
      ]),
    );
    expect(phone.messages[0]?.conversationId).toBe(conversation?.id);
    const { journey } = (await (
      await owner.get(`/api/customers/${customerId}/journey`)
    ).json()) as {
      journey: { kind: string; title: string; detail: string }[];
    };
    expect(journey).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'message',
          title: 'Texted us',
          detail: 'Is the castle free on Saturday?',
        }),
        expect.objectContaining({
          kind: 'message',
          title: 'We texted them',
          detail: 'Yes, it is!',
        }),
      ]),
    );
  });
});
