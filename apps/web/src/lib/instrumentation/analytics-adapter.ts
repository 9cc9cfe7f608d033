/** spec §7: analytics identify carries email, name, accountId and environment. */
export type AnalyticsIdentity = {
  userId: string;
  email: string;
  name: string;
  accountId: string;
  environment: string;
};

/** A product-analytics service (PostHog is the expected one); third-party instrumentation. */
export interface AnalyticsAdapter {
  identify(identity: AnalyticsIdentity): void;
  capture(event: string, properties?: Record<string, unknown>): void;
  /** Forgets the identified user (consent withdrawn, signed out). */
  reset(): void;
}

export const noopAnalytics: AnalyticsAdapter = {
  identify: () => {},
  capture: () => {},
  reset: () => {},
};

type PostHogOptions = {
  apiKey: string;
  /** PostHog's ingestion host, e.g. https://us.i.posthog.com. */
  host: string;
  send?: typeof fetch;
};

/**
 * A small client for PostHog's capture API, in place of the full SDK. It sends an event per
 * call; the distinct id is the signed-in user once identified, a random one before.
 */
export function createPostHogAnalytics({
  apiKey,
  host,
  send = (...args) => fetch(...args),
}: PostHogOptions): AnalyticsAdapter {
  let distinctId: string = crypto.randomUUID();
  const post = (event: string, properties: Record<string, unknown>) => {
    void send(`${host.replace(/\/$/, '')}/i/v0/e/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        api_key: apiKey,
        event,
        distinct_id: distinctId,
        properties,
        timestamp: new Date().toISOString(),
      }),
      keepalive: true,
    }).catch(() => {
      // Analytics never gets in the user's way.
    });
  };
  return {
    identify({ userId, ...traits }) {
      const anonymousId = distinctId;
      distinctId = userId;
      post('$identify', { $anon_distinct_id: anonymousId, $set: traits });
    },
    capture(event, properties = {}) {
      post(event, properties);
    },
    reset() {
      distinctId = crypto.randomUUID();
    },
  };
}
