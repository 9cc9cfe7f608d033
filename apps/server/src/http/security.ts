import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';
import { AppError } from './app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Routes that guard mutations their own way: Auth.js checks its csrf token, the carrier's
// webhooks carry a signature, and the error tunnel is anonymous.
const OWN_GUARD = ['/api/auth/', '/api/phone/webhooks/'];

/**
 * CSRF protection for every cookie-authenticated mutation: the browser must say the request
 * comes from our own pages (Sec-Fetch-Site: same-origin, or an Origin whose host is the one it
 * sent the request to, or APP_URL's). A form or fetch from another site is refused before any
 * handler runs. SameSite=Lax cookies already stop most of this; this closes the rest.
 */
export function sameOriginMutations(appUrl: string): MiddlewareHandler<AppEnv> {
  const appHost = new URL(appUrl).host;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || OWN_GUARD.some((p) => c.req.path.startsWith(p)))
      return next();
    if (!/authjs\.session-token=/.test(c.req.header('cookie') ?? '')) return next();
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    let originHost: string | null = null;
    try {
      originHost = origin ? new URL(origin).host : null;
    } catch {
      originHost = null;
    }
    const sameOrigin =
      site === 'same-origin' ||
      (originHost !== null && (originHost === c.req.header('host') || originHost === appHost));
    if (!sameOrigin) throw new AppError('forbidden', 'Cross-site request refused.');
    return next();
  };
}

export type ContentSecurity = {
  /** The Voice SDK's gateways, as `host[:port]/path` (empty: Twilio's own). */
  signalingHosts: string[];
  insecureSignaling: boolean;
  /** Where the SDK's sounds come from (null: Twilio's CDN). */
  soundsBaseUrl: string | null;
  https: boolean;
};

/**
 * The app's security headers: a Content-Security-Policy the app and the Voice SDK work under,
 * no framing, no sniffing, HSTS behind https. The sandbox's own pages (a dev tool with inline
 * scripts) are left alone.
 */
export function securityHeaders(security: ContentSecurity): MiddlewareHandler<AppEnv> {
  const gateways = security.signalingHosts.length
    ? security.signalingHosts.map(
        (h) => `${security.insecureSignaling ? 'ws' : 'wss'}://${h.split('/')[0]}`,
      )
    : ['wss://*.twilio.com'];
  const sounds = security.soundsBaseUrl
    ? new URL(security.soundsBaseUrl).origin
    : 'https://sdk.twilio.com';
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // React and Radix position things with style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `media-src 'self' blob: ${sounds}`,
    `connect-src 'self' ${gateways.join(' ')} ${sounds} https://eventgw.twilio.com https://*.twilio.com https://*.posthog.com`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return async (c, next) => {
    await next();
    if (c.req.path.startsWith('/sandbox')) return;
    // A page the app frames itself (the website builder's preview) asks for it with its own
    // `frame-ancestors 'self'`; everything else may not be framed at all.
    const framable = /frame-ancestors 'self'/.test(
      c.res.headers.get('content-security-policy') ?? '',
    );
    c.res.headers.set(
      'content-security-policy',
      framable ? csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'") : csp,
    );
    c.res.headers.set('x-content-type-options', 'nosniff');
    c.res.headers.set('x-frame-options', framable ? 'SAMEORIGIN' : 'DENY');
    c.res.headers.set('referrer-policy', 'strict-origin-when-cross-origin');
    c.res.headers.set('permissions-policy', 'camera=(), geolocation=(), microphone=(self)');
    if (security.https)
      c.res.headers.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
  };
}
