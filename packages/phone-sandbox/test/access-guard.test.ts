import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SANDBOX_CONTROL_PER_MINUTE, SandboxAccessGuard } from '../src/access-guard';
import { type StandaloneSandbox, startStandalone } from '../src/standalone';

const TOKEN = 'a-demo-deployment-token-0123456789abcdef';

/** Opens the phone socket; resolves with how the handshake ended. */
function openSocket(url: string, headers: Record<string, string>): Promise<'open' | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => resolve(0));
  });
}

describe('a sandbox with an access token (a production demo)', () => {
  let s: StandaloneSandbox;
  beforeAll(async () => {
    s = await startStandalone({ accessToken: TOKEN });
  });
  afterAll(() => s.close());

  it('answers the control API only with the token', async () => {
    const anonymous = await fetch(`${s.baseUrl}/control/messages`);
    expect(anonymous.status).toBe(401);
    const wrong = await fetch(`${s.baseUrl}/control/messages`, {
      headers: { 'x-sandbox-token': 'not-the-token' },
    });
    expect(wrong.status).toBe(401);
    const spoof = await fetch(`${s.baseUrl}/control/sms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: '+15005550006', to: '+15551230000', body: 'STOP' }),
    });
    expect(spoof.status).toBe(401);
    const faults = await fetch(`${s.baseUrl}/control/faults/rest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(faults.status).toBe(401);
    const ways: Record<string, string>[] = [
      { 'x-sandbox-token': TOKEN },
      { authorization: `Bearer ${TOKEN}` },
    ];
    for (const headers of ways) {
      const allowed = await fetch(`${s.baseUrl}/control/messages`, { headers });
      expect(allowed.status).toBe(200);
    }
  });

  it('asks for the token on the phone page, then keeps it in a strict cookie', async () => {
    const bare = await fetch(`${s.baseUrl}/phone?number=%2B15551234567`, { redirect: 'manual' });
    expect(bare.status).toBe(401);
    expect(await bare.text()).toContain('Sandbox token');
    expect(bare.headers.get('x-frame-options')).toBe('DENY');

    const opened = await fetch(`${s.baseUrl}/phone?number=%2B15551234567&token=${TOKEN}`, {
      redirect: 'manual',
    });
    expect(opened.status).toBe(303);
    // The token leaves the address bar; the number stays.
    expect(opened.headers.get('location')).toBe('/sandbox/phone?number=%2B15551234567');
    const cookie = opened.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);

    const page = await fetch(`${s.baseUrl}/phone`, {
      headers: { cookie: cookie.split(';')[0] ?? '' },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('opens the phone socket only with the token and from its own origin', async () => {
    const url = `${s.baseUrl.replace('http', 'ws')}/phone/socket?number=%2B15551234567`;
    expect(await openSocket(url, {})).toBe(403);
    const cookie = `sandbox_token=${TOKEN}`;
    expect(await openSocket(url, { cookie, origin: 'https://evil.example' })).toBe(403);
    expect(await openSocket(url, { cookie, origin: s.origin })).toBe('open');
  });
});

describe('any sandbox (development included)', () => {
  let s: StandaloneSandbox;
  beforeAll(async () => {
    s = await startStandalone();
  });
  afterAll(() => s.close());

  it('refuses a cross-site or non-JSON mutation of the control API', async () => {
    const body = JSON.stringify({ from: '+15005550006', to: '+15551230000', body: 'hi' });
    // What a form or a `no-cors` fetch from any website can send: text/plain.
    const crossSite = await fetch(`${s.baseUrl}/control/sms`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
      body,
    });
    expect(crossSite.status).toBe(403);
    const fetchMetadata = await fetch(`${s.baseUrl}/control/sms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body,
    });
    expect(fetchMetadata.status).toBe(403);
    const plain = await fetch(`${s.baseUrl}/control/sms`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body,
    });
    expect(plain.status).toBe(415);
    const messages = (await (await fetch(`${s.baseUrl}/control/messages`)).json()) as unknown[];
    expect(messages).toEqual([]);
  });

  it('refuses a 50 MB body from its length, without reading it', async () => {
    const url = new URL(`${s.baseUrl}/control/sms`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': 50 * 1024 * 1024 },
        },
        (res) => {
          resolve(res.statusCode ?? 0);
          res.resume();
          req.destroy();
        },
      );
      req.on('error', reject);
      // Only the first kilobyte is ever sent: the answer must not wait for the rest.
      req.write('{"body":"');
      req.write('x'.repeat(1024));
    });
    expect(status).toBe(413);
  });

  it('counts control requests per client', () => {
    let now = 0;
    const guard = new SandboxAccessGuard(null, () => now);
    const counted = (guard as unknown as { count(client: string): boolean }).count.bind(guard);
    for (let i = 0; i < SANDBOX_CONTROL_PER_MINUTE; i += 1) expect(counted('1.2.3.4')).toBe(true);
    expect(counted('1.2.3.4')).toBe(false);
    expect(counted('5.6.7.8')).toBe(true);
    now = 60_000;
    expect(counted('1.2.3.4')).toBe(true);
  });
});
