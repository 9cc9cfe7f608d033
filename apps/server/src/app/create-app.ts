import type { PaymentsSandbox } from '@tentpole/payments-sandbox';
import type { PhoneSandbox } from '@tentpole/phone-sandbox';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AuthService } from '../auth/auth.js';
import type { Db } from '../db/client.js';
import { migrationsApplied, ping } from '../db/client.js';
import { billingGates } from '../features/billing/queries.js';
import type { FeatureContext, PaymentsDeps, PhoneDeps } from '../features/feature.js';
import { storeHostRouter } from '../features/store/index.js';
import type { AppEnv } from '../http/app-env.js';
import { AppError } from '../http/app-error.js';
import { isDatabaseUnavailable } from '../http/db-errors.js';
import { openApiDocument, openApiPage } from '../http/openapi.js';
import { RouteTable } from '../http/route-table.js';
import { sameOriginMutations, securityHeaders } from '../http/security.js';
import { serveWebApp } from '../http/static-assets.js';
import { logger } from '../logging/logger.js';
import { FEATURES } from './features.js';

export const MAX_BODY_BYTES = 1024 * 1024;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024 + 64 * 1024;
const UPLOAD_PATH =
  /^\/api\/((products|categories)\/[^/]+\/images?|orders\/[^/]+\/photos|account\/logo|website\/images)$/;

export type AppDeps = {
  db: Db;
  auth: AuthService;
  /** The built web app to serve (same origin, SPA fallback); none in API-only runs. */
  webDistDir?: string | undefined;
  /** Now, for everything that depends on the date (tests fix it). */
  clock?: () => Date;
  /** The carrier (Twilio or the sandbox) and the origin its webhooks reach us at. */
  phone?: PhoneDeps | undefined;
  /** The job worker (to wake it) and this instance's event fan-out. */
  realtime?: FeatureContext['realtime'];
  /** Where /monitoring forwards browser error reports; unset: reports are refused. */
  sentryDsn?: string | undefined;
  /** Tests: every JSON success is parsed with its route's declared response schema. */
  checkResponses?: boolean;
  /** Proxies in front of the app whose X-Forwarded-For is believed (TRUST_PROXY). */
  trustedProxies?: number;
  /** The sandbox carrier to serve on this origin, when configured instead of Twilio. */
  sandbox?: { basePath: string; instance: PhoneSandbox } | undefined;
  /** Card payments (Stripe or the payments sandbox); unset: manual payments only. */
  payments?: PaymentsDeps | undefined;
  /** The payments sandbox to serve on this origin, when configured instead of Stripe. */
  paymentsSandbox?: { basePath: string; instance: PaymentsSandbox } | undefined;
  /** The mail catcher's mailbox to serve on this origin, when no SMTP server is configured. */
  mailSandbox?:
    | { basePath: string; app: { fetch: (request: Request) => Response | Promise<Response> } }
    | undefined;
  /** The weather sandbox to serve on this origin, when no WEATHER_URL is configured. */
  weatherSandbox?:
    | { basePath: string; app: { fetch: (request: Request) => Response | Promise<Response> } }
    | undefined;
  /** Where forecasts come from (Open-Meteo's API: WEATHER_URL or the sandbox); unset: none. */
  weatherUrl?: string | null | undefined;
  /** True once this instance has begun to stop (readiness then answers 503). */
  stopping?: () => boolean;
  /** The DNS servers custom domains are checked with (DNS_SERVERS); empty: the system's. */
  dnsServers?: string[];
};

