import { DEMO_PASSWORD, DEMO_USERS } from '@tentpole/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env.js';
import { paymentsConfig } from '../src/stripe/stripe-config.js';
import { NoCarrierError, telephonyConfig } from '../src/telephony/telephony-config.js';
import { HttpClient } from './helpers/http-client.js';
import { type ServerProcess, startServerProcess } from './helpers/server-process.js';

const TOKEN = 'a-demo-deployment-token-0123456789abcdef';
const SECRET = 'x'.repeat(32);

describe('production asks for demo data and the phone sandbox explicitly', () => {
  it('turns both off by default in production, on in development', () => {
    const production = loadConfig({ NODE_ENV: 'production', AUTH_SECRET: SECRET });
    expect(production.demoData).toBe(false);
    expect(production.phoneSandbox).toBe(false);
    const development = loadConfig({ AUTH_SECRET: SECRET });
    expect(development.demoData).toBe(true);
    expect(development.phoneSandbox).toBe(true);
    const optedIn = loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: SECRET,
      DEMO_DATA: 'true',
      PHONE_SANDBOX: 'true',
      PHONE_SANDBOX_TOKEN: TOKEN,
    });
    expect(optedIn).toMatchObject({ demoData: true, phoneSandbox: true, phoneSandboxToken: TOKEN });
  });

  it('refuses a production sandbox without its token', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: SECRET, PHONE_SANDBOX: 'true' }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        AUTH_SECRET: SECRET,
        PHONE_SANDBOX: 'true',
        PHONE_SANDBOX_TOKEN: 'short',
      }),
    ).toThrow(/PHONE_SANDBOX_TOKEN/);
  });

  it('has no carrier to fall back on when the sandbox is not allowed', () => {
    expect(() =>
      telephonyConfig(
        {},
        { appUrl: 'https://rentals.example', dataDir: null, sandboxAllowed: false },
      ),
    ).toThrow(NoCarrierError);
  });
});

describe('production asks for the payments sandbox explicitly', () => {
  it('is off by default in production, on in development, and needs its token when asked', () => {
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: SECRET }).paymentsSandbox).toBe(false);
    expect(loadConfig({ AUTH_SECRET: SECRET }).paymentsSandbox).toBe(true);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: SECRET, PAYMENTS_SANDBOX: 'true' }),
    ).toThrow(/PAYMENTS_SANDBOX_TOKEN/);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        AUTH_SECRET: SECRET,
        PAYMENTS_SANDBOX: 'true',
        PAYMENTS_SANDBOX_TOKEN: TOKEN,
      }),
    ).toMatchObject({ paymentsSandbox: true, paymentsSandboxToken: TOKEN });
  });

  it('runs the mail catcher only when asked in production, and then behind its token', () => {
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: SECRET }).mailSandbox).toBe(false);
    expect(loadConfig({ AUTH_SECRET: SECRET }).mailSandbox).toBe(true);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: SECRET, MAIL_SANDBOX: 'true' }),
    ).toThrow(/MAIL_SANDBOX_TOKEN/);
    expect(() => loadConfig({ AUTH_SECRET: SECRET, SMTP_URL: 'http://mail.example' })).toThrow(
      /SMTP_URL/,
    );
  });

  it('runs the weather sandbox only without WEATHER_URL, in production only when asked and behind its token', () => {
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: SECRET })).toMatchObject({
      weatherSandbox: false,
      weatherUrl: null,
    });
    expect(loadConfig({ AUTH_SECRET: SECRET }).weatherSandbox).toBe(true);
    expect(
      loadConfig({ AUTH_SECRET: SECRET, WEATHER_URL: 'https://api.open-meteo.com/' }),
    ).toMatchObject({ weatherSandbox: false, weatherUrl: 'https://api.open-meteo.com' });
    expect(() =>
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: SECRET, WEATHER_SANDBOX: 'true' }),
    ).toThrow(/WEATHER_SANDBOX_TOKEN/);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        AUTH_SECRET: SECRET,
        WEATHER_SANDBOX: 'true',
        WEATHER_SANDBOX_TOKEN: TOKEN,
      }),
    ).toMatchObject({ weatherSandbox: true, weatherSandboxToken: TOKEN });
    expect(() => loadConfig({ AUTH_SECRET: SECRET, WEATHER_URL: 'ftp://weather.example' })).toThrow(
      /WEATHER_URL/,
    );
  });

  it('takes no card payments without Stripe keys or the sandbox, and refuses half a Stripe', () => {
    const where = { appUrl: 'https://rentals.example', dataDir: null };
    expect(paymentsConfig({}, { ...where, sandboxAllowed: false })).toBeNull();
    expect(paymentsConfig({}, { ...where, sandboxAllowed: true })).toMatchObject({
      sandbox: true,
      apiUrl: 'https://rentals.example/sandbox/payments',
    });
    expect(() =>
      paymentsConfig({ STRIPE_SECRET_KEY: 'sk_live_abc' }, { ...where, sandboxAllowed: false }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(
      paymentsConfig(
        { STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' },
        { ...where, sandboxAllowed: true },
      ),
    ).toEqual({
      secretKey: 'sk_live_abc',
      webhookSecret: 'whsec_abc',
      apiUrl: null,
      sandbox: false,
    });
  });
});

let server: ServerProcess | undefined;
afterAll(() => server?.cleanUp());

describe('a production start on an empty database', () => {
  it.skipIf(process.env.DATABASE_URL)(
    'creates no demo users, and its demo sandbox is closed without the token',
    { timeout: 240_000 },
    async () => {
      server = await startServerProcess('production', {
        env: { NODE_ENV: 'production', PHONE_SANDBOX: 'true', PHONE_SANDBOX_TOKEN: TOKEN },
      });
      const owner = DEMO_USERS[0];
      if (!owner) throw new Error('no demo users');
      const client = new HttpClient(server.baseUrl);
      expect((await client.signIn(owner.email, DEMO_PASSWORD)).ok).toBe(false);
      expect(server.output()).not.toContain('Demo sign-ins');

      const messages = await fetch(`${server.baseUrl}/sandbox/control/messages`);
      expect(messages.status).toBe(401);
      const phone = await fetch(`${server.baseUrl}/sandbox/phone`);
      expect(phone.status).toBe(401);
      const withToken = await fetch(`${server.baseUrl}/sandbox/control/messages`, {
        headers: { 'x-sandbox-token': TOKEN },
      });
      expect(withToken.status).toBe(200);
      // No payments sandbox unless asked: its API and control are not served at all.
      const ledger = await fetch(`${server.baseUrl}/sandbox/payments/control/ledger`, {
        headers: { 'x-sandbox-token': TOKEN },
      });
      // (the path falls through to the web app's page, or a 404)
      expect(await ledger.text()).not.toMatch(/"intents"|"captured"/);
      const api = await fetch(`${server.baseUrl}/sandbox/payments/v1/customers`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_anything', 'x-sandbox-token': TOKEN },
      });
      expect(api.status).not.toBe(200);
    },
  );
});
