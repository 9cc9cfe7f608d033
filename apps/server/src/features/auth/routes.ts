import { z } from 'zod';
import { AUTH_BASE_PATH, type AuthService, CLIENT_ADDRESS_HEADER } from '../../auth/auth.js';
import { AppError } from '../../http/app-error.js';
import { clientAddress } from '../../http/client-address.js';
import type { RouteDef } from '../../http/route-table.js';
import { logger } from '../../logging/logger.js';

const clientLogSchema = z.object({
  level: z.enum(['error', 'warn', 'debug']).catch('debug'),
  code: z.string().max(200).optional(),
  message: z.string().max(2000).optional(),
});

export function authRoutes(auth: AuthService, trustedProxies = 0): RouteDef[] {
  return [
    {
      // The auth client's log sink (spec §7 `{basepath}/_log`): recorded, never echoed.
      method: 'POST',
      path: `${AUTH_BASE_PATH}/_log`,
      access: { public: 'the auth client reports its own errors before anyone is signed in' },
      summary: "The auth client's error log.",
      tag: 'Auth',
      response: { kind: 'empty', description: 'Recorded.' },
      async handler(c) {
        const form = await c.req.parseBody().catch(() => ({}));
        const entry = clientLogSchema.safeParse(form);
        if (entry.success && entry.data.level !== 'debug') {
          // Anyone may post here: no control character (a newline forging a log line, an ANSI
          // escape repainting a terminal) reaches the log.
          const text = `${entry.data.code ?? ''} ${entry.data.message ?? ''}`.replace(
            // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is removed
            /[\u0000-\u001f\u007f-\u009f]+/g,
            ' ',
          );
          logger.warn(`[auth client] ${entry.data.level}: ${text.slice(0, 500)}`);
        }
        return c.body(null, 200);
      },
    },
    {
      method: 'ALL',
      path: `${AUTH_BASE_PATH}/*`,
      access: {
        public: 'Auth.js endpoints: session, csrf, providers, sign-in, callback, sign-out',
      },
      summary: 'Auth.js: session, csrf, providers, signin, callback/credentials, signout.',
      tag: 'Auth',
      response: {
        kind: 'auth',
        description:
          'Auth.js answers: JSON for session, csrf and providers; redirects for the rest.',
      },
      handler(c) {
        const request = c.req.raw;
        // A NUL in a parameter (callbackUrl=%00) would reach the database or a redirect.
        if (new URL(request.url).search.toLowerCase().includes('%00')) {
          throw new AppError('bad_request', 'A parameter holds a NUL character.');
        }
        // The sign-in rate limit counts per address; take it from the socket, not a header.
        const address = clientAddress(c, trustedProxies);
        const headers = new Headers(request.headers);
        headers.set(CLIENT_ADDRESS_HEADER, address);
        const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
        return auth.handle(
          new Request(request.url, {
            method: request.method,
            headers,
            ...(hasBody ? { body: request.body, duplex: 'half' } : {}),
          } as RequestInit),
        );
      },
    },
  ];
}
