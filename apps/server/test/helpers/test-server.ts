import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createMailSandbox } from '@tentpole/mail-sandbox';
import { createPaymentsSandbox } from '@tentpole/payments-sandbox';
import { createPhoneSandbox, type PhoneSandbox } from '@tentpole/phone-sandbox';
import { createWeatherSandbox } from '@tentpole/weather-sandbox';
import type { Hono } from 'hono';
import { createApp } from '../../src/app/create-app.js';
import { startRuntime } from '../../src/app/runtime.js';
import { createAuth } from '../../src/auth/auth.js';
import { reconcilePhoneServices } from '../../src/features/phone/provisioning.js';
import { WEATHER_SANDBOX_BASE_PATH } from '../../src/features/weather/forecast.js';
import type { AppEnv } from '../../src/http/app-env.js';
import { createMailer, MAIL_SANDBOX_BASE_PATH } from '../../src/mail/mailer.js';
import {
  createStripeClient,
  PAYMENTS_SANDBOX_BASE_PATH,
  paymentsConfig,
} from '../../src/stripe/stripe-config.js';
import { SANDBOX_BASE_PATH, telephonyConfig } from '../../src/telephony/telephony-config.js';
import { createTwilioClient } from '../../src/telephony/twilio-client.js';
import { HttpClient } from './http-client.js';
import { openTestDatabase } from './test-database.js';

export const TEST_AUTH_SECRET = 'test-secret-for-integration-tests-only-0123456789';

/**
 * The real app on a real socket and a real database, seeded with the demo data, with the
 * phone sandbox mounted on the same origin as `npm start` mounts it. The database is a copy
 * of a template built once per run (test-database.ts), so it opens in well under a second.
 */
