import { DEFAULT_SCHEDULE, DEFAULT_TEXT_BACK_TEMPLATES } from '@tentpole/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { accounts } from '../src/auth/tables.js';
import { customers } from '../src/features/customers/tables.js';
import { orderLines } from '../src/features/orders/tables.js';
import {
  missedCallTextBacks,
  phoneServices,
  textBackSettings,
} from '../src/features/phone/tables.js';
import { conversations, messages, smsOptOuts } from '../src/features/phone/texts/tables.js';
import { schedules } from '../src/features/schedule/tables.js';
import { createOrder } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { signedWebhook } from './helpers/signed-webhook.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 24 item 4: a caller nobody answered gets one text a day, if the account turned it on.

let server: TestServer;
let owner: HttpClient;
let bounce: { id: string; number: string };
let numberSeq = 0;
/** A number that never called or texted Bounce Kingdom before. */
function newNumber() {
  numberSeq += 1;
  return `+1555013${String(1000 + numberSeq).slice(-4)}`;
}
let sidSeq = 0;
function nextSid(prefix: string) {
  sidSeq += 1;
  return `${prefix}${String(sidSeq).padStart(34 - prefix.length, '0')}`;
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.signIn('owner@tentpole.test');
  const [row] = await server.db
    .select({ id: accounts.id, number: phoneServices.phoneNumber })
    .from(accounts)
    .innerJoin(phoneServices, eq(phoneServices.accountId, accounts.id))
    .where(eq(accounts.name, 'Bounce Kingdom Party Rentals'));
  bounce = { id: row?.id as string, number: row?.number as string };
}, 60_000);
afterAll(() => server?.close());

const ALWAYS_OPEN = Object.fromEntries(
  Object.keys(DEFAULT_SCHEDULE.businessHours).map((day) => [
    day,
    { closed: false, intervals: [{ open: '00:00', close: '23:59' }] },
  ]),
) as typeof DEFAULT_SCHEDULE.businessHours;
const ALWAYS_CLOSED = Object.fromEntries(
  Object.keys(DEFAULT_SCHEDULE.businessHours).map((day) => [
    day,
    { closed: true as boolean, intervals: [] as { open: string; close: string }[] },
  ]),
) as typeof DEFAULT_SCHEDULE.businessHours;

async function setBusinessHours(hours: typeof DEFAULT_SCHEDULE.businessHours) {
  const values = { ...DEFAULT_SCHEDULE, businessHours: hours, updatedAt: new Date() };
  await server.db
    .insert(schedules)
    .values({ accountId: bounce.id, ...values })
    .onConflictDoUpdate({ target: schedules.accountId, set: values });
}

async function turnOn(enabled = true) {
  const response = await owner.request('/api/phone/text-back', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ enabled, ...DEFAULT_TEXT_BACK_TEMPLATES }),
  });
  expect(response.status).toBe(200);
}

beforeEach(async () => {
  await setBusinessHours(ALWAYS_OPEN);
  await turnOn();
});

/** Posts a webhook signed as the carrier signs it. */
const webhook = (path: string, params: Record<string, string>, token?: string) =>
  signedWebhook(server, { provider: 'twilio', path, params, idempotencyToken: token });

/** An inbound call from `from` that rang out: the carrier's final status for the call. */
async function missedCall(from: string, { finalStatus = 'no-answer', deliveries = 1 } = {}) {
  const CallSid = nextSid('CAtextback');
  const params = {
    CallSid,
    AccountSid: server.telephony.accountSid,
    From: from,
    To: bounce.number,
    Direction: 'inbound',
  };
  await webhook('voice', { ...params, CallStatus: 'ringing' });
  // Several deliveries at once, each with its own idempotency token: as when the carrier
  // retries a callback it thought lost while the first is still being handled.
  const answers = await Promise.all(
    Array.from({ length: deliveries }, (_, i) =>
      webhook(
        'voice/status',
        { ...params, CallStatus: finalStatus, SequenceNumber: '3' },
        `tok-${CallSid}-${i}`,
      ),
    ),
  );
  for (const answer of answers) expect(answer.status).toBe(204);
  return CallSid;
}

async function textsTo(number: string) {
  return server.db
    .select({ body: messages.body, status: messages.status })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(conversations.accountId, bounce.id),
        eq(conversations.phoneNumber, number),
        eq(messages.direction, 'outbound'),
      ),
    );
}

