import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * Who may drive the sandbox. The control API and the phone simulator play the whole telephone
 * network (read every text, speak as any number, break the carrier), so:
 * - with an access token configured (always, in a production demo), they answer only a request
 *   that presents it: the `x-sandbox-token` header, `Authorization: Bearer …`, or the cookie the
 *   phone page sets once it was opened with `?token=…`;
 * - a browser on another site can never drive them, token or not: a mutation must be JSON and
 *   come from this origin, and the phone socket checks its Origin;
 * - bodies are small and requests per client are counted.
 * The Twilio-shaped REST API keeps Twilio's own Basic auth and the Voice SDK gateway its access
 * token; neither changes here.
 */
export const SANDBOX_TOKEN_HEADER = 'x-sandbox-token';
export const SANDBOX_TOKEN_COOKIE = 'sandbox_token';
/** The largest request body the sandbox reads (Twilio's own requests are a few kB). */
export const SANDBOX_MAX_BODY_BYTES = 64 * 1024;
/** Control API requests a client may make per minute. */
export const SANDBOX_CONTROL_PER_MINUTE = 1200;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const digest = (value: string) => createHash('sha256').update(value).digest();

function sameToken(given: string | null, expected: string): boolean {
  return given !== null && timingSafeEqual(digest(given), digest(expected));
}

function cookieValue(header: string | undefined | null, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

type Headers = { get(name: string): string | null | undefined };

function presentedToken(headers: Headers): string | null {
  const header = headers.get(SANDBOX_TOKEN_HEADER);
  if (header) return header;
  const authorization = headers.get('authorization');
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7);
  return cookieValue(headers.get('cookie'), SANDBOX_TOKEN_COOKIE);
}

/** True when a browser says the request comes from another site (absent headers: not a browser). */
function crossSite(headers: Headers): boolean {
  const site = headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = headers.get('origin');
  if (!origin) return false;
  try {
    return new URL(origin).host !== headers.get('host');
  } catch {
    return true;
  }
}

function refuse(c: Context, status: 401 | 403 | 413 | 415 | 429, message: string) {
  return c.json({ error: { message } }, status);
}

export class SandboxAccessGuard {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly token: string | null,
    private readonly now: () => number = Date.now,
  ) {}

  get required(): boolean {
    return this.token !== null;
  }

  allows(headers: Headers): boolean {
    return this.token === null || sameToken(presentedToken(headers), this.token);
  }

  /** Bodies past the limit are refused from their Content-Length, before any is read. */
  limitBody(): MiddlewareHandler {
    return bodyLimit({
      maxSize: SANDBOX_MAX_BODY_BYTES,
      onError: (c) => {
        c.header('connection', 'close');
        return refuse(c, 413, `The request body is larger than ${SANDBOX_MAX_BODY_BYTES} bytes.`);
      },
    });
  }

  /** The control API: token, same-origin JSON mutations, and a per-client rate. */
  control(): MiddlewareHandler {
    return async (c, next) => {
      const headers = c.req.raw.headers;
      if (!SAFE_METHODS.has(c.req.method)) {
        if (crossSite(headers)) return refuse(c, 403, 'Cross-site request refused.');
        const hasBody =
          Number(headers.get('content-length') ?? 0) > 0 || headers.has('transfer-encoding');
        const type = headers.get('content-type') ?? '';
        if (hasBody && !type.toLowerCase().startsWith('application/json'))
          return refuse(c, 415, 'The control API takes application/json.');
      }
      if (!this.allows(headers)) return refuse(c, 401, 'The sandbox token is missing or wrong.');
      if (!this.count(clientOf(c))) {
        c.header('retry-after', '60');
        return refuse(c, 429, 'Too many control requests; try again in a minute.');
      }
      return next();
    };
  }

  /**
   * The phone page: a `?token=` becomes an HttpOnly, SameSite=Strict cookie (and leaves the
   * address bar); without a token the page asks for one. Security headers on every answer.
   */
  phonePage(basePath: string): MiddlewareHandler {
    return async (c, next) => {
      const url = new URL(c.req.url);
      const offered = url.searchParams.get('token');
      const setCookie = (token: string) => {
        const secure = url.protocol === 'https:' ? '; Secure' : '';
        c.header(
          'set-cookie',
          `${SANDBOX_TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=${basePath || '/'}; HttpOnly; SameSite=Strict${secure}`,
        );
      };
      if (offered !== null && this.token !== null && sameToken(offered, this.token)) {
        url.searchParams.delete('token');
        setCookie(offered);
        pageHeaders(c);
        return c.redirect(`${url.pathname}${url.search}`, 303);
      }
      if (!this.allows(c.req.raw.headers)) {
        pageHeaders(c);
        return c.html(tokenFormHtml(offered !== null), 401);
      }
      // A token presented in a header also opens the page's socket (a browser sends cookies,
      // not headers, with it).
      const cookie = cookieValue(c.req.header('cookie'), SANDBOX_TOKEN_COOKIE);
      if (this.token !== null && cookie === null) setCookie(this.token);
      await next();
      pageHeaders(c);
    };
  }

  /** The phone simulator's socket: from this origin only, and with the token when one is set. */
  allowsUpgrade(req: IncomingMessage): boolean {
    const headers: Headers = {
      get: (name) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value[0] : value;
      },
    };
    const origin = headers.get('origin');
    if (origin) {
      try {
        if (new URL(origin).host !== headers.get('host')) return false;
      } catch {
        return false;
      }
    }
    return this.allows(headers);
  }

  private count(client: string): boolean {
    const now = this.now();
    const window = this.windows.get(client);
    if (!window || now - window.start >= 60_000) {
      if (this.windows.size > 10_000) this.windows.clear();
      this.windows.set(client, { start: now, count: 1 });
      return true;
    }
    window.count += 1;
    return window.count <= SANDBOX_CONTROL_PER_MINUTE;
  }
}

function clientOf(c: Context): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}

const PAGE_CSP = [
  "default-src 'self'",
  // The simulator is one self-contained page with its script and styles inline.
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function pageHeaders(c: Context) {
  c.header('content-security-policy', PAGE_CSP);
  c.header('x-content-type-options', 'nosniff');
  c.header('x-frame-options', 'DENY');
  c.header('referrer-policy', 'no-referrer');
  c.header('cache-control', 'no-store');
}

function tokenFormHtml(wrong: boolean): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Phone sandbox</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem">
<h1>Phone sandbox</h1>
<p>This demo's phone simulator needs its access token (PHONE_SANDBOX_TOKEN).</p>
${wrong ? '<p role="alert">That token is not right.</p>' : ''}
<form method="get">
<label for="token">Sandbox token</label><br>
<input id="token" name="token" type="password" autocomplete="off" required style="width: 100%">
<button type="submit">Open the phone</button>
</form>
</body></html>`;
}