export async function startTestServer(
  options: {
    seed?: boolean;
    now?: Date;
    sentryDsn?: string;
    databaseUrl?: string;
    webDistDir?: string;
    /** How long a carrier request may take before the client gives up (carrier-fault tests). */
    carrierTimeoutMs?: number;
    /** Whether the instance is stopping (readiness tests). */
    stopping?: () => boolean;
    /** The payments sandbox's first webhook retry (ms, doubling); 1 s as in `npm start`. */
    webhookRetryMs?: number;
    /** The DNS servers custom domains are checked with (a local test server). */
    dnsServers?: string[];
  } = {},
) {
  // With databaseUrl: a second instance on the first one's PostgreSQL database. Otherwise a
  // copy of the run's template: empty, seeded at the run's start, or seeded at `now`.
  const seed = options.seed !== false && !options.databaseUrl;
  const database = await openTestDatabase(
    options.databaseUrl,
    seed ? (options.now ?? 'demo') : 'empty',
  );

  // Listen first: the app and the sandbox need the origin, which needs the port.
  let app: Hono<AppEnv> | null = null;
  const server = serve({
    fetch: (request, env) =>
      app ? app.fetch(request, env) : new Response('starting', { status: 503 }),
    port: 0,
    hostname: '127.0.0.1',
  });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const telephony = telephonyConfig({}, { appUrl: baseUrl, dataDir: null });
  const sandbox: PhoneSandbox = createPhoneSandbox({
    basePath: SANDBOX_BASE_PATH,
    publicUrl: baseUrl,
    accountSid: telephony.accountSid,
    authToken: telephony.authToken,
    apiKeySid: telephony.apiKeySid,
    apiKeySecret: telephony.apiKeySecret,
    timeScale: 0.05,
  });
  server.on('upgrade', (request, socket, head) => {
    if (!sandbox.handleUpgrade(request, socket, head)) socket.destroy();
  });

  // Card payments: the real `stripe` library against the payments sandbox on this origin.
  const cards = paymentsConfig({}, { appUrl: baseUrl, dataDir: null, sandboxAllowed: true });
  if (!cards) throw new Error('the payments sandbox is always allowed in tests');
  const paymentsSandbox = createPaymentsSandbox({
    basePath: PAYMENTS_SANDBOX_BASE_PATH,
    publicUrl: baseUrl,
    secretKey: cards.secretKey,
    webhook: { url: `${baseUrl}/api/webhooks/stripe`, secret: cards.webhookSecret },
    accessToken: null,
    retryBaseMs: options.webhookRetryMs ?? 1000,
  });
  const payments = {
    stripe: createStripeClient(cards),
    webhookSecret: cards.webhookSecret,
    appUrl: baseUrl,
  };

  // E-mail: nodemailer to the mail catcher, a real SMTP server on loopback.
  const mailSandbox = createMailSandbox({ basePath: MAIL_SANDBOX_BASE_PATH, accessToken: null });
  const mailer = createMailer(await mailSandbox.start(), 'no-reply@tentpole.test');

  // Forecasts: the weather sandbox (an Open-Meteo stand-in) on this origin; calm until set.
  const weatherSandbox = createWeatherSandbox({
    basePath: WEATHER_SANDBOX_BASE_PATH,
    accessToken: null,
  });
  const weatherUrl = `${baseUrl}${WEATHER_SANDBOX_BASE_PATH}`;

  const auth = createAuth(database.db, TEST_AUTH_SECRET);
  const clock = options.now ? () => options.now as Date : () => new Date();
  const twilio = createTwilioClient(
    telephony,
    options.carrierTimeoutMs ? { timeoutMs: options.carrierTimeoutMs } : {},
  );
  const reach = await startRuntime(database, {
    auth,
    twilio,
    appUrl: baseUrl,
    allowLoopbackWebhooks: true,
    pollMs: 50,
    runSchedules: !options.now,
    payments,
    mailer,
    weatherUrl,
  });
  const created = createApp({
    db: database.db,
    auth,
    clock,
    phone: { telephony, twilio, appUrl: baseUrl },
    sentryDsn: options.sentryDsn,
    realtime: reach,
    webDistDir: options.webDistDir,
    sandbox: { basePath: SANDBOX_BASE_PATH, instance: sandbox },
    payments,
    paymentsSandbox: { basePath: PAYMENTS_SANDBOX_BASE_PATH, instance: paymentsSandbox },
    mailSandbox: { basePath: MAIL_SANDBOX_BASE_PATH, app: mailSandbox.app },
    weatherSandbox: { basePath: WEATHER_SANDBOX_BASE_PATH, app: weatherSandbox.app },
    weatherUrl,
    checkResponses: true,
    ...(options.dnsServers ? { dnsServers: options.dnsServers } : {}),
    ...(options.stopping ? { stopping: options.stopping } : {}),
  });
  app = created.app;
  // Provisioning is set-up, not the behaviour under test: it gets a patient client of its own
  // (a minute, not the library's 15 s) even when the app's is made impatient
  // (carrierTimeoutMs). Three demo servers starting at once on two cores, each seeding its
  // embedded database's first planning sweep, otherwise fail a whole file in beforeAll.
  if (seed) {
    const provisioning = createTwilioClient(telephony, { timeoutMs: 60_000 });
    await reconcilePhoneServices(database.db, provisioning, baseUrl);
  }
  return {
    baseUrl,
    db: database.db,
    databaseUrl: database.url,
    engine: database.engine,
    /** When the demo data was seeded (null when not seeded): the `now` its dates are relative to. */
    seededAt: database.seededAt,
    app: created.app,
    routes: created.routes,
    telephony,
    sandbox,
    twilio,
    /** The payments sandbox (a Stripe stand-in) and the app's `stripe` client. */
    paymentsSandbox,
    stripe: payments.stripe,
    /** The mail catcher every e-mail of this server lands in. */
    mailSandbox,
    /** The weather sandbox every forecast of this server comes from (tests set its weather). */
    weatherSandbox,
    /** The secret the sandbox signs webhooks with and the app verifies them with. */
    paymentsWebhookSecret: cards.webhookSecret,
    /** A client with its own cookie jar, not signed in. */
    client: () => new HttpClient(baseUrl),
    /** A client signed in through the real Auth.js credentials flow. */
    async signIn(email: string, password = 'tentpole-demo') {
      const client = new HttpClient(baseUrl);
      const result = await client.signIn(email, password);
      if (!result.ok) throw new Error(`sign-in failed for ${email}: ${result.url}`);
      return client;
    },
    reach,
    async close() {
      await reach.stop();
      sandbox.close();
      paymentsSandbox.close();
      await mailSandbox.close();
      (server as Server).closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
