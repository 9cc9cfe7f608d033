import {
  ALREADY_HAS_NUMBER_MESSAGE,
  AREA_CODE_MESSAGE,
  availableNumbersResponseSchema,
  CONFIRM_EMAIL_FOR_NUMBER_MESSAGE,
  checklistSchema,
  connectNumberResponseSchema,
  NUMBER_TAKEN_MESSAGE,
  signUpResponseSchema,
} from '@tentpole/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { accounts, users } from '../src/auth/tables.js';
import { PURCHASE_GRACE_MS } from '../src/features/phone/connect-number.js';
import { reconcilePhoneServices } from '../src/features/phone/provisioning.js';
import { phoneServices } from '../src/features/phone/tables.js';
import { SIGN_UPS_PER_ADDRESS } from '../src/features/signup/service.js';
import { rateLimitHits } from '../src/http/tables.js';
import { webhookUrls } from '../src/telephony/webhook-urls.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Decision 0066: a new business finds a local number by area code and buys it from Settings →
// Reach; the checklist's phone step is then done. One account never buys two numbers.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
beforeEach(async () => {
  await server.db
    .delete(rateLimitHits)
    .where(eq(rateLimitHits.key, `${SIGN_UPS_PER_ADDRESS.name}:127.0.0.1`));
});

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string[]> } };

async function call<T = unknown>(client: HttpClient, method: string, path: string, body?: unknown) {
  const response =
    body === undefined
      ? await client.request(path, { method })
      : await client.json(method, path, body);
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

let sequence = 0;
/**
 * A new business on its core trial (Reach included), signed in as its owner, who has confirmed
 * their e-mail (as through the link; signup.test.ts tests the link) unless `verified` is false.
 */
async function newBusiness({ verified = true } = {}) {
  sequence += 1;
  const email = `number-${sequence}-${Date.now()}@example.com`;
  const client = server.client();
  const created = await call(client, 'POST', '/api/signup', {
    name: 'Nina Number',
    email,
    password: 'bounce bounce 123',
    businessName: `Number Rentals ${sequence}`,
  });
  expect(created.status).toBe(201);
  expect((await client.signIn(email, 'bounce bounce 123')).ok).toBe(true);
  if (verified) {
    await server.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.email, email));
  }
  return { client, accountId: signUpResponseSchema.parse(created.body).accountId };
}

async function search(client: HttpClient, areaCode: string) {
  const { status, body } = await call(
    client,
    'GET',
    `/api/phone/numbers/available?areaCode=${areaCode}`,
  );
  expect(status).toBe(200);
  return availableNumbersResponseSchema.parse(body).numbers;
}

const phoneStepDone = async (client: HttpClient) => {
  const { body } = await call(client, 'GET', '/api/signup/checklist');
  return checklistSchema.parse(body).steps.find((s) => s.step === 'phone')?.done;
};

const serviceOf = async (accountId: string) =>
  (await server.db.select().from(phoneServices).where(eq(phoneServices.accountId, accountId)))[0];