export function createApp({
  db,
  auth,
  webDistDir,
  clock = () => new Date(),
  sandbox,
  phone,
  payments,
  paymentsSandbox,
  mailSandbox,
  weatherSandbox,
  weatherUrl,
  sentryDsn,
  realtime,
  checkResponses = false,
  trustedProxies = 0,
  stopping = () => false,
  dnsServers = [],
}: AppDeps) {
  const app = new Hono<AppEnv>();
  const routes = new RouteTable(
    app,
    (c) => auth.userFromRequest(c.req.raw),
    checkResponses,
    // §13: the plan's limits and the read-only rule, checked once for every route.
    billingGates(db, clock),
  );

  app.onError((error, c) => {
    if (error instanceof AppError) {
      const retryAfter = error.details?.retryAfterSeconds;
      if (typeof retryAfter === 'number') c.header('retry-after', String(retryAfter));
      // The rest of an oversized body is not read: the connection cannot be used again.
      if (error.code === 'payload_too_large') c.header('connection', 'close');
      return c.json(error.toBody(), error.status as 400);
    }
    if (isDatabaseUnavailable(error)) {
      // The database is away (restarting, failing over): say so, and keep serving.
      logger.warn({ err: error }, 'database unavailable');
      c.header('retry-after', '5');
      return c.json(
        {
          error: {
            code: 'unavailable',
            message: 'Tentpole is briefly unavailable. Please try again in a few seconds.',
          },
        },
        503,
      );
    }
    logger.error({ err: error, method: c.req.method, path: c.req.path }, 'unhandled error');
    return c.json({ error: { code: 'internal', message: 'Something went wrong.' } }, 500);
  });

  // Decision 0068: a verified custom domain's requests are its store's pages, nothing else.
  const appUrl = payments?.appUrl ?? phone?.appUrl;
  const appHost = appUrl ? new URL(appUrl).hostname : null;
  app.use(
    '*',
    storeHostRouter(
      db,
      () => appHost,
      (request, env) => app.fetch(request, env as never),
    ),
  );

  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new AppError('payload_too_large', 'The request body is larger than 1 MB.');
    },
  });
  // Image uploads (inventory images, order photos, the logo) may be up to 10 MB; every other
  // body up to 1 MB.
  const limitUpload = bodyLimit({
    maxSize: UPLOAD_MAX_BYTES,
    onError: () => {
      throw new AppError('payload_too_large', 'The upload is larger than 10 MB.');
    },
  });
  routes.use('/api/*', (c, next) =>
    c.req.method === 'POST' && UPLOAD_PATH.test(c.req.path)
      ? limitUpload(c, next)
      : limitBody(c, next),
  );
  if (phone) routes.use('/api/*', sameOriginMutations(phone.appUrl));
  app.use(
    '*',
    securityHeaders({
      signalingHosts: phone?.telephony.signalingHosts ?? [],
      insecureSignaling: phone?.telephony.insecureSignaling ?? false,
      soundsBaseUrl: phone?.telephony.soundsBaseUrl ?? null,
      https: phone ? phone.appUrl.startsWith('https:') : false,
    }),
  );
  routes.use('/monitoring', limitBody);

  routes.add({
    method: 'GET',
    path: '/api/health',
    access: { public: 'load balancers and the start script poll it' },
    summary: 'The server and its database answer.',
    tag: 'System',
    response: z.object({ ok: z.literal(true) }),
    async handler(c) {
      await ping(db);
      return c.json({ ok: true as const });
    },
  });
  routes.add({
    method: 'GET',
    path: '/api/ready',
    access: { public: 'load balancers ask it before sending traffic' },
    summary: 'Ready for traffic: the database answers, every migration is applied, not stopping.',
    tag: 'System',
    response: z.object({ ready: z.literal(true) }),
    errors: [503],
    async handler(c) {
      // Liveness (/api/health) says the process answers; readiness says send it requests.
      const ready = !stopping() && (await migrationsApplied(db).catch(() => false));
      if (!ready) {
        c.header('retry-after', '5');
        throw new AppError('unavailable', 'Not ready for traffic.');
      }
      return c.json({ ready: true as const });
    },
  });
  const context: FeatureContext = {
    db,
    auth,
    clock,
    phone,
    payments,
    realtime,
    sentryDsn,
    trustedProxies,
    weatherUrl,
    dnsServers,
    journey: FEATURES.flatMap((feature) => (feature.journey ? [feature.journey] : [])),
  };
  context.storefront = FEATURES.flatMap((f) => (f.storefront ? [f.storefront(context)] : []));
  for (const feature of FEATURES) routes.add(...(feature.routes?.(context) ?? []));

  // The payments sandbox sits under the phone's mount point: it is mounted first.
  if (paymentsSandbox) app.route(paymentsSandbox.basePath, paymentsSandbox.instance.app);
  if (mailSandbox) app.mount(mailSandbox.basePath, mailSandbox.app.fetch);
  if (weatherSandbox) app.mount(weatherSandbox.basePath, weatherSandbox.app.fetch);
  if (sandbox) app.route(sandbox.basePath, sandbox.instance.app);

  // The API's reference, from the same table and schemas (declared after every other route).
  routes.add(
    {
      method: 'GET',
      path: '/api/openapi.json',
      access: { public: 'the API reference; it documents routes, not data' },
      summary: 'This document.',
      tag: 'System',
      response: z.record(z.string(), z.unknown()),
      handler: (c) => c.json(openApiDocument(routes.declared)),
    },
    {
      method: 'GET',
      path: '/api/docs',
      access: { public: 'the API reference page' },
      summary: 'A reference page for this document.',
      tag: 'System',
      response: { kind: 'html', description: 'The reference, as one page.' },
      handler: (c) => c.html(openApiPage(openApiDocument(routes.declared))),
    },
  );

  app.notFound((c) =>
    c.req.path.startsWith('/api')
      ? c.json(new AppError('not_found', 'No such API route.').toBody(), 404)
      : c.text('Not found', 404),
  );

  serveWebApp(app, webDistDir);

  return { app, routes };
}
