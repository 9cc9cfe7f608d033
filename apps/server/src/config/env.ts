import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  APP_URL: z.url('must be a URL such as http://localhost:3000').optional(),
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  SENTRY_DSN: z.url('must be a Sentry DSN URL').optional(),
  // How many proxies in front of the app append to X-Forwarded-For (0: believe no header).
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  // Tests only: lets a Slack webhook point at a receiver on loopback (refused in production).
  ALLOW_LOOPBACK_WEBHOOKS: z.enum(['true', 'false']).default('false'),
  // Demo data on an empty database: on by default in development, in production only when asked.
  DEMO_DATA: z.enum(['true', 'false']).optional(),
  // The phone sandbox (a stand-in for Twilio) when no TWILIO_* variables are set: on by default
  // in development; in production only for a demo deployment, and then behind its token.
  PHONE_SANDBOX: z.enum(['true', 'false']).optional(),
  PHONE_SANDBOX_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  // The payments sandbox (a stand-in for Stripe) when no STRIPE_* variables are set: on by
  // default in development; in production only for a demo deployment, and then behind its token.
  PAYMENTS_SANDBOX: z.enum(['true', 'false']).optional(),
  PAYMENTS_SANDBOX_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  // E-mail: an SMTP server (smtp:// or smtps://, credentials in the URL) and the from address;
  // without SMTP_URL the mail catcher (development and tests; in production only when asked).
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.email('must be an e-mail address').optional(),
  MAIL_SANDBOX: z.enum(['true', 'false']).optional(),
  MAIL_SANDBOX_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  // Forecasts for the weather board: a server speaking Open-Meteo's HTTP API (its /v1/forecast);
  // without it the weather sandbox on this origin (development and tests; in production only
  // when asked, and then its control API behind its token).
  WEATHER_URL: z
    .url('must be an http:// or https:// URL, such as https://api.open-meteo.com')
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL, such as https://api.open-meteo.com')
    .optional(),
  WEATHER_SANDBOX: z.enum(['true', 'false']).optional(),
  WEATHER_SANDBOX_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  // Custom domains' TXT records are looked up with these DNS servers (comma-separated IPs, an
  // optional :port each); unset: the system's resolvers (decision 0068).
  DNS_SERVERS: z
    .string()
    .regex(
      /^\s*[\d.:[\]a-fA-F]+(\s*,\s*[\d.:[\]a-fA-F]+)*\s*$/,
      'must be comma-separated IP addresses, such as 1.1.1.1,8.8.8.8',
    )
    .optional(),
});

export type Env = z.infer<typeof envSchema>;
/** Every variable the server's configuration reads (the carrier's are in telephony-config). */
export const ENV_VARIABLES = Object.keys(envSchema.shape);

export type Config = {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  authSecret: string;
  appUrl: string;
  webDistDir: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  sentryDsn: string | undefined;
  allowLoopbackWebhooks: boolean;
  trustedProxies: number;
  /** Load the demo accounts and data into an empty database. */
  demoData: boolean;
  /** Serve the phone sandbox when no Twilio account is configured. */
  phoneSandbox: boolean;
  /** What the sandbox's control API and phone page ask for (required in production). */
  phoneSandboxToken: string | null;
  /** Serve the payments sandbox when no Stripe account is configured. */
  paymentsSandbox: boolean;
  /** What the payments sandbox's control API asks for (required in production). */
  paymentsSandboxToken: string | null;
  /** The SMTP server e-mails go through; null: the mail catcher, when allowed. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Run the mail catcher when no SMTP server is configured. */
  mailSandbox: boolean;
  mailSandboxToken: string | null;
  /** The forecast server (Open-Meteo's API); null: the weather sandbox, when allowed. */
  weatherUrl: string | null;
  /** Serve the weather sandbox when no forecast server is configured. */
  weatherSandbox: boolean;
  /** What the weather sandbox's control API asks for (required in production). */
  weatherSandboxToken: string | null;
  /** DNS servers for custom domains' TXT records (DNS_SERVERS); empty: the system's. */
  dnsServers: string[];
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads and checks the environment at boot; every bad variable is named in one error. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const blankToUndefined = Object.fromEntries(
    Object.entries(source).map(([k, v]) => [k, v === '' ? undefined : v]),
  );
  const parsed = envSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  const phoneSandbox = env.PHONE_SANDBOX ? env.PHONE_SANDBOX === 'true' : !production;
  if (production && phoneSandbox && !env.PHONE_SANDBOX_TOKEN) {
    throw new ConfigError([
      'PHONE_SANDBOX_TOKEN: required with PHONE_SANDBOX=true in production (at least 32 characters); the sandbox plays every phone, so it is never open to anyone',
    ]);
  }
  const paymentsSandbox = env.PAYMENTS_SANDBOX ? env.PAYMENTS_SANDBOX === 'true' : !production;
  if (production && paymentsSandbox && !env.PAYMENTS_SANDBOX_TOKEN) {
    throw new ConfigError([
      'PAYMENTS_SANDBOX_TOKEN: required with PAYMENTS_SANDBOX=true in production (at least 32 characters); its control API can fail and replay payments, so it is never open to anyone',
    ]);
  }
  const mailSandbox = env.MAIL_SANDBOX ? env.MAIL_SANDBOX === 'true' : !production;
  if (production && mailSandbox && !env.MAIL_SANDBOX_TOKEN) {
    throw new ConfigError([
      "MAIL_SANDBOX_TOKEN: required with MAIL_SANDBOX=true in production (at least 32 characters); the mailbox shows every customer's e-mail",
    ]);
  }
  const weatherSandbox =
    !env.WEATHER_URL && (env.WEATHER_SANDBOX ? env.WEATHER_SANDBOX === 'true' : !production);
  if (production && weatherSandbox && !env.WEATHER_SANDBOX_TOKEN) {
    throw new ConfigError([
      'WEATHER_SANDBOX_TOKEN: required with WEATHER_SANDBOX=true in production (at least 32 characters); its control API sets the forecast every event is checked against',
    ]);
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    authSecret: env.AUTH_SECRET ?? storedAuthSecret(dataDir),
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    webDistDir: env.WEB_DIST_DIR,
    logLevel: env.LOG_LEVEL,
    sentryDsn: env.SENTRY_DSN,
    allowLoopbackWebhooks: env.ALLOW_LOOPBACK_WEBHOOKS === 'true' && env.NODE_ENV !== 'production',
    trustedProxies: env.TRUST_PROXY,
    demoData: env.DEMO_DATA ? env.DEMO_DATA === 'true' : !production,
    phoneSandbox,
    phoneSandboxToken: env.PHONE_SANDBOX_TOKEN ?? null,
    paymentsSandbox,
    paymentsSandboxToken: env.PAYMENTS_SANDBOX_TOKEN ?? null,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom:
      env.MAIL_FROM ??
      `no-reply@${new URL(env.APP_URL ?? 'http://localhost').hostname.replace(/^localhost$/, 'tentpole.test')}`,
    mailSandbox,
    mailSandboxToken: env.MAIL_SANDBOX_TOKEN ?? null,
    weatherUrl: env.WEATHER_URL?.replace(/\/+$/, '') ?? null,
    weatherSandbox,
    weatherSandboxToken: env.WEATHER_SANDBOX_TOKEN ?? null,
    dnsServers: (env.DNS_SERVERS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

// A secret made once per data folder, so sessions survive restarts without setup.
function storedAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