async function claimsOf(number: string) {
  return server.db
    .select()
    .from(missedCallTextBacks)
    .where(
      and(
        eq(missedCallTextBacks.accountId, bounce.id),
        eq(missedCallTextBacks.phoneNumber, number),
      ),
    );
}

describe('settings (GET/PUT /api/phone/text-back)', () => {
  it('is off with the shipped templates until the account saves it', async () => {
    await server.db.delete(textBackSettings).where(eq(textBackSettings.accountId, bounce.id));
    const response = await owner.get('/api/phone/text-back');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ enabled: false, ...DEFAULT_TEXT_BACK_TEMPLATES });
  });

  it('refuses an unknown field, and an order field in the new-caller text, with field errors', async () => {
    const response = await owner.request('/api/phone/text-back', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        enabled: true,
        newCaller: 'Hi {{order.number}}',
        knownCaller: 'Hi {{customer.nickname}}',
        afterHours: 'Closed',
      }),
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { fields: Record<string, string[]> } };
    expect(error.fields.newCaller).toEqual([
      '{{order.number}} is only known for a caller with an order',
    ]);
    expect(error.fields.knownCaller).toEqual(['Unknown field: {{customer.nickname}}']);
  });

  it('may be read but not saved without account.write', async () => {
    const manager = await server.signIn('manager@tentpole.test');
    const saved = await manager.request('/api/phone/text-back', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: true, ...DEFAULT_TEXT_BACK_TEMPLATES }),
    });
    expect(saved.status).toBe(403);
    expect((await manager.get('/api/phone/text-back')).status).toBe(200);
  });
});