describe('connecting a number', () => {
  it('lists up to 10 local numbers in the area code asked for', async () => {
    const { client } = await newBusiness();
    const numbers = await search(client, '512');
    expect(numbers).toHaveLength(10);
    for (const n of numbers) {
      expect(n.phoneNumber).toMatch(/^\+1512\d{7}$/);
      expect(n).toMatchObject({ locality: expect.any(String), region: expect.any(String) });
    }
    // No area code: numbers anywhere.
    const { status, body } = await call(client, 'GET', '/api/phone/numbers/available');
    expect(status).toBe(200);
    expect(availableNumbersResponseSchema.parse(body).numbers.length).toBeGreaterThan(0);
  });

  it.each(['51', '5120', 'abc'])('refuses the area code %j with a field error', async (code) => {
    const { client } = await newBusiness();
    const { status, body } = await call<ErrorBody>(
      client,
      'GET',
      `/api/phone/numbers/available?areaCode=${code}`,
    );
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({ areaCode: [AREA_CODE_MESSAGE] });
  });

  it('buys the number with its webhooks at this server, stores it and ticks the checklist', async () => {
    const { client, accountId } = await newBusiness();
    expect(await phoneStepDone(client)).toBe(false);
    const [chosen] = await search(client, '512');
    const bought = await call(client, 'POST', '/api/phone/numbers', {
      phoneNumber: chosen?.phoneNumber,
    });
    expect(bought.status).toBe(201);
    // Texts wait for A2P registration; calls work at once.
    expect(connectNumberResponseSchema.parse(bought.body)).toEqual({
      phoneNumber: chosen?.phoneNumber,
      messagingStatus: null,
    });

    const service = await serviceOf(accountId);
    expect(service).toMatchObject({
      phoneNumber: chosen?.phoneNumber,
      enabled: true,
      messagingStatus: null,
      numberSid: expect.stringMatching(/^PN/),
      twimlAppSid: expect.stringMatching(/^AP/),
    });
    const urls = webhookUrls(server.baseUrl);
    const atCarrier = await server.twilio
      .incomingPhoneNumbers(service?.numberSid as string)
      .fetch();
    expect(atCarrier).toMatchObject({
      phoneNumber: chosen?.phoneNumber,
      voiceUrl: urls.voice,
      smsUrl: urls.sms,
      statusCallback: urls.status,
    });
    const app = await server.twilio.applications(service?.twimlAppSid as string).fetch();
    expect(app.voiceUrl).toBe(urls.voice);

    expect(await phoneStepDone(client)).toBe(true);
    const info = await call<{ enabled: boolean; businessNumber: string }>(
      client,
      'GET',
      '/api/phone',
    );
    expect(info.body).toMatchObject({ enabled: true, businessNumber: chosen?.phoneNumber });
    // The number is no longer offered.
    expect((await search(client, '512')).map((n) => n.phoneNumber)).not.toContain(
      chosen?.phoneNumber,
    );

    // A second number: 409, and nothing bought.
    const [other] = await search(client, '512');
    const again = await call<ErrorBody>(client, 'POST', '/api/phone/numbers', {
      phoneNumber: other?.phoneNumber,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(ALREADY_HAS_NUMBER_MESSAGE);
    expect(
      await server.twilio.incomingPhoneNumbers.list({ phoneNumber: other?.phoneNumber as string }),
    ).toHaveLength(0);
  });

  it('two requests at once buy exactly one number', async () => {
    const { client, accountId } = await newBusiness();
    const [a, b] = await search(client, '737');
    const answers = await Promise.all(
      [a, b].map((n) =>
        call(client, 'POST', '/api/phone/numbers', { phoneNumber: n?.phoneNumber }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const owned = await server.twilio.incomingPhoneNumbers.list();
    const boughtOfTwo = owned.filter(
      (n) => n.phoneNumber === a?.phoneNumber || n.phoneNumber === b?.phoneNumber,
    );
    expect(boughtOfTwo).toHaveLength(1);
    expect((await serviceOf(accountId))?.phoneNumber).toBe(boughtOfTwo[0]?.phoneNumber);
  });

  it("a purchase under way is not bought again by another instance's startup reconcile", async () => {
    const { client, accountId } = await newBusiness();
    const [chosen] = await search(client, '512');
    const ownedBefore = (await server.twilio.incomingPhoneNumbers.list()).length;
    // The carrier takes a moment to sell the number; another instance starts meanwhile.
    const armed = await fetch(`${server.baseUrl}/sandbox/control/faults/rest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'hang',
        when: 'before',
        count: 1,
        delayMs: 1_500,
        method: 'POST',
        resource: 'IncomingPhoneNumbers.json',
      }),
    });
    expect(armed.status).toBe(201);
    try {
      const buying = call(client, 'POST', '/api/phone/numbers', {
        phoneNumber: chosen?.phoneNumber,
      });
      await vi.waitFor(async () => expect(await serviceOf(accountId)).toBeDefined(), {
        timeout: 5_000,
      });
      await reconcilePhoneServices(server.db, server.twilio, server.baseUrl);
      // …and another request for the business is told it has one coming.
      const again = await call<ErrorBody>(client, 'POST', '/api/phone/numbers', {
        phoneNumber: chosen?.phoneNumber,
      });
      expect(again.status).toBe(409);
      expect(again.body.error.message).toBe(ALREADY_HAS_NUMBER_MESSAGE);
      expect((await buying).status).toBe(201);
    } finally {
      await fetch(`${server.baseUrl}/sandbox/control/faults`, { method: 'DELETE' });
    }
    // One number bought, the one chosen.
    expect(await server.twilio.incomingPhoneNumbers.list()).toHaveLength(ownedBefore + 1);
    expect(await serviceOf(accountId)).toMatchObject({
      phoneNumber: chosen?.phoneNumber,
      enabled: true,
    });
  });

  it('a reservation a crash left behind is taken over by the next request, which buys', async () => {
    const { client, accountId } = await newBusiness();
    const [chosen] = await search(client, '512');
    await server.db.insert(phoneServices).values({
      accountId,
      enabled: false,
      createdAt: new Date(Date.now() - PURCHASE_GRACE_MS - 1_000),
    });
    const bought = await call(client, 'POST', '/api/phone/numbers', {
      phoneNumber: chosen?.phoneNumber,
    });
    expect(bought.status).toBe(201);
    expect(await serviceOf(accountId)).toMatchObject({
      phoneNumber: chosen?.phoneNumber,
      enabled: true,
    });
  });

  it('a number taken since the search: 409 with a clear message, and the business may choose another', async () => {
    const { client, accountId } = await newBusiness();
    const [taken, free] = await search(client, '415');
    // Someone else buys it at the carrier first.
    await server.twilio.incomingPhoneNumbers.create({ phoneNumber: taken?.phoneNumber as string });
    const refused = await call<ErrorBody>(client, 'POST', '/api/phone/numbers', {
      phoneNumber: taken?.phoneNumber,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('That number was just taken. Choose another.');
    expect(refused.body.error.message).toBe(NUMBER_TAKEN_MESSAGE);
    // The reservation is gone: the business is not stuck.
    expect(await serviceOf(accountId)).toBeUndefined();
    expect(await phoneStepDone(client)).toBe(false);

    const bought = await call(client, 'POST', '/api/phone/numbers', {
      phoneNumber: free?.phoneNumber,
    });
    expect(bought.status).toBe(201);
    expect((await serviceOf(accountId))?.phoneNumber).toBe(free?.phoneNumber);
  });

  it('an owner who has not confirmed their e-mail may search but not buy', async () => {
    const { client, accountId } = await newBusiness({ verified: false });
    const [chosen] = await search(client, '512');
    const refused = await call<ErrorBody>(client, 'POST', '/api/phone/numbers', {
      phoneNumber: chosen?.phoneNumber,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(CONFIRM_EMAIL_FOR_NUMBER_MESSAGE);
    expect(await serviceOf(accountId)).toBeUndefined();
    expect(
      await server.twilio.incomingPhoneNumbers.list({ phoneNumber: chosen?.phoneNumber as string }),
    ).toHaveLength(0);
  });

  it('refuses a body without a number with a field error', async () => {
    const { client, accountId } = await newBusiness();
    const { status, body } = await call<ErrorBody>(client, 'POST', '/api/phone/numbers', {
      phoneNumber: '512',
    });
    expect(status).toBe(400);
    expect(Object.keys(body.error.fields ?? {})).toEqual(['phoneNumber']);
    expect(await serviceOf(accountId)).toBeUndefined();
  });

  it('a free plan cannot: 403 plan_limit', async () => {
    const { client, accountId } = await newBusiness();
    await server.db.update(accounts).set({ planLevel: 'free' }).where(eq(accounts.id, accountId));
    for (const [method, path, body] of [
      ['GET', '/api/phone/numbers/available?areaCode=512', undefined],
      ['POST', '/api/phone/numbers', { phoneNumber: '+15120190100' }],
    ] as const) {
      const answer = await call<ErrorBody>(client, method, path, body);
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('plan_limit');
    }
    expect(await serviceOf(accountId)).toBeUndefined();
  });

  it('a member without account.write cannot: 403', async () => {
    const staff = await server.signIn('staff@tentpole.test');
    for (const [method, path, body] of [
      ['GET', '/api/phone/numbers/available?areaCode=512', undefined],
      ['POST', '/api/phone/numbers', { phoneNumber: '+15120190100' }],
    ] as const) {
      const answer = await call<ErrorBody>(staff, method, path, body);
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('forbidden');
    }
  });
});
