import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { PhoneSandbox } from '@tentpole/phone-sandbox';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AuthService } from '../auth/auth.js';
import type { Db } from '../db/client.js';
import { ping } from '../db/client.js';
import { accountRoutes } from '../features/accounts/routes.js';
import { authRoutes } from '../features/auth/routes.js';
import { customerRoutes } from '../features/customers/routes.js';
import { eventRoutes } from '../features/events/routes.js';
import { messagingRoutes } from '../features/messaging/routes.js';
import { monitoringRoutes } from '../features/monitoring/routes.js';
import { type PhoneDeps, phoneRoutes } from '../features/phone/routes.js';
import { statsRoutes } from '../features/stats/routes.js';
import type { JobWorker } from '../jobs/job-queue.js';
import type { EventHub } from '../realtime/event-hub.js';
import type { AppEnv } from './app-env.js';
import { AppError } from './app-error.js';
import { isDatabaseUnavailable } from './db-errors.js';
import { openApiDocument, openApiPage } from './openapi.js';
import { RouteTable } from './route-table.js';
import { sameOriginMutations, securityHeaders } from './security.js';

export const MAX_BODY_BYTES = 1024 * 1024;

export type AppDeps = {
  db: Db;
  auth: AuthService;
  /** The built web app to serve (same origin, SPA fallback); none in API-only runs. */
  webDistDir?: string | undefined;
  /** Now, for everything that depends on the date (tests fix it). */
  clock?: () => Date;
  /** The carrier (Twilio or the sandbox) and the origin its webhooks reach us at. */
  phone?: Omit<PhoneDeps, 'db'> | undefined;
  /** Texting's job worker (to wake it) and this instance's event fan-out. */
  realtime?: { worker: Pick<JobWorker, 'kick'>; hub: EventHub } | undefined;
  /** Where /monitoring forwards browser error reports; unset: reports are refused. */
  sentryDsn?: string | undefined;
  /** The sandbox carrier to serve on this origin, when configured instead of Twilio. */
  sandbox?: { basePath: string; instance: PhoneSandbox } | undefined;
};

export function createApp({
  db,
  auth,
  webDistDir,
  clock = () => new Date(),
  sandbox,
  phone,
  sentryDsn,
  realtime,
}: AppDeps) {
  const app = new Hono<AppEnv>();
  const routes = new RouteTable(app, (c) => auth.userFromRequest(c.req.raw));

  app.onError((error, c) => {
    if (error instanceof AppError) return c.json(error.toBody(), error.status as 400);
    if (isDatabaseUnavailable(error)) {
      // The database is away (restarting, failing over): say so, and keep serving.
      console.warn('database unavailable:', (error as Error).message);
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
    console.error('unhandled error:', error);
    return c.json({ error: { code: 'internal', message: 'Something went wrong.' } }, 500);
  });

  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new AppError('payload_too_large', 'The request body is larger than 1 MB.');
    },
  });
  routes.use('/api/*', limitBody);
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

  routes.add(
    {
      method: 'GET',
      path: '/api/health',
      access: { public: 'load balancers and the start script poll it' },
      async handler(c) {
        await ping(db);
        return c.json({ ok: true });
      },
    },
    ...authRoutes(auth),
    ...accountRoutes(db, clock),
    ...statsRoutes(db, clock),
    ...customerRoutes(db),
    ...(phone ? phoneRoutes({ db, ...phone }) : []),
    ...(phone && realtime
      ? messagingRoutes({
          db,
          authToken: phone.telephony.authToken,
          appUrl: phone.appUrl,
          worker: realtime.worker,
        })
      : []),
    ...(realtime ? eventRoutes(realtime.hub) : []),
    ...monitoringRoutes(sentryDsn),
  );

  if (sandbox) app.route(sandbox.basePath, sandbox.instance.app);

  // The API's reference, from the same table and schemas (declared after every other route).
  routes.add(
    {
      method: 'GET',
      path: '/api/openapi.json',
      access: { public: 'the API reference; it documents routes, not data' },
      handler: (c) => c.json(openApiDocument(routes.declared)),
    },
    {
      method: 'GET',
      path: '/api/docs',
      access: { public: 'the API reference page' },
      handler: (c) => c.html(openApiPage(openApiDocument(routes.declared))),
    },
  );

  app.notFound((c) =>
    c.req.path.startsWith('/api')
      ? c.json(new AppError('not_found', 'No such API route.').toBody(), 404)
      : c.text('Not found', 404),
  );

  if (webDistDir && existsSync(path.join(webDistDir, 'index.html'))) {
    const files = serveStatic<AppEnv>({ root: webDistDir });
    // Client-side routes: every other GET outside /api gets the app shell.
    const shell = serveStatic<AppEnv>({ root: webDistDir, path: 'index.html' });
    app.get('*', (c, next) => (c.req.path.startsWith('/api') ? next() : files(c, next)));
    app.get('*', (c, next) => (c.req.path.startsWith('/api') ? next() : shell(c, next)));
  }

  return { app, routes };
}
