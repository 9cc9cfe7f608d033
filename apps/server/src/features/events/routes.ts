import { streamSSE } from 'hono/streaming';
import type { AuthService } from '../../auth/auth.js';
import type { RouteDef } from '../../http/route-table.js';
import type { EventHub } from '../../realtime/event-hub.js';

export const HEARTBEAT_MS = 25_000;

/**
 * One Server-Sent Events stream per signed-in tab: the active account's events, fanned out
 * through Postgres LISTEN/NOTIFY, so an event raised on any instance reaches this one.
 */
export function eventRoutes(hub: EventHub, auth: AuthService): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/api/events',
      access: { signedIn: true },
      summary: 'Server-Sent Events for the active account.',
      tag: 'Realtime',
      response: {
        kind: 'stream',
        description: 'One `ready` event, then the account events as they happen.',
      },
      handler(c) {
        const accountId = c.get('user').accountId;
        const request = c.req.raw;
        c.header('cache-control', 'no-store');
        c.header('x-accel-buffering', 'no');
        return streamSSE(c, async (stream) => {
          let id = 0;
          const unsubscribe = hub.subscribe(accountId, (event) => {
            void stream.writeSSE({
              event: event.type,
              data: JSON.stringify(event),
              id: String(++id),
            });
          });
          stream.onAbort(unsubscribe);
          // On shutdown the stream ends, so the server can finish and the browser reconnects.
          const untrack = hub.track(() => {
            void stream.close();
          });
          stream.onAbort(untrack);
          // A session that ends (sign-out, password change, removal, suspension) or loses this
          // account ends its stream: each change to who may do what re-checks it.
          const unwatch = auth.onInvalidate(() => {
            void auth.userFromRequest(request).then((user) => {
              if (user?.accountId !== accountId) void stream.close();
            });
          });
          stream.onAbort(unwatch);
          await stream.writeSSE({ event: 'ready', data: '{}' });
          // Comments keep proxies from closing an idle stream.
          while (!stream.aborted && !stream.closed) {
            await stream.sleep(HEARTBEAT_MS);
            if (!stream.aborted) await stream.write(': keep-alive\n\n');
          }
          unsubscribe();
          untrack();
          unwatch();
        });
      },
    },
  ];
}
