import { AppError } from '../../http/app-error.js';
import type { RouteDef } from '../../http/route-table.js';

export const MONITORING_PATH = '/monitoring';

type Dsn = { origin: string; projectId: string; host: string };

function parseDsn(dsn: string): Dsn | null {
  try {
    const url = new URL(dsn);
    const projectId = url.pathname.replace(/^\/+|\/+$/g, '');
    if (!projectId) return null;
    return { origin: `${url.protocol}//${url.host}`, projectId, host: url.host };
  } catch {
    return null;
  }
}

/**
 * The error-reporting tunnel (spec §7 `/monitoring`): the browser posts Sentry envelopes to our
 * own origin, so ad blockers don't drop them, and we pass each on to the one configured DSN's
 * project. An envelope naming any other DSN is refused: this is not an open relay.
 */
export function monitoringRoutes(sentryDsn: string | undefined): RouteDef[] {
  const dsn = sentryDsn ? parseDsn(sentryDsn) : null;
  return [
    {
      method: 'POST',
      path: MONITORING_PATH,
      access: { public: 'browser error reports, only ever forwarded to our own configured DSN' },
      summary: 'Browser error reports, passed to the configured DSN only.',
      tag: 'System',
      response: { kind: 'empty', description: 'Passed on (502 when the DSN does not answer).' },
      errors: [502],
      async handler(c) {
        if (!dsn) throw new AppError('not_found', 'Error reporting is not configured.');
        // The 1 MB body limit applies here as on /api (create-app.ts).
        const body = await c.req.arrayBuffer();
        const text = new TextDecoder().decode(body);
        const headerLine = text.slice(
          0,
          text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'),
        );
        let header: { dsn?: unknown };
        try {
          header = JSON.parse(headerLine) as { dsn?: unknown };
        } catch {
          throw new AppError('bad_request', 'Not an error-report envelope.');
        }
        const target = typeof header.dsn === 'string' ? parseDsn(header.dsn) : null;
        if (!target || target.host !== dsn.host || target.projectId !== dsn.projectId) {
          throw new AppError('bad_request', 'The report names another project.');
        }
        const upstream = await fetch(`${dsn.origin}/api/${dsn.projectId}/envelope/`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-sentry-envelope' },
          body,
        }).catch(() => null);
        if (!upstream) throw new AppError('unavailable', 'Error reporting could not be reached.');
        return c.body(null, upstream.ok ? 200 : 502);
      },
    },
  ];
}
