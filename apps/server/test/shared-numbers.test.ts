import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, phoneServices } from '../src/features/phone/tables.js';
import { receiveText } from '../src/features/phone/texts/service.js';
import { conversations } from '../src/features/phone/texts/tables.js';
import { addMember, apiCall } from './helpers/api.js';
import { createAccountWithUser } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { signedWebhook } from './helpers/signed-webhook.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 24 item 1: several customers on one number (decision 0062). Sharing a number is asked
// for when a customer is saved; a call or a text from a shared number names nobody until the
// one who answers chooses, and the choice stays with the call or the conversation.

const BUSINESS = '+15550148000';
const FAMILY = '+15550148001';
let server: TestServer;
let owner: HttpClient;
let accountId: string;
let pat: { id: string; name: string };
let sam: { id: string };
let reader: HttpClient;

type Customer = { id: string; firstName: string; lastName: string };
type Failure = { error: { code: string; message: string; fields?: Record<string, string[]> } };
const createCustomer = (body: Record<string, unknown>) =>
  apiCall<{ customer: Customer } & Failure>(owner, 'POST', '/api/customers', body);

/** Posts a voice webhook signed as the carrier signs it. */
const voiceWebhook = (params: Record<string, string>) =>
  signedWebhook(server, { provider: 'twilio', path: 'voice', params });
const ring = (callSid: string, from: string) =>
  voiceWebhook({ CallSid: callSid, From: from, To: BUSINESS, CallStatus: 'ringing' });

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  const account = await createAccountWithUser(server.db, {
    name: 'Shared Number Rentals',
    email: 'shared-number-owner@tentpole.test',
    settings: { timezone: 'UTC', currency: 'USD' },
  });
  accountId = account.accountId;
  owner = await server.signIn(account.email);
  reader = (
    await addMember(server, accountId, 'shared-number-reader@tentpole.test', [
      'tentpole:phone.read',
    ])
  ).client;
  await server.db
    .insert(phoneServices)
    .values({ accountId, phoneNumber: BUSINESS, enabled: true, messagingStatus: 'approved' });
  const made = await createCustomer({
    firstName: 'Pat',
    lastName: 'Lee',
    email: 'pat.lee@example.com',
    phoneNumber: '(555) 014-8001',
  });
  expect(made.status).toBe(201);
  pat = { id: made.body.customer.id, name: 'Pat Lee' };
});
afterAll(() => server?.close());

