/** Error reporting (Sentry is the expected service); third-party instrumentation. */
export interface ErrorReporter {
  captureException(error: unknown, context?: Record<string, unknown>): void;
  setUser(user: { id: string; email: string } | null): void;
}

export const noopErrorReporter: ErrorReporter = {
  captureException: () => {},
  setUser: () => {},
};

// spec §7: error events go through a tunnel on the product's own origin.
export const MONITORING_TUNNEL_PATH = '/monitoring';

type SentryOptions = {
  dsn: string;
  environment: string;
  send?: typeof fetch;
};

function describe(error: unknown): { type: string; value: string; stack?: string } {
  if (error instanceof Error) return { type: error.name, value: error.message, stack: error.stack };
  return { type: 'Error', value: typeof error === 'string' ? error : JSON.stringify(error) };
}

/**
 * A small client that sends Sentry envelopes through the /monitoring tunnel, so the browser
 * only ever talks to our own origin; the server forwards them to the DSN's project.
 */
export function createSentryTunnelReporter({
  dsn,
  environment,
  send = (...args) => fetch(...args),
}: SentryOptions): ErrorReporter {
  let user: { id: string; email: string } | null = null;
  return {
    setUser(next) {
      user = next;
    },
    captureException(error, context = {}) {
      const eventId = crypto.randomUUID().replace(/-/g, '');
      const { type, value, stack } = describe(error);
      const now = new Date();
      const event = {
        event_id: eventId,
        timestamp: now.getTime() / 1000,
        platform: 'javascript',
        level: 'error',
        environment,
        request: { url: window.location.href },
        user: user ?? undefined,
        extra: { ...context, stack },
        exception: { values: [{ type, value }] },
      };
      const envelope = [
        JSON.stringify({ event_id: eventId, sent_at: now.toISOString(), dsn }),
        JSON.stringify({ type: 'event' }),
        JSON.stringify(event),
      ].join('\n');
      void send(MONITORING_TUNNEL_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-sentry-envelope' },
        body: envelope,
        keepalive: true,
      }).catch(() => {
        // Reporting an error must not raise another.
      });
    },
  };
}
