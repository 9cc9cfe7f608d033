import type { SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AuthService } from '../auth/auth.js';
import type { Db } from '../db/client.js';
import type { AppEnv } from '../http/app-env.js';
import type { RouteDef } from '../http/route-table.js';
import type { JobContext, JobWorker } from '../jobs/job-queue.js';
import type { Mailer } from '../mail/mailer.js';
import type { EventHub } from '../realtime/event-hub.js';
import type { Stripe } from '../stripe/stripe-config.js';
import type { TelephonyConfig } from '../telephony/telephony-config.js';
import type { TwilioClient } from '../telephony/twilio-client.js';

/**
 * What a feature is to the app: its own folder on each side, and one entry in the list in
 * `app/features.ts`. Everything here is optional; a feature brings what it has.
 */
export type Feature = {
  name: string;
  /** Its tables (the exports of its tables.ts): migrations and the database reset use them. */
  tables?: Record<string, unknown>;
  /** Its /api routes, each declaring access, request, response, summary and tag. */
  routes?: (context: FeatureContext) => RouteDef[];
  /** Its jobs: work with side effects outside the request, payloads parsed with zod. */
  jobs?: (context: JobDeps) => JobDefinition[];
  /** Its part of the demo data; run in the list's order, so it can read what came before. */
  seed?: (context: SeedContext) => Promise<void>;
  /** Its rows of a customer's journey (orders, payments, calls, texts, …). */
  journey?: JourneySource;
  /**
   * Work every instance asks for on a timer (hold expiry…). Each run should enqueue a job
   * with a dedupe key for its period, so the work happens once whichever instance asks first.
   */
  schedules?: (db: Db) => { everyMs: number; run: (now: Date) => Promise<void> }[];
  /**
   * Its part of the daily clean-up: deletes its rows that stopped mattering before `before`
   * (the retention's start) and answers how many went.
   */
  retention?: (db: Db, before: Date) => Promise<number>;
  /** What it adds to the online store's pages (the website's pages and menu). */
  storefront?: (context: FeatureContext) => Storefront;
};

/**
 * A feature's part of the online store's pages (§10). The store calls these without importing
 * the feature that provides them (the website imports the store, never the reverse).
 */
export type Storefront = {
  /** Links the store's header shows after its name, in order. */
  menu?: (shop: { accountId: string; slug: string }) => Promise<{ label: string; href: string }[]>;
  /** The store's home without a party (GET /s/{slug}): a page, or null for the store's own. */
  home?: (
    c: Context<AppEnv>,
    shop: { accountId: string; slug: string; cartCount: number },
  ) => Promise<Response | null>;
};

/** The carrier (Twilio or the sandbox) and the origin its webhooks reach us at. */
export type PhoneDeps = { telephony: TelephonyConfig; twilio: TwilioClient; appUrl: string };

/** Card payments: the `stripe` library (Stripe or the sandbox) and the webhook secret. */
export type PaymentsDeps = { stripe: Stripe; webhookSecret: string; appUrl: string };

export type FeatureContext = {
  db: Db;
  auth: AuthService;
  /** Now, for everything that depends on the date (tests fix it). */
  clock: () => Date;
  phone?: PhoneDeps | undefined;
  /** Card payments; unset: the account takes manual payments only. */
  payments?: PaymentsDeps | undefined;
  /** The job worker (to wake it) and this instance's event fan-out. */
  realtime?: { worker: Pick<JobWorker, 'kick'>; hub: EventHub } | undefined;
  /** Where /monitoring forwards browser error reports; unset: reports are refused. */
  sentryDsn?: string | undefined;
  /** Proxies in front of the app whose X-Forwarded-For is believed (TRUST_PROXY); 0: none. */
  trustedProxies: number;
  /** A server speaking Open-Meteo's forecast API (WEATHER_URL or the sandbox); unset: none. */
  weatherUrl?: string | null | undefined;
  /** The DNS servers custom domains are checked with (DNS_SERVERS); empty: the system's. */
  dnsServers?: string[] | undefined;
  /** Every feature's journey source: the customer journey is their union. */
  journey: JourneySource[];
  /** Every feature's part of the store's pages (filled in once every feature is known). */
  storefront?: Storefront[];
};

export type JobDeps = {
  db: Db;
  twilio: TwilioClient;
  appUrl: string;
  allowLoopbackWebhooks: boolean;
  payments?: PaymentsDeps | undefined;
  /** SMTP (a server, or the mail catcher); unset: e-mails are kept as failed with the reason. */
  mailer?: Mailer | undefined;
  /** A server speaking Open-Meteo's forecast API; unset: the weather checks have nothing to ask. */
  weatherUrl?: string | null | undefined;
};

export type JobDefinition<P extends z.ZodType = z.ZodType> = {
  kind: string;
  /** A payload that does not parse fails the job for good (retrying cannot fix it). */
  payload: P;
  run: (payload: z.output<P>, context: JobContext) => Promise<void>;
};

/** Declares a job with its payload type tied to its schema. */
export const defineJob = <P extends z.ZodType>(job: JobDefinition<P>): JobDefinition =>
  job as unknown as JobDefinition;

export type SeedContext = {
  db: Db;
  now: Date;
  /** A seeded random stream of its own per name, so every seed run makes the same demo. */
  random: (name: string) => SeedRandom;
};

export type SeedRandom = {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
};

/**
 * A select of the rows a feature adds to one customer's journey, with the columns
 * `id, kind, title, detail, occurred_at, order_id, amount_cents` (text, text, text, text or
 * null, timestamptz, text or null, integer or null; cast every null, as `null::text`, so the
 * union agrees on types). `{amount}` in title or detail is replaced
 * by amount_cents in the account's currency, formatted once, in TypeScript.
 */
export type JourneySource = (accountId: string, customerId: string) => SQL;
