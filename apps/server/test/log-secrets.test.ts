// Issue 8, auth hardening: no secret in any log line. The real server runs as its own process;
// the test drives the paths that log (refused sign-ins, refused webhooks, carrier failures, a
// text the carrier refuses, shutdown) and then searches everything it printed for every secret
// it holds or handed out.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { HttpClient } from './helpers/http-client.js';
import { type ServerProcess, startServerProcess } from './helpers/server-process.js';

let server: ServerProcess | null = null;
let baseUrl = '';
afterAll(() => server?.cleanUp());

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
    const running = await startServerProcess('log-secrets');
    server = running;
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
    expect(await exited).toBe(0);
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
});
