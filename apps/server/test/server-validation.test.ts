import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 14 item 7: what the server refuses on top of the forms' own rules, each a 400 that
// names the field (before, each of these was stored or sent).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

type ErrorBody = { error: { code: string; fields?: Record<string, string[]> } };
const fieldsOf = async (response: Response) => ((await response.json()) as ErrorBody).error.fields;

const settings = {
  voicemailText: 'Leave a message after the tone.',
  showCallerId: false,
  forwardIncomingCallsToMobile: false,
  forwardIncomingCallsTo: [],
  forwardIncomingMessagesToMobile: false,
  forwardIncomingMessagesTo: [],
  mobileClickToCall: false,
  forwardIncomingMessagesToSlack: false,
};

describe('customers', () => {
  it('refuses an e-mail that is not an address and a number no carrier can dial', async () => {
    const owner = await server.signIn('owner@tentpole.test');
    const response = await owner.json('POST', '/api/customers', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada at example',
      phoneNumber: '123',
    });
    expect(response.status).toBe(400);
    expect(await fieldsOf(response)).toEqual({
      email: ['Email must be an email address'],
      phoneNumber: ['Invalid phone number'],
    });
    const created = await owner.json('POST', '/api/customers', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada.validation@example.com',
      phoneNumber: '(555) 010-7788',
    });
    expect(created.status).toBe(201);
    const { customer } = (await created.json()) as { customer: { id: string } };
    const patched = await owner.json('PATCH', `/api/customers/${customer.id}`, {
      email: 'nobody',
    });
    expect(patched.status).toBe(400);
    expect(await fieldsOf(patched)).toEqual({ email: ['Email must be an email address'] });
  });
});

describe('numbers to text and call', () => {
  it('refuses a number that passes the spec rule but is not a possible number', async () => {
    const owner = await server.signIn('owner@tentpole.test');
    const text = await owner.json('POST', '/api/phone/text/create', {
      phoneNumber: '123',
      body: 'Hello',
    });
    expect(text.status).toBe(400);
    expect(await fieldsOf(text)).toEqual({ phoneNumber: ['Invalid phone number'] });
    const call = await owner.json('POST', '/api/phone/voice/call', { phoneNumber: '+12345' });
    expect(call.status).toBe(400);
    expect(await fieldsOf(call)).toEqual({ phoneNumber: ['Invalid phone number'] });
  });
});

describe('phone settings that cannot work', () => {
  it('refuses forwarding with nowhere to forward to, Slack with no URL or over http', async () => {
    const owner = await server.signIn('owner@tentpole.test');
    const nowhere = await owner.json('POST', '/api/phone/settings/save', {
      ...settings,
      forwardIncomingCallsToMobile: true,
      forwardIncomingMessagesToMobile: true,
      forwardIncomingMessagesToSlack: true,
    });
    expect(nowhere.status).toBe(400);
    expect(await fieldsOf(nowhere)).toEqual({
      forwardIncomingCallsTo: ['Add a number to forward calls to'],
      forwardIncomingMessagesTo: ['Add a number to forward texts to'],
      slackWebhookUrl: ['Add the Slack webhook URL to post texts to Slack'],
    });
    const http = await owner.json('POST', '/api/phone/settings/save', {
      ...settings,
      forwardIncomingMessagesToSlack: true,
      slackWebhookUrl: 'http://hooks.slack.com/services/T000/B000/XXXX',
    });
    expect(http.status).toBe(400);
    expect(await fieldsOf(http)).toEqual({ slackWebhookUrl: ['Invalid webhook URL'] });
    const impossible = await owner.json('POST', '/api/phone/settings/save', {
      ...settings,
      forwardIncomingMessagesToMobile: true,
      forwardIncomingMessagesTo: ['123'],
    });
    expect(impossible.status).toBe(400);
    expect(await fieldsOf(impossible)).toEqual({
      'forwardIncomingMessagesTo.0': ['Forwarding number must be a valid phone number'],
    });
    const off = await owner.json('POST', '/api/phone/settings/save', settings);
    expect(off.status).toBe(200);
  });
});
