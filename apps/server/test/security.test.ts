import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../src/auth/auth.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, TEST_AUTH_SECRET, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: HttpClient;
beforeAll(async () => {
  server = await startTestServer();
  owner = await server.signIn('owner@tentpole.test');
});
afterAll(() => server?.close());

const newTeam = (headers: Record<string, string>) =>
  owner.request('/api/account/teams', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ name: 'Cross Site Co' }),
  });

describe('CSRF protection on cookie-authenticated mutations', () => {
  it('refuses a mutation from another site, before anything happens', async () => {
    const response = await newTeam({ origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: { code: 'forbidden', message: 'Cross-site request refused.' },
    });
    const teams = (await (await owner.get('/api/account/teams')).json()) as {
      organizations: Record<string, { name: string }[]>;
    };
    expect(
      Object.values(teams.organizations)
        .flat()
        .map((t) => t.name),
    ).not.toContain('Cross Site Co');
  });

  it('refuses a mutation that says nothing of where it comes from', async () => {
    const response = await fetch(`${server.baseUrl}/api/account/teams`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: JSON.stringify({ name: 'No Origin Co' }),
    });
    expect(response.status).toBe(403);
  });

  it('accepts our own pages: a same-origin fetch by Origin or by Sec-Fetch-Site', async () => {
    expect((await newTeam({ origin: server.baseUrl })).status).toBe(201);
    const bySite = await fetch(`${server.baseUrl}/api/account/teams`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
        cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: JSON.stringify({ name: 'Same Site Co' }),
    });
    expect(bySite.status).toBe(201);
  });
});

describe('security headers', () => {
  it('sends a CSP that forbids framing and admits the Voice SDK gateway, plus nosniff', async () => {
    const response = await owner.get('/api/account');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/connect-src 'self' ws:\/\/127\.0\.0\.1:\d+/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    // No HSTS over plain http.
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('session cookies', () => {
  it('are httpOnly and SameSite=Lax', async () => {
    const client = server.client();
    const csrf = await client.csrfToken();
    const response = await client.request('/api/auth/callback/credentials', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-auth-return-redirect': '1',
      },
      body: new URLSearchParams({
        csrfToken: csrf,
        email: 'owner@tentpole.test',
        password: 'tentpole-demo',
        callbackUrl: '/',
      }),
    });
    const cookie = response.headers
      .getSetCookie()
      .find((c) => c.startsWith('authjs.session-token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('are Secure (and __Host-/__Secure- named) when the app is served over https', async () => {
    const auth = createAuth(server.db, TEST_AUTH_SECRET, { secureCookies: true });
    const response = await auth.handle(new Request('https://tentpole.example/api/auth/csrf'));
    const cookie = response.headers.getSetCookie().find((c) => c.includes('csrf-token='));
    expect(cookie).toMatch(/^__Host-authjs\.csrf-token=/);
    expect(cookie).toMatch(/; Secure/i);
  });
});

describe('secrets', () => {
  it('never appear in any response a signed-in user can read', async () => {
    const secrets = [
      server.telephony.authToken,
      server.telephony.apiKeySecret,
      'test-secret-for-integration-tests-only',
    ];
    for (const path of [
      '/api/auth/session',
      '/api/account',
      '/api/account/teams',
      '/api/phone/',
      '/api/phone/voice/options',
      '/api/phone/settings',
      '/api/phone/voice/token',
    ]) {
      const body = await (await owner.get(path)).text();
      for (const secret of secrets) expect(body).not.toContain(secret);
    }
  });
});
