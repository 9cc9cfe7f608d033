import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/auth/tables.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const valid = {
  voicemailText: 'Leave a message after the tone.',
  showCallerId: false,
  forwardIncomingCallsToMobile: true,
  forwardIncomingCallsTo: ['(555) 010-9001'],
  forwardIncomingMessagesToMobile: true,
  forwardIncomingMessagesTo: ['555-010-9002'],
  mobileClickToCall: true,
  forwardIncomingMessagesToSlack: true,
  slackWebhookUrl: 'https://hooks.slack.com/services/T000/B000/XXXX',
  slackChannelName: '#bookings',
};

type ErrorBody = { error: { code: string; fields?: Record<string, string[]> } };

describe('phone settings', () => {
  it('reads Bounce Kingdom’s settings with every spec §3 field', async () => {
    const owner = await server.signIn('owner@tentpole.test');
    const response = await owner.get('/api/phone/settings');
    expect(response.status).toBe(200);
    expect(Object.keys(await response.json()).sort()).toEqual([
      'forwardIncomingCallsTo',
      'forwardIncomingCallsToMobile',
      'forwardIncomingMessagesTo',
      'forwardIncomingMessagesToMobile',
      'forwardIncomingMessagesToSlack',
      'mobileClickToCall',
      'showCallerId',
      'slackChannelName',
      'slackWebhookUrl',
      'voicemailText',
    ]);
  });

  it('answers 404 for an account that has not set them up (spec §4: treated as null)', async () => {
    const owner = await server.signIn('owner@tentpole.test');
    const [sunshine] = await server.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.name, 'Sunshine Tents & Events'));
    await owner.updateSession({ accountId: sunshine?.id });
    expect((await owner.get('/api/phone/settings')).status).toBe(404);
  });

  it('saves valid settings, storing forwarding numbers as E.164, and reads them back', async () => {
    const owner = await server.signIn('owner@tentpole.test');
    const saved = await owner.json('POST', '/api/phone/settings/save', valid);
    expect(saved.status).toBe(200);
    const read = await (await owner.get('/api/phone/settings')).json();
    expect(read).toEqual({
      ...valid,
      forwardIncomingCallsTo: ['+15550109001'],
      forwardIncomingMessagesTo: ['+15550109002'],
    });
  });

  it("rejects bad settings with the spec's messages, field by field", async () => {
    const owner = await server.signIn('owner@tentpole.test');
    const response = await owner.json('POST', '/api/phone/settings/save', {
      ...valid,
      voicemailText: ' ',
      forwardIncomingCallsTo: ['call me', ''],
      slackWebhookUrl: 'not a url',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.fields).toEqual({
      voicemailText: ['Voice mail text is required'],
      'forwardIncomingCallsTo.0': ['Forwarding number must be a valid phone number'],
      'forwardIncomingCallsTo.1': ['You must enter a phone number'],
      slackWebhookUrl: ['Invalid webhook URL'],
    });
  });

  it('lets the manager read but not save (account.write), and staff neither', async () => {
    const manager = await server.signIn('manager@tentpole.test');
    expect((await manager.get('/api/phone/settings')).status).toBe(200);
    const refused = await manager.json('POST', '/api/phone/settings/save', valid);
    expect(refused.status).toBe(403);
    const staff = await server.signIn('staff@tentpole.test');
    expect((await staff.get('/api/phone/settings')).status).toBe(403);
  });

  it('refuses more than 10 forwarding numbers with a 400 naming the field', async () => {
    const owner = await server.signIn('owner@tentpole.test');
    const numbers = Array.from({ length: 11 }, (_, i) => `555010${String(9100 + i)}`);
    const response = await owner.json('POST', '/api/phone/settings/save', {
      ...valid,
      forwardIncomingMessagesTo: numbers,
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.fields?.forwardIncomingMessagesTo).toEqual(['At most 10 forwarding numbers']);
  });
});
