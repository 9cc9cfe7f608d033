// Issue 8, auth hardening: no secret in any log line. The real server runs as its own process;
// the test drives the paths that log (refused sign-ins, refused webhooks, carrier failures, a
// text the carrier refuses, shutdown) and then searches everything it printed for every secret
// it holds or handed out.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { HttpClient } from './helpers/http-client.js';
import { type ServerProcess, startServerProcess } from './helpers/server-process.js';

// Both tests' processes (and, on PostgreSQL, their database copies) are cleaned up at the end.
const servers: ServerProcess[] = [];
let baseUrl = '';
afterAll(async () => {
  await Promise.all(servers.map((server) => server.cleanUp()));
});

const PASSWORD = 'tentpole-demo';
const WRONG_PASSWORD = 'hunter2-wrong-password';

async function arm(kind: string, status: number) {
  const response = await fetch(`${baseUrl}/sandbox/control/faults/rest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind, status, count: 1, resource: 'Messages.json', method: 'POST' }),
  });
  expect(response.status).toBe(201);
}

describe('the server log', () => {
  it('holds no credential, secret, password, session or token', async () => {
    const running = await startServerProcess('log-secrets', { database: 'demo' });
    servers.push(running);
    baseUrl = running.baseUrl;
    const { child, exited, dataDir } = running;

    // Refused sign-ins (logged as refused), then a real one.
    const stranger = new HttpClient(baseUrl);
    expect((await stranger.signIn('owner@tentpole.test', WRONG_PASSWORD)).ok).toBe(false);
    expect((await stranger.signIn('nobody@tentpole.test', WRONG_PASSWORD)).ok).toBe(false);
    const owner = new HttpClient(baseUrl);
    expect((await owner.signIn('owner@tentpole.test', PASSWORD)).ok).toBe(true);

    // A voice token handed out.
    const tokenResponse = await owner.get('/api/phone/voice/token');
    expect(tokenResponse.status).toBe(200);
    const { token } = (await tokenResponse.json()) as { token: string };

    // Webhooks with a missing and a wrong signature.
    for (const signature of [null, 'bm90IGEgc2lnbmF0dXJl']) {
      const refused = await fetch(`${baseUrl}/api/phone/webhooks/sms`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(signature ? { 'x-twilio-signature': signature } : {}),
        },
        body: new URLSearchParams({ MessageSid: `SM${'0'.repeat(32)}`, Body: 'hi' }),
      });
      expect(refused.status).toBe(403);
    }

    // The carrier fails once (retried), then refuses a text for good (logged).
    await arm('error', 503);
    expect(
      (
        await owner.json('POST', '/api/phone/text/create', {
          phoneNumber: '(555) 010-0301',
          body: 'Retried once',
        })
      ).status,
    ).toBe(201);
    // Wait for the retry to get through before arming the next fault, so it is not the retry
    // that the next fault refuses.
    await vi.waitFor(
      async () => {
        const held = (await (
          await fetch(`${baseUrl}/sandbox/control/messages?to=%2B15550100301`)
        ).json()) as unknown[];
        expect(held).toHaveLength(1);
      },
      { timeout: 15_000, interval: 100 },
    );
    await arm('error', 400);
    expect(
      (
        await owner.json('POST', '/api/phone/text/create', {
          phoneNumber: '(555) 010-0302',
          body: 'Refused for good',
        })
      ).status,
    ).toBe(201);
    await vi.waitFor(() => expect(running.output()).toContain('failed for good'), {
      timeout: 10_000,
      interval: 100,
    });

    child.kill('SIGTERM');
    expect(await exited, running.output().slice(-2000)).toBe(0);
    const log = running.output();
    // The paths above did log; the search is not over an empty log.
    expect(log).toContain('failed for good');
    expect(log).toContain('Demo sign-ins');

    const sandbox = JSON.parse(
      readFileSync(path.join(dataDir, 'sandbox-credentials.json'), 'utf8'),
    );
    const secrets: Record<string, string> = {
      'carrier auth token': sandbox.authToken,
      'carrier API key secret': sandbox.apiKeySecret,
      'carrier basic auth': Buffer.from(`${sandbox.accountSid}:${sandbox.authToken}`).toString(
        'base64',
      ),
      'auth secret': readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim(),
      // The demo password is printed at start on purpose (it is public demo data); a password
      // someone typed is not.
      'typed password': WRONG_PASSWORD,
      'voice token': token,
      'voice token signature': token.split('.')[2] as string,
    };
    for (const [name, value] of owner.cookies) secrets[`cookie ${name}`] = value;
    for (const [name, value] of Object.entries(secrets)) {
      expect(value.length, name).toBeGreaterThan(8);
      expect(log.includes(value), `the log holds the ${name}`).toBe(false);
    }
  }, 240_000);

  it('is JSON lines at LOG_LEVEL in production, and a carrier failure prints no credential', async () => {
    // Issue 14 item 6: with Twilio variables and an unreachable carrier, the whole error object
    // (its request's `Authorization: Basic …`, the account SID and auth token) was printed.
    const credentials = {
      TWILIO_ACCOUNT_SID: `AC${'1f'.repeat(16)}`,
      TWILIO_AUTH_TOKEN: 'auth-token-that-must-not-be-logged',
      TWILIO_API_KEY_SID: `SK${'2e'.repeat(16)}`,
      TWILIO_API_KEY_SECRET: 'api-key-secret-that-must-not-be-logged',
    };
    const running = await startServerProcess('log-production', {
      database: 'demo',
      env: {
        ...credentials,
        NODE_ENV: 'production',
        DEMO_DATA: 'true',
        LOG_LEVEL: 'error',
        // Nothing listens on the discard port: every carrier request fails to connect.
        TWILIO_API_URL: 'http://127.0.0.1:9',
      },
    });
    servers.push(running);
    await vi.waitFor(
      () => expect(running.output()).toContain('could not set up the phone numbers'),
      { timeout: 30_000, interval: 100 },
    );
    running.child.kill('SIGTERM');
    await running.exited;
    const lines = running
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '');
    const entries = lines.map((line) => JSON.parse(line) as { level: string; msg: string });
    expect(entries.length).toBeGreaterThan(0);
    // LOG_LEVEL=error: the start-up and shutdown info lines are not written.
    expect(entries.map((entry) => entry.level)).toEqual(entries.map(() => 'error'));
    const basic = Buffer.from(
      `${credentials.TWILIO_ACCOUNT_SID}:${credentials.TWILIO_AUTH_TOKEN}`,
    ).toString('base64');
    const log = lines.join('\n');
    for (const secret of [
      credentials.TWILIO_AUTH_TOKEN,
      credentials.TWILIO_API_KEY_SECRET,
      basic,
      'Basic ',
    ])
      expect(log.includes(secret), secret).toBe(false);
  }, 240_000);
});
