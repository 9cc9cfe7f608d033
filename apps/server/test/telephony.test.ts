import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telephonyConfig } from '../src/telephony/telephony-config.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server?.close());

describe('the carrier the server talks to', () => {
  it('is the sandbox on our own origin when no Twilio credentials are set', () => {
    const config = telephonyConfig({}, { appUrl: 'http://localhost:3000', dataDir: null });
    expect(config).toMatchObject({
      sandbox: true,
      restBaseUrl: 'http://localhost:3000/sandbox',
      signalingHosts: ['localhost:3000/sandbox'],
      insecureSignaling: true,
      publishInsights: false,
    });
    expect(config.accountSid).toMatch(/^AC[0-9a-f]{32}$/);
    expect(config.apiKeySid).toMatch(/^SK[0-9a-f]{32}$/);
  });

  it('is Twilio itself when all four TWILIO_* variables are set', () => {
    const config = telephonyConfig(
      {
        TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`,
        TWILIO_AUTH_TOKEN: 'b'.repeat(32),
        TWILIO_API_KEY_SID: `SK${'c'.repeat(32)}`,
        TWILIO_API_KEY_SECRET: 'd'.repeat(32),
      },
      { appUrl: 'https://app.example.com', dataDir: null },
    );
    expect(config).toMatchObject({
      sandbox: false,
      restBaseUrl: null,
      signalingHosts: [],
      insecureSignaling: false,
      // Call insights go to Twilio's own event gateway (issue 15: none elsewhere).
      publishInsights: true,
    });
  });

  it('is a Twilio-compatible carrier elsewhere when TWILIO_API_URL is set too', () => {
    const config = telephonyConfig(
      {
        TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`,
        TWILIO_AUTH_TOKEN: 'b'.repeat(32),
        TWILIO_API_KEY_SID: `SK${'c'.repeat(32)}`,
        TWILIO_API_KEY_SECRET: 'd'.repeat(32),
        TWILIO_API_URL: 'http://localhost:4010/sandbox',
      },
      { appUrl: 'http://localhost:3000', dataDir: null },
    );
    expect(config).toMatchObject({
      sandbox: false,
      restBaseUrl: 'http://localhost:4010/sandbox',
      signalingHosts: ['localhost:4010/sandbox'],
      insecureSignaling: true,
      soundsBaseUrl: 'http://localhost:4010/sandbox/sounds',
      publishInsights: false,
    });
  });

  it('refuses a half-configured Twilio, naming what is wrong', () => {
    expect(() =>
      telephonyConfig(
        { TWILIO_ACCOUNT_SID: 'nope' },
        { appUrl: 'http://localhost:3000', dataDir: null },
      ),
    ).toThrow(/TWILIO_ACCOUNT_SID: must be an Account SID/);
  });

  it('reaches the sandbox through the official twilio library and the app origin', async () => {
    const numbers = await server.twilio.availablePhoneNumbers('US').local.list({ limit: 3 });
    expect(numbers.length).toBeGreaterThan(0);
    const bought = await server.twilio.incomingPhoneNumbers.create({
      phoneNumber: numbers[0]?.phoneNumber as string,
      voiceUrl: `${server.baseUrl}/api/phone/webhooks/voice`,
    });
    expect(bought.sid).toMatch(/^PN[0-9a-f]{32}$/);
    expect(bought.voiceUrl).toBe(`${server.baseUrl}/api/phone/webhooks/voice`);
  });

  it('serves the phone simulator page on the same origin', async () => {
    const response = await fetch(`${server.baseUrl}/sandbox/phone`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
  });
});
