import { existsSync } from 'node:fs';
import path from 'node:path';
import { type ServeStaticOptions, serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';
import { isCustomHost } from './custom-host.js';

/** A file Vite names after its content (`/assets/index-BIYne2SR.js`): it never changes. */
const HASHED_ASSET = /^\/assets\/[^/]+-[\w-]{8,}\.\w+$/;

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the unhashed files (the favicon): the browser asks again each time. */
const REVALIDATE = 'no-cache';

/** Serves a file when there is one, with its cache rule; otherwise hands on to `next`. */
function serveWithCacheRule(options: ServeStaticOptions<AppEnv>): MiddlewareHandler<AppEnv> {
  // What serveStatic found, per request (when it found nothing it has already called next).
  const served = new WeakSet<Context>();
  const serve = serveStatic<AppEnv>({ ...options, onFound: (_path, c) => void served.add(c) });
  return async (c, next) => {
    const response = await serve(c, next);
    if (!response || !served.has(c)) return response;
    response.headers.set('Cache-Control', HASHED_ASSET.test(c.req.path) ? IMMUTABLE : REVALIDATE);
    // One URL answers brotli, gzip or the plain file: a shared cache must keep them apart,
    // the plain answer included.
    response.headers.set('Vary', 'Accept-Encoding');
    return response;
  };
}

/**
 * Serves the built web app (decision 0016): every file precompressed at build time (`.br` or
 * `.gz`, chosen by the request's Accept-Encoding), hashed assets cached for a year, and
 * index.html, also the answer for the app's client-side routes, revalidated every time.
 * Registered after the API's routes: /api never reaches it.
 */
export function serveWebApp(app: Hono<AppEnv>, webDistDir: string | undefined) {
  if (!webDistDir || !existsSync(path.join(webDistDir, 'index.html'))) return;
  const files = serveWithCacheRule({ root: webDistDir, precompressed: true });
  // Client-side routes: every other GET outside /api gets the app's index.html.
  const shell = serveWithCacheRule({ root: webDistDir, path: 'index.html', precompressed: true });
  // A store's custom domain (decision 0068) serves the store only: never the app's files.
  app.get('*', (c, next) =>
    c.req.path.startsWith('/api') || isCustomHost(c) ? next() : files(c, next),
  );
  app.get('*', (c, next) =>
    // A missing hashed file (a chunk of an older release) is not found: answered with
    // index.html, the browser would be handed HTML for a script.
    c.req.path.startsWith('/api') || c.req.path.startsWith('/assets/') || isCustomHost(c)
      ? next()
      : shell(c, next),
  );
}
