import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Hono } from 'hono';
import twilio from 'twilio';
import { sandboxHttpClient } from '../src/http-client';
import { type StandaloneSandbox, startStandalone, TEST_CREDENTIALS } from '../src/standalone';

const here = fileURLToPath(new URL('.', import.meta.url));

async function bundle(entry: string, globalName: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    globalName,
    platform: 'browser',
    target: 'chrome120',
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

export interface E2eServer {
  server: StandaloneSandbox;
  client: twilio.Twilio;
  businessNumber: string;
  harnessUrl: string;
  phoneUrl(number: string): string;
  close(): Promise<void>;
}

/**
 * A sandbox plus a tiny stand-in for Tentpole: its voice webhooks (ring `user_a`, or dial the
 * number the browser asked for), a token endpoint, and a page that bundles the real SDK.
 */
export async function startE2eServer(): Promise<E2eServer> {
  const shimJs = await bundle(`${here}/../src/browser/signaling-shim.ts`, 'SignalingShim');
  const sdkJs = await bundle(`${here}/sdk-entry.ts`, 'TwilioVoice');
  let origin = '';
  let businessNumber = '';
  let applicationSid = '';
  const app = new Hono();
  app.get('/harness', (c) =>
    c.html(`<!doctype html><meta charset="utf-8"><title>Staff phone</title>
<script src="/harness/shim.js"></script>
<script>SignalingShim.installSignalingShim(${JSON.stringify({ signalingHosts: [`${new URL(origin).host}/sandbox`], insecure: true })});</script>
<script>
// For tests: when each signalling frame reached the page (listening before the SDK does).
window.signalLog = [];
(() => {
  const Shimmed = WebSocket;
  window.WebSocket = class extends Shimmed {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('message', (event) => {
        if (typeof event.data !== 'string' || event.data === '\\n') return;
        try { window.signalLog.push({ type: JSON.parse(event.data).type, at: performance.now() }); } catch {}
      });
    }
  };
})();
</script>
<script src="/harness/sdk.js"></script>`),
  );
  app.get('/harness/shim.js', (c) => c.body(shimJs, 200, { 'Content-Type': 'text/javascript' }));
  app.get('/harness/sdk.js', (c) => c.body(sdkJs, 200, { 'Content-Type': 'text/javascript' }));
  app.get('/harness/token', (c) => {
    const { AccessToken } = twilio.jwt;
    const token = new AccessToken(
      TEST_CREDENTIALS.accountSid,
      TEST_CREDENTIALS.apiKeySid,
      TEST_CREDENTIALS.apiKeySecret,
      {
        identity: c.req.query('identity') ?? 'user_a',
        ttl: 3600,
      },
    );
    token.addGrant(
      new AccessToken.VoiceGrant({ outgoingApplicationSid: applicationSid, incomingAllow: true }),
    );
    return c.json({ token: token.toJwt(), chunderw: `${new URL(origin).host}/sandbox` });
  });
  app.post('/app/voice/incoming', (c) => {
    const vr = new twilio.twiml.VoiceResponse();
    vr.dial({ answerOnBridge: true, timeout: 30 }).client('user_a');
    return c.body(vr.toString(), 200, { 'Content-Type': 'text/xml' });
  });
  app.post('/app/sms/incoming', async (c) => {
    const params = new URLSearchParams(await c.req.text());
    const mr = new twilio.twiml.MessagingResponse();
    mr.message(`Thanks! We got: ${params.get('Body') ?? ''}`);
    return c.body(mr.toString(), 200, { 'Content-Type': 'text/xml' });
  });
  app.post('/app/voice/outgoing', async (c) => {
    const params = new URLSearchParams(await c.req.text());
    const vr = new twilio.twiml.VoiceResponse();
    vr.dial({ callerId: businessNumber, answerOnBridge: true }).number(params.get('To') ?? '');
    return c.body(vr.toString(), 200, { 'Content-Type': 'text/xml' });
  });

  const server = await startStandalone({ extra: app, timeScale: 0.2 });
  origin = server.origin;
  const client = twilio(TEST_CREDENTIALS.accountSid, TEST_CREDENTIALS.authToken, {
    httpClient: sandboxHttpClient(server.baseUrl),
  });
  const [available] = await client.availablePhoneNumbers('US').local.list({ limit: 1 });
  const application = await client.applications.create({
    voiceUrl: `${origin}/app/voice/outgoing`,
  });
  applicationSid = application.sid;
  const number = await client.incomingPhoneNumbers.create({
    phoneNumber: available?.phoneNumber ?? '',
    voiceUrl: `${origin}/app/voice/incoming`,
    smsUrl: `${origin}/app/sms/incoming`,
  });
  businessNumber = number.phoneNumber;
  return {
    server,
    client,
    businessNumber,
    harnessUrl: `${origin}/harness`,
    phoneUrl: (n) => `${server.baseUrl}/phone?number=${encodeURIComponent(n)}`,
    close: () => server.close(),
  };
}