describe('sharing a phone number between customers', () => {
  it('answers 409 naming the customer who has the number, unless sharing it is asked for', async () => {
    const sam1 = {
      firstName: 'Sam',
      lastName: 'Lee',
      email: 'sam.lee@example.com',
      phoneNumber: '555.014.8001',
    };
    const refused = await createCustomer(sam1);
    expect(refused.status).toBe(409);
    expect(refused.body.error.fields).toEqual({
      phoneNumber: ['Pat Lee already has this phone number.'],
    });
    const shared = await createCustomer({ ...sam1, sharePhoneNumber: true });
    expect(shared.status).toBe(201);
    expect(shared.body.customer).toMatchObject({ firstName: 'Sam', phoneNumber: FAMILY });
    sam = { id: shared.body.customer.id };
  });

  it('never shares an e-mail address, even when sharing the number is asked for', async () => {
    const refused = await createCustomer({
      firstName: 'Robin',
      lastName: 'Lee',
      email: 'PAT.LEE@example.com',
      phoneNumber: FAMILY,
      sharePhoneNumber: true,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.fields).toEqual({
      email: ['Pat Lee already has this e-mail address.'],
    });
  });

  it('asks again when a change gives a customer a number someone else has', async () => {
    const jo = await createCustomer({
      firstName: 'Jo',
      lastName: 'Park',
      email: 'jo.park@example.com',
      phoneNumber: '5550148077',
    });
    const path = `/api/customers/${jo.body.customer.id}`;
    const refused = await apiCall<Failure>(owner, 'PATCH', path, { phoneNumber: FAMILY });
    expect(refused.status).toBe(409);
    const shared = await apiCall<{ customer: Customer }>(owner, 'PATCH', path, {
      phoneNumber: '5550148077',
      sharePhoneNumber: true,
    });
    expect(shared.status).toBe(200);
  });

  it('lets only one of two saves racing with one new number through without sharing it', async () => {
    const racer = (i: number) =>
      createCustomer({
        firstName: `Racer${i}`,
        lastName: 'Quick',
        email: `racer-${i}@example.com`,
        phoneNumber: '5550148099',
      });
    const answers = await Promise.all([racer(1), racer(2), racer(3)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  });
});

describe('a call from a shared number', () => {
  it('names nobody in the ringing browsers, and gives them the call to choose for', async () => {
    const response = await ring('CAshared000000000000000000000000001', FAMILY);
    const xml = await response.text();
    expect(xml).not.toMatch(/name="customerId"/);
    expect(xml).toMatch(/<Parameter name="From" value="\+15550148001"\/>/);
    expect(xml).toMatch(/<Parameter name="callSid" value="CAshared000000000000000000000000001"\/>/);
    const [call] = await server.db
      .select({ customerId: calls.customerId })
      .from(calls)
      .where(eq(calls.callSid, 'CAshared000000000000000000000000001'));
    expect(call?.customerId).toBeNull();
  });

  it('still names the one customer of a number nobody shares', async () => {
    const xml = await (await ring('CAshared000000000000000000000000002', '+15550148077')).text();
    expect(xml).toMatch(/<Parameter name="customerId" value="[0-9a-f-]{36}"\/>/);
  });

  it('lists who shares the number, however it is written, by name', async () => {
    const { status, body } = await apiCall<{ customers: Customer[] }>(
      reader,
      'GET',
      `/api/phone/callers?number=${encodeURIComponent('(555) 014-8001')}`,
    );
    expect(status).toBe(200);
    expect(body.customers.map((c) => `${c.firstName} ${c.lastName}`)).toEqual([
      'Pat Lee',
      'Sam Lee',
    ]);
    const none = await apiCall<{ customers: Customer[] }>(
      reader,
      'GET',
      '/api/phone/callers?number=5550148055',
    );
    expect(none.body.customers).toEqual([]);
  });

  it('keeps the choice on the call, for the log', async () => {
    const chosen = await apiCall<{ customer: Customer }>(
      reader,
      'PUT',
      '/api/phone/calls/CAshared000000000000000000000000001/customer',
      { customerId: sam.id },
    );
    expect(chosen.status).toBe(200);
    expect(chosen.body.customer).toMatchObject({ id: sam.id, firstName: 'Sam' });
    const [call] = await server.db
      .select({ customerId: calls.customerId })
      .from(calls)
      .where(
        and(
          eq(calls.accountId, accountId),
          eq(calls.callSid, 'CAshared000000000000000000000000001'),
        ),
      );
    expect(call?.customerId).toBe(sam.id);
  });

  it('refuses a customer who does not have the number, and a call that is not there', async () => {
    const path = '/api/phone/calls/CAshared000000000000000000000000001/customer';
    for (const customerId of [
      (await createCustomer({ firstName: 'Al', lastName: 'X', email: 'al.x@example.com' })).body
        .customer.id,
      'not-a-uuid',
    ]) {
      const refused = await apiCall<Failure>(reader, 'PUT', path, { customerId });
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields).toEqual({
        customerId: ['Choose a customer with this phone number'],
      });
    }
    const missing = await apiCall<Failure>(
      reader,
      'PUT',
      '/api/phone/calls/CAnothere0000000000000000000000001/customer',
      { customerId: pat.id },
    );
    expect(missing.status).toBe(404);
  });
});

describe('texts from a shared number', () => {
  it('link nobody until someone chooses, and then the chosen customer', async () => {
    await receiveText(server.db, {
      accountId,
      from: FAMILY,
      body: 'Is the castle still free on Saturday?',
      sid: 'SMshared00000000000000000000000001',
    });
    const [conversation] = await server.db
      .select({ id: conversations.id, customerId: conversations.customerId })
      .from(conversations)
      .where(and(eq(conversations.accountId, accountId), eq(conversations.phoneNumber, FAMILY)));
    expect(conversation?.customerId).toBeNull();
    const before = await apiCall<{ customerDetails: { displayName: string } }>(
      owner,
      'POST',
      `/api/phone/text/${conversation?.id}`,
      {},
    );
    expect(before.body.customerDetails.displayName).toBe('(555) 014-8001');
    const path = `/api/phone/text/${conversation?.id}/customer`;
    // Choosing who a thread is with is texting staff's call, not a reader's.
    expect((await apiCall(reader, 'PUT', path, { customerId: pat.id })).status).toBe(403);
    const chosen = await apiCall<{ customer: Customer }>(owner, 'PUT', path, {
      customerId: pat.id,
    });
    expect(chosen.status).toBe(200);
    const thread = await apiCall<{ customerDetails: { displayName: string } }>(
      owner,
      'POST',
      `/api/phone/text/${conversation?.id}`,
      {},
    );
    expect(thread.body.customerDetails.displayName).toBe('Pat Lee');
    const inbox = await apiCall<{
      conversations: { id: string; customer: { id: string } | null }[];
    }>(owner, 'GET', '/api/phone/text');
    expect(inbox.body.conversations.find((c) => c.id === conversation?.id)?.customer?.id).toBe(
      pat.id,
    );
  });
});
