import type { Server } from 'node:http';
import { Server as HttpServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { DEMO_PASSWORD, DEMO_USERS } from '@tentpole/domain';
import { createMailSandbox } from '@tentpole/mail-sandbox';
import { createPaymentsSandbox } from '@tentpole/payments-sandbox';
import {
  assertSandboxAllowed,
  createPhoneSandbox,
  type SuggestedCaller,
} from '@tentpole/phone-sandbox';
import { createWeatherSandbox } from '@tentpole/weather-sandbox';
import { createApp } from './app/create-app.js';
import { startRuntime } from './app/runtime.js';
import { isSeeded, seedDemoData } from './app/seed.js';
import { createAuth } from './auth/auth.js';
import { ConfigError, loadConfig } from './config/env.js';
import { keepPrivate } from './config/private-files.js';
import { openDatabase } from './db/client.js';
import { demoCallers } from './features/customers/demo-callers.js';
import { reconcileCardPayments } from './features/payments/index.js';
import { reconcilePhoneServices } from './features/phone/provisioning.js';
import { WEATHER_SANDBOX_BASE_PATH } from './features/weather/forecast.js';
import { logger, setLogLevel } from './logging/logger.js';
import { createMailer, MAIL_SANDBOX_BASE_PATH } from './mail/mailer.js';
import {
  createStripeClient,
  PAYMENTS_SANDBOX_BASE_PATH,
  paymentsConfig,
} from './stripe/stripe-config.js';
import {
  NoCarrierError,
  SANDBOX_BASE_PATH,
  telephonyConfig,
} from './telephony/telephony-config.js';
import { createTwilioClient } from './telephony/twilio-client.js';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  // Before anything is written: every file this process makes is its own user's only.
  process.umask(0o077);
  const config = loadConfig();
  setLogLevel(config.logLevel);
  if (!config.databaseUrl) keepPrivate(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  await database.migrate();
  const demo = config.demoData && (await loadDemoDataOnce(database.db));
  // PGlite sets its own files' modes (0666, past the umask): close them again once it has made
  // them. Files it makes later sit in the 0700 folder, which no one else can enter.
  if (!config.databaseUrl) keepPrivate(config.dataDir);

  const auth = createAuth(database.db, config.authSecret, {
    secureCookies: config.appUrl.startsWith('https:'),
  });
  const webDistDir = path.resolve(config.webDistDir ?? path.join(here, '../../web/dist'));
  const telephony = telephonyConfig(process.env, {
    appUrl: config.appUrl,
    dataDir: config.dataDir,
    sandboxAllowed: config.phoneSandbox,
  });
  // The simulator offers the demo customers' numbers to play (issue 15), handed over here.
  const sandbox = telephony.sandbox
    ? startSandbox(telephony, config, demo ? await demoCallers(database.db) : [])
    : undefined;
  const twilio = createTwilioClient(telephony);
  const cards = paymentsConfig(process.env, {
    appUrl: config.appUrl,
    dataDir: config.dataDir,
    sandboxAllowed: config.paymentsSandbox,
  });
  // The payments sandbox keeps its state in the data folder: a pay link outlives a restart, and
  // a webhook not yet delivered when the process died is delivered when it comes back.
  const paymentsSandbox = cards?.sandbox
    ? createPaymentsSandbox({
        basePath: PAYMENTS_SANDBOX_BASE_PATH,
        publicUrl: config.appUrl,
        secretKey: cards.secretKey,
        webhook: { url: `${config.appUrl}/api/webhooks/stripe`, secret: cards.webhookSecret },
        accessToken: config.paymentsSandboxToken,
        stateFile: path.join(config.dataDir, 'payments-sandbox.json'),
        warn: (message) => logger.warn(`[payments sandbox] ${message}`),
      })
    : undefined;
  const payments = cards
    ? {
        stripe: createStripeClient(cards),
        webhookSecret: cards.webhookSecret,
        appUrl: config.appUrl,
      }
    : undefined;
  // E-mail: the configured SMTP server, or the mail catcher (a real SMTP server on loopback).
  const mailSandbox =
    !config.smtpUrl && config.mailSandbox
      ? createMailSandbox({
          basePath: MAIL_SANDBOX_BASE_PATH,
          accessToken: config.mailSandboxToken,
        })
      : undefined;
  const smtpUrl = config.smtpUrl ?? (mailSandbox ? await mailSandbox.start() : null);
  const mailer = smtpUrl ? createMailer(smtpUrl, config.mailFrom) : undefined;
  // Forecasts: Open-Meteo's API at WEATHER_URL, or the weather sandbox on this origin.
  const weatherSandbox = config.weatherSandbox
    ? createWeatherSandbox({
        basePath: WEATHER_SANDBOX_BASE_PATH,
        accessToken: config.weatherSandboxToken,
      })
    : undefined;
  const weatherUrl =
    config.weatherUrl ?? (weatherSandbox ? `${config.appUrl}${WEATHER_SANDBOX_BASE_PATH}` : null);
  const reach = await startRuntime(database, {
    auth,
    twilio,
    payments,
    mailer,
    weatherUrl,
    appUrl: config.appUrl,
    allowLoopbackWebhooks: config.allowLoopbackWebhooks,
  });
  let stopping = false;
  const { app } = createApp({
    db: database.db,
    auth,
    webDistDir,
    phone: { telephony, twilio, appUrl: config.appUrl },
    sentryDsn: config.sentryDsn,
    trustedProxies: config.trustedProxies,
    realtime: reach,
    sandbox: sandbox && { basePath: SANDBOX_BASE_PATH, instance: sandbox },
    payments,
    paymentsSandbox: paymentsSandbox && {
      basePath: PAYMENTS_SANDBOX_BASE_PATH,
      instance: paymentsSandbox,
    },
    mailSandbox: mailSandbox && { basePath: MAIL_SANDBOX_BASE_PATH, app: mailSandbox.app },
    weatherSandbox: weatherSandbox && {
      basePath: WEATHER_SANDBOX_BASE_PATH,
      app: weatherSandbox.app,
    },
    weatherUrl,
    dnsServers: config.dnsServers,
    stopping: () => stopping,
  });

  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    const where = config.databaseUrl
      ? 'PostgreSQL (DATABASE_URL)'
      : `embedded PGlite in ${config.dataDir}`;
    const phone = telephony.sandbox
      ? `the sandbox carrier (no Twilio account needed); a customer's phone: ${config.appUrl}${SANDBOX_BASE_PATH}/phone${config.phoneSandboxToken ? ' (it asks for PHONE_SANDBOX_TOKEN)' : ''}`
      : 'Twilio';
    const cardsLine = !cards
      ? 'off (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)'
      : cards.sandbox
        ? `the payments sandbox (no Stripe account needed; test card 4242 4242 4242 4242)`
        : 'Stripe';
    if (config.nodeEnv === 'production') {
      // Production logs are JSON lines only: the banner is one of them.
      logger.info(
        {
          url: config.appUrl,
          port: info.port,
          database: where,
          phone,
          cardPayments: cardsLine,
          weather: weatherSandbox
            ? 'the weather sandbox'
            : config.weatherUrl
              ? 'WEATHER_URL'
              : 'off',
          ...(demo ? { demoSignIns: DEMO_USERS.map((u) => u.email) } : {}),
        },
        'Tentpole is running',
      );
    } else {
      // For a person at a terminal after `npm start`: where to go and how to sign in.
      console.log(
        [
          '',
          `Tentpole is running at ${config.appUrl} (port ${info.port})`,
          `Database: ${where}`,
          ...(demo
            ? [
                `Demo sign-ins (password for all: ${DEMO_PASSWORD}):`,
                ...DEMO_USERS.map((u) => `  ${u.email.padEnd(24)} ${u.name}`),
              ]
            : []),
          `Phone: ${phone}`,
          `Card payments: ${cardsLine}`,
          `Weather: ${weatherSandbox ? `the weather sandbox (calm until a forecast is set at ${config.appUrl}${WEATHER_SANDBOX_BASE_PATH}/api/forecasts)` : config.weatherUrl ? 'WEATHER_URL' : 'off (set WEATHER_URL)'}`,
          `E-mail: ${mailSandbox ? `the mail catcher; the mailbox: ${config.appUrl}${MAIL_SANDBOX_BASE_PATH}` : config.smtpUrl ? 'SMTP' : 'off (set SMTP_URL)'}`,
          '',
        ].join('\n'),
      );
    }
    // Card payments that moved while this instance was down (§6: nothing paid is lost).
    if (payments)
      reconcileCardPayments(database.db, payments.stripe).catch((error: unknown) =>
        logger.warn({ err: error }, 'Card payments: could not reconcile at start; the job will'),
      );
    // Numbers and TwiML apps at the carrier; the sandbox answers on this very server.
    reconcilePhoneServices(database.db, twilio, config.appUrl).catch((error: unknown) =>
      logger.error({ err: error }, 'Reach: could not set up the phone numbers at the carrier'),
    );
  });
  // An idle keep-alive connection outlives the clients' (and a proxy's 60 s): with Node's 5 s
  // default the server could close one just as a client reused it, a reset the client sees
  // (ECONNRESET). Closing the server still closes idle connections at once.
  if (server instanceof HttpServer) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }

  // WebSockets: the Voice SDK's signalling and the phone simulator, when the sandbox runs here.
  server.on('upgrade', (request, socket, head) => {
    if (!sandbox?.handleUpgrade(request, socket, head)) socket.destroy();
  });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: finishing in-flight requests and jobs, then stopping.`);
    // Stop taking connections, end the live streams (browsers reconnect elsewhere), let the
    // requests under way finish, then the job worker's current round, then the database.
    server.close(async () => {
      await reach.stop();
      sandbox?.close();
      paymentsSandbox?.close();
      await mailSandbox?.close();
      await database.close();
      logger.info('Stopped cleanly.');
      process.exit(0);
    });
    reach.hub.closeAll();
    // Idle keep-alive connections close now; one busy at this moment (a client's request, or
    // the carrier library's own request to the sandbox on this server) goes idle later and
    // would hold server.close() for its 65 s keep-alive, past the 20 s limit below. Seen in
    // log-secrets.test.ts on PostgreSQL: exit 1 after 20 s, about one run in two.
    (server as Server).closeIdleConnections();
    setInterval(() => (server as Server).closeIdleConnections(), 200).unref();
    setTimeout(() => {
      logger.error('Shutdown took over 20 s; exiting anyway.');
      process.exit(1);
    }, 20_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** Seeds an empty database with the demo; true when the database holds the demo data. */
async function loadDemoDataOnce(db: Parameters<typeof isSeeded>[0]): Promise<boolean> {
  if (await isSeeded(db)) return true;
  await seedDemoData(db);
  logger.info('Loaded the demo data (first start).');
  return true;
}

function startSandbox(
  telephony: ReturnType<typeof telephonyConfig>,
  config: ReturnType<typeof loadConfig>,
  suggestedCallers: readonly SuggestedCaller[],
) {
  assertSandboxAllowed({
    production: config.nodeEnv === 'production',
    hasTwilioCredentials: !telephony.sandbox,
  });
  return createPhoneSandbox({
    basePath: SANDBOX_BASE_PATH,
    publicUrl: config.appUrl,
    accountSid: telephony.accountSid,
    authToken: telephony.authToken,
    apiKeySid: telephony.apiKeySid,
    apiKeySecret: telephony.apiKeySecret,
    accessToken: config.phoneSandboxToken,
    suggestedCallers,
    logger: {
      info: () => {},
      warn: (message, details) => logger.warn(details ?? {}, `[sandbox] ${message}`),
    },
  });
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof NoCarrierError) {
    console.error(error.message);
  } else {
    logger.error({ err: error }, 'Tentpole failed to start');
  }
  process.exit(1);
});