describe('a missed call gets a text back', () => {
  it('texts nothing while the account has it off', async () => {
    await turnOn(false);
    const from = newNumber();
    await missedCall(from);
    expect(await textsTo(from)).toEqual([]);
    expect(await claimsOf(from)).toEqual([]);
  });

  it("asks a new caller for the party's date and ZIP with the store link, once a day", async () => {
    const from = newNumber();
    await missedCall(from);
    const texts = await textsTo(from);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toBe(
      `Hi, this is Bounce Kingdom Party Rentals. Sorry we missed your call! What date and ZIP code is your party? Reply here, or see what is available: ${server.baseUrl}/s/bounce-kingdom`,
    );
    // The link is the account's store, live.
    expect((await fetch(`${server.baseUrl}/s/bounce-kingdom`)).status).toBe(200);
    // A second missed call the same day (and a voicemail-ended one) texts nothing more.
    await missedCall(from, { finalStatus: 'completed' });
    await missedCall(from, { finalStatus: 'busy' });
    expect(await textsTo(from)).toHaveLength(1);
    expect(await claimsOf(from)).toHaveLength(1);
    // The carrier gets it through the job queue like every other text.
    await vi.waitFor(
      async () => {
        const carrier = (await (
          await fetch(`${server.baseUrl}/sandbox/control/messages?to=${encodeURIComponent(from)}`)
        ).json()) as { body: string }[];
        expect(carrier.map((m) => m.body)).toEqual([texts[0]?.body]);
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  it('sends nothing for an answered call', async () => {
    const from = newNumber();
    const CallSid = nextSid('CAanswered');
    const params = { CallSid, From: from, To: bounce.number, Direction: 'inbound' };
    await webhook('voice', { ...params, CallStatus: 'ringing' });
    await webhook('voice/status', {
      CallSid: 'CAleg0001',
      ParentCallSid: CallSid,
      CallStatus: 'in-progress',
      To: '+15550109999',
      SequenceNumber: '2',
    });
    await webhook('voice/status', { ...params, CallStatus: 'completed', SequenceNumber: '3' });
    expect(await textsTo(from)).toEqual([]);
  });

  it('texts a known caller about their order ahead', async () => {
    const from = newNumber();
    const [customer] = await server.db
      .insert(customers)
      .values({
        accountId: bounce.id,
        firstName: 'Priya',
        lastName: 'Textback',
        email: `priya-${from.slice(-4)}@example.com`,
        phoneNumber: from,
      })
      .returning({ id: customers.id });
    const ahead = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const order = await createOrder(server.db, {
      accountId: bounce.id,
      customerId: customer?.id as string,
      number: 90_000 + sidSeq,
      eventDate: ahead,
    });
    await server.db.insert(orderLines).values({
      accountId: bounce.id,
      orderId: order.id,
      kind: 'product',
      description: 'Castle Combo',
      quantity: 1,
      unitPriceCents: 10_000,
    });
    await missedCall(from);
    const [text] = await textsTo(from);
    expect(text?.body).toMatch(
      /^Hi Priya, this is Bounce Kingdom Party Rentals\. Sorry we missed your call! Calling about your party on \w+day, \w+ \d+ \(Castle Combo\)\? Reply here and we'll get right back to you\.$/,
    );
    expect((await claimsOf(from))[0]?.kind).toBe('knownCaller');
  });

  it('sends the after-hours text outside business hours', async () => {
    await setBusinessHours(ALWAYS_CLOSED);
    const from = newNumber();
    await missedCall(from);
    const [text] = await textsTo(from);
    expect(text?.body).toBe(
      `Thanks for calling Bounce Kingdom Party Rentals! We're closed right now and will call you back when we open. What date and ZIP code is your party? See what is available: ${server.baseUrl}/s/bounce-kingdom`,
    );
    expect((await claimsOf(from))[0]?.kind).toBe('afterHours');
  });

  it('honours STOP: no text to a number that opted out, and the claim says why', async () => {
    const from = newNumber();
    await server.db.insert(smsOptOuts).values({ accountId: bounce.id, phoneNumber: from });
    await missedCall(from);
    expect(await textsTo(from)).toEqual([]);
    const [claim] = await claimsOf(from);
    expect(claim?.messageId).toBeNull();
    expect(claim?.skippedReason).toBe('The customer opted out of texts (STOP).');
  });

  it('queues one text when the final status arrives eight times at once', async () => {
    const from = newNumber();
    await missedCall(from, { deliveries: 8 });
    expect(await textsTo(from)).toHaveLength(1);
    expect(await claimsOf(from)).toHaveLength(1);
  });

  it('queues one text when two different missed calls from one number end at the same moment', async () => {
    const from = newNumber();
    await Promise.all([missedCall(from), missedCall(from, { finalStatus: 'busy' })]);
    expect(await textsTo(from)).toHaveLength(1);
  });
});

describe('through the sandbox carrier', () => {
  it('a new number calls and hangs up: exactly one text back reaches its phone', async () => {
    const from = newNumber();
    const placed = await fetch(`${server.baseUrl}/sandbox/control/calls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from, to: bounce.number }),
    });
    expect(placed.status).toBe(201);
    const { callSid } = (await placed.json()) as { callSid: string };
    // The caller gives up while it rings.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await fetch(`${server.baseUrl}/sandbox/control/calls/${callSid}/hangup`, { method: 'POST' });
    const carrier = await vi.waitFor(
      async () => {
        const list = (await (
          await fetch(`${server.baseUrl}/sandbox/control/messages?to=${encodeURIComponent(from)}`)
        ).json()) as { body: string; from: string }[];
        if (list.length === 0) throw new Error('no text yet');
        return list;
      },
      { timeout: 30_000, interval: 100 },
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(carrier).toHaveLength(1);
    expect(carrier[0]).toMatchObject({ from: bounce.number });
    expect(carrier[0]?.body).toContain('What date and ZIP code is your party?');
  }, 60_000);
});

// Two instances on one PostgreSQL database: the claim row is the only thing they share.
describe.runIf(process.env.DATABASE_URL)('two instances', () => {
  it('queue one text when both get the final status of the same missed call at once', async () => {
    const other = await startTestServer({ databaseUrl: server.databaseUrl as string });
    try {
      const from = newNumber();
      const CallSid = nextSid('CAtwoinst');
      const params = {
        CallSid,
        AccountSid: server.telephony.accountSid,
        From: from,
        To: bounce.number,
        Direction: 'inbound',
      };
      await webhook('voice', { ...params, CallStatus: 'ringing' });
      const post = (instance: TestServer, token: string) =>
        signedWebhook(instance, {
          provider: 'twilio',
          path: 'voice/status',
          params: { ...params, CallStatus: 'no-answer', SequenceNumber: '3' },
          idempotencyToken: token,
        });
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          post(i % 2 === 0 ? server : other, `two-${CallSid}-${i}`),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(204));
      expect(await textsTo(from)).toHaveLength(1);
      expect(await claimsOf(from)).toHaveLength(1);
    } finally {
      await other.close();
    }
  }, 60_000);
});
