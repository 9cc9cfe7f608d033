import { Hono } from 'hono';
import twilio from 'twilio';
import { sandboxHttpClient } from '../src/http-client';
import { type StandaloneSandbox, startStandalone, TEST_CREDENTIALS } from '../src/standalone';

export interface ReceivedWebhook {
  path: string;
  params: Record<string, string>;
  signatureValid: boolean;
  idempotencyToken: string | null;
}

export type Handler = (
  params: Record<string, string>,
  attempt: number,
) => string | Response | Promise<string | Response>;

/**
 * A running sandbox plus a fake Tentpole app that checks every webhook with
 * `twilio.validateRequest` and answers with TwiML a test sets per path.
 */
export interface Harness {
  server: StandaloneSandbox;
  client: twilio.Twilio;
  appUrl: (path: string) => string;
  received: ReceivedWebhook[];
  handle(path: string, handler: Handler): void;
  waitFor<T>(find: () => T | undefined | null | false, timeoutMs?: number): Promise<T>;
  webhooks(path: string): ReceivedWebhook[];
  close(): Promise<void>;
}

export async function startHarness(
  timeScale = 0.05,
  extraOptions: { heartbeatMs?: number } = {},
): Promise<Harness> {
  const received: ReceivedWebhook[] = [];
  const handlers = new Map<string, Handler>();
  const attempts = new Map<string, number>();
  let origin = '';
  const app = new Hono();
  app.all('/app/*', async (c) => {
    const url = new URL(c.req.url);
    const path = url.pathname;
    const params = Object.fromEntries(new URLSearchParams(await c.req.text()));
    const signature = c.req.header('x-twilio-signature') ?? '';
    const fullUrl = origin + path + url.search;
    const signatureValid = twilio.validateRequest(
      TEST_CREDENTIALS.authToken,
      signature,
      fullUrl,
      params,
    );
    received.push({
      path,
      params,
      signatureValid,
      idempotencyToken: c.req.header('i-twilio-idempotency-token') ?? null,
    });
    // Like Tentpole's server: a request whose signature does not verify is refused.
    if (!signatureValid) return c.text('Invalid signature', 403);
    const key = `${path}`;
    const attempt = (attempts.get(key) ?? 0) + 1;
    attempts.set(key, attempt);
    const handler = handlers.get(path);
    const result = handler ? await handler(params, attempt) : '<Response/>';
    if (result instanceof Response) return result;
    return c.body(result, 200, { 'Content-Type': 'text/xml' });
  });
  const server = await startStandalone({ timeScale, extra: app, ...extraOptions });
  origin = server.origin;
  const client = twilio(TEST_CREDENTIALS.accountSid, TEST_CREDENTIALS.authToken, {
    httpClient: sandboxHttpClient(server.baseUrl),
  });
  return {
    server,
    client,
    appUrl: (path) => `${origin}/app${path}`,
    received,
    handle: (path, handler) => handlers.set(`/app${path}`, handler),
    webhooks: (path) => received.filter((r) => r.path === `/app${path}`),
    async waitFor(find, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const value = find();
        if (value) return value;
        if (Date.now() > deadline) throw new Error('timed out waiting');
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => server.close(),
  };
}

/** Provisions a business number the way Tentpole's server does, through the library. */
export async function provisionBusiness(h: Harness) {
  const [available] = await h.client.availablePhoneNumbers('US').local.list({ limit: 1 });
  if (!available) throw new Error('no number available');
  const application = await h.client.applications.create({
    friendlyName: 'Tentpole browser phone',
    voiceUrl: h.appUrl('/voice/outgoing'),
    voiceMethod: 'POST',
  });
  const number = await h.client.incomingPhoneNumbers.create({
    phoneNumber: available.phoneNumber,
    voiceUrl: h.appUrl('/voice/incoming'),
    smsUrl: h.appUrl('/sms/incoming'),
    statusCallback: h.appUrl('/voice/status'),
  });
  return { number, application };
}

export function voiceToken(identity: string, applicationSid: string, ttl = 3600, secret?: string) {
  const { AccessToken } = twilio.jwt;
  const token = new AccessToken(
    TEST_CREDENTIALS.accountSid,
    TEST_CREDENTIALS.apiKeySid,
    secret ?? TEST_CREDENTIALS.apiKeySecret,
    { identity, ttl },
  );
  token.addGrant(
    new AccessToken.VoiceGrant({ outgoingApplicationSid: applicationSid, incomingAllow: true }),
  );
  return token.toJwt();
}
