import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TEST_CREDENTIALS } from '../src/standalone';
import { type Harness, provisionBusiness, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  await fetch(`${h.server.baseUrl}/control/reset`, { method: 'POST' });
});

// A 1×1 PNG: the smallest real picture.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const basic = (user: string, secret: string) =>
  `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;

async function sendSms(body: Record<string, unknown>) {
  return fetch(`${h.server.baseUrl}/control/sms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function businessWithSmsUrl(path: string) {
  const { number } = await provisionBusiness(h);
  await h.client.incomingPhoneNumbers(number.sid).update({ smsUrl: h.appUrl(path) });
  return number.phoneNumber;
}

describe('inbound picture messages (MMS)', () => {
  it('posts NumMedia, MediaUrl{N} and MediaContentType{N} as Twilio does, signed, with an MM sid', async () => {
    const business = await businessWithSmsUrl('/sms/mms');
    h.handle('/sms/mms', () => '<Response/>');
    const sent = await sendSms({
      from: '+15557100001',
      to: business,
      body: 'Here is the yard',
      media: [
        { contentType: 'image/png', data: PNG.toString('base64') },
        { contentType: 'image/jpeg', data: Buffer.from('not really a jpeg').toString('base64') },
      ],
    });
    expect(sent.status).toBe(201);
    const hook = h.webhooks('/sms/mms').find((w) => w.params.From === '+15557100001');
    expect(hook?.signatureValid).toBe(true);
    const params = hook?.params ?? {};
    expect(params.MessageSid).toMatch(/^MM[0-9a-f]{32}$/);
    expect(params).toMatchObject({
      Body: 'Here is the yard',
      NumMedia: '2',
      MediaContentType0: 'image/png',
      MediaContentType1: 'image/jpeg',
    });
    expect(params.MediaUrl0).toMatch(
      new RegExp(
        `/twilio/2010-04-01/Accounts/${TEST_CREDENTIALS.accountSid}/Messages/${params.MessageSid}/Media/ME[0-9a-f]{32}$`,
      ),
    );
    expect(params.MediaUrl2).toBeUndefined();
  });

  it('serves the media at MediaUrl only with the account credentials (or an API key)', async () => {
    const business = await businessWithSmsUrl('/sms/media');
    h.handle('/sms/media', () => '<Response/>');
    await sendSms({
      from: '+15557100002',
      to: business,
      body: '',
      media: [{ contentType: 'image/png', data: PNG.toString('base64') }],
    });
    const url = h.webhooks('/sms/media').find((w) => w.params.From === '+15557100002')?.params
      .MediaUrl0 as string;
    const anonymous = await fetch(url);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { code: number }).code).toBe(20003);
    const wrong = await fetch(url, {
      headers: { authorization: basic(TEST_CREDENTIALS.accountSid, 'not-the-token') },
    });
    expect(wrong.status).toBe(401);
    for (const [user, secret] of [
      [TEST_CREDENTIALS.accountSid, TEST_CREDENTIALS.authToken],
      [TEST_CREDENTIALS.apiKeySid, TEST_CREDENTIALS.apiKeySecret],
    ] as const) {
      const ok = await fetch(url, { headers: { authorization: basic(user, secret) } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await ok.arrayBuffer()).equals(PNG)).toBe(true);
    }
    const missing = await fetch(url.replace(/ME[0-9a-f]{32}$/, `ME${'0'.repeat(32)}`), {
      headers: { authorization: basic(TEST_CREDENTIALS.accountSid, TEST_CREDENTIALS.authToken) },
    });
    expect(missing.status).toBe(404);
  });

  it('refuses more than ten pictures, or media without a type', async () => {
    const business = await businessWithSmsUrl('/sms/refused');
    const eleven = Array.from({ length: 11 }, () => ({
      contentType: 'image/png',
      data: PNG.toString('base64'),
    }));
    const tooMany = await sendSms({ from: '+15557100003', to: business, body: '', media: eleven });
    expect(tooMany.status).toBe(400);
    const untyped = await sendSms({
      from: '+15557100003',
      to: business,
      body: '',
      media: [{ data: PNG.toString('base64') }],
    });
    expect(untyped.status).toBe(400);
    expect(h.webhooks('/sms/refused')).toHaveLength(0);
  });

  it("sends a picture picked on the phone page's socket as an MMS", async () => {
    const business = await businessWithSmsUrl('/sms/page');
    h.handle('/sms/page', () => '<Response/>');
    const socket = new WebSocket(
      `${h.server.baseUrl.replace('http', 'ws')}/phone/socket?number=%2B15557100004`,
    );
    await new Promise((resolve) => socket.once('message', resolve)); // hello
    socket.send(
      JSON.stringify({
        type: 'sms',
        to: business,
        body: 'The gate',
        media: [{ contentType: 'image/png', data: PNG.toString('base64') }],
      }),
    );
    const hook = await h.waitFor(() =>
      h.webhooks('/sms/page').find((w) => w.params.From === '+15557100004'),
    );
    socket.close();
    expect(hook.params).toMatchObject({
      Body: 'The gate',
      NumMedia: '1',
      MediaContentType0: 'image/png',
    });
  });

  it('sends a plain text with NumMedia 0 and no media fields', async () => {
    const business = await businessWithSmsUrl('/sms/plain');
    h.handle('/sms/plain', () => '<Response/>');
    await sendSms({ from: '+15557100005', to: business, body: 'Hello' });
    const params = h.webhooks('/sms/plain')[0]?.params ?? {};
    expect(params.NumMedia).toBe('0');
    expect(params.MessageSid).toMatch(/^SM/);
    expect(Object.keys(params).some((k) => k.startsWith('MediaUrl'))).toBe(false);
  });
});
