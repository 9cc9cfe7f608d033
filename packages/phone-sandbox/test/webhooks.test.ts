import { createServer } from 'node:http';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CREDENTIALS } from '../src/standalone';
import { createWebhookSender } from '../src/webhooks/deliver';
import { type Harness, provisionBusiness, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const quiet = { info: () => {}, warn: () => {} };

describe('inbound SMS webhook', () => {
  it("posts Twilio's fields, signed so twilio.validateRequest accepts it, and sends the <Message> reply", async () => {
    const { number } = await provisionBusiness(h);
    h.handle('/sms/incoming', () => '<Response><Message>Thanks, we got it</Message></Response>');
    await fetch(`${h.server.baseUrl}/control/sms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        from: '+15550003333',
        to: number.phoneNumber,
        body: 'Is the bouncy castle free?',
      }),
    });
    const hook = await h.waitFor(() =>
      h.webhooks('/sms/incoming').find((w) => w.params.From === '+15550003333'),
    );
    expect(hook.signatureValid).toBe(true);
    expect(hook.idempotencyToken).toMatch(/^[0-9a-f]{32}$/);
    expect(hook.params).toMatchObject({
      AccountSid: TEST_CREDENTIALS.accountSid,
      To: number.phoneNumber,
      Body: 'Is the bouncy castle free?',
      NumMedia: '0',
      NumSegments: '1',
      SmsStatus: 'received',
      ApiVersion: '2010-04-01',
    });
    expect(hook.params.MessageSid).toMatch(/^SM/);
    const reply = await h.waitFor(() =>
      h.server.sandbox.control.store
        .messagesFor('+15550003333')
        .find((m) => m.direction === 'outbound-reply' && m.status === 'delivered'),
    );
    expect(reply).toMatchObject({ from: number.phoneNumber, body: 'Thanks, we got it' });
  });

  it('is refused by an app that checks signatures when the signature is tampered with', async () => {
    const params = { From: '+15550003333', To: '+15550100100', Body: 'hi' };
    const url = h.appUrl('/sms/incoming');
    const good = twilio.getExpectedTwilioSignature(TEST_CREDENTIALS.authToken, url, params);
    const tampered = `${good.slice(0, -4)}AAAA`;
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': tampered,
      },
      body: new URLSearchParams(params).toString(),
    });
    expect(response.status).toBe(403);
    expect(twilio.validateRequest(TEST_CREDENTIALS.authToken, tampered, url, params)).toBe(false);
  });
});

describe('webhook delivery and retries (connection overrides)', () => {
  async function flakyServer(failures: number, status: number) {
    const seen: { token: string | undefined; signature: string | undefined }[] = [];
    const server = createServer((req, res) => {
      seen.push({
        token: req.headers['i-twilio-idempotency-token'] as string | undefined,
        signature: req.headers['x-twilio-signature'] as string | undefined,
      });
      res.statusCode = seen.length <= failures ? status : 200;
      res.end('<Response/>');
    });
    await new Promise<void>((r) => server.listen(0, r));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return { url: `http://localhost:${port}/hook`, seen, close: () => server.close() };
  }
  const sender = createWebhookSender({
    authToken: TEST_CREDENTIALS.authToken,
    fetch,
    logger: quiet,
  });

  it('retries a 5xx as many times as #rc says when #rp includes 5xx, with one idempotency token', async () => {
    const app = await flakyServer(2, 500);
    const result = await sender.send(`${app.url}#rc=3&rp=5xx`, { CallSid: 'CA1' });
    app.close();
    expect(result).toMatchObject({ ok: true, attempts: 3 });
    expect(new Set(app.seen.map((s) => s.token)).size).toBe(1);
    // The fragment is not part of the signed URL.
    expect(
      twilio.validateRequest(TEST_CREDENTIALS.authToken, app.seen[0]?.signature ?? '', app.url, {
        CallSid: 'CA1',
      }),
    ).toBe(true);
  });

  it('does not retry a 5xx by default (retry policy ct)', async () => {
    const app = await flakyServer(1, 503);
    const result = await sender.send(app.url, { CallSid: 'CA1' });
    app.close();
    expect(result).toMatchObject({ ok: false, status: 503, attempts: 1 });
  });

  it('retries once by default when it cannot connect', async () => {
    let calls = 0;
    const failing: typeof fetch = async () => {
      calls += 1;
      throw new TypeError('fetch failed');
    };
    const result = await createWebhookSender({
      authToken: 't',
      fetch: failing,
      logger: quiet,
    }).send('http://localhost:1/hook', {});
    expect(result).toMatchObject({ ok: false, status: null, attempts: 2 });
    expect(calls).toBe(2);
  });
});
