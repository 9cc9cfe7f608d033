import { describe, expect, it, vi } from 'vitest';
import type { AnalyticsAdapter, AnalyticsIdentity } from './analytics-adapter';
import type { AnalyticsConsent, ConsentStore } from './analytics-consent';
import { createConsentedAnalytics } from './consented-analytics';
import { createInstrumentation } from './instrumentation';

function memoryConsent(initial: AnalyticsConsent): ConsentStore {
  let consent = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => consent,
    set(next) {
      consent = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function recordingAdapter() {
  return { identify: vi.fn(), capture: vi.fn(), reset: vi.fn() } satisfies AnalyticsAdapter;
}

const identity: AnalyticsIdentity = {
  userId: 'user-1',
  email: 'dana@bouncebros.example',
  name: 'Dana Rivera',
  accountId: 'acct-2',
  environment: 'test',
};

describe('analytics consent (spec §4: pending, denied, granted)', () => {
  it.each(['pending', 'denied'] as const)('sends nothing while consent is %s', (state) => {
    const adapter = recordingAdapter();
    const analytics = createConsentedAnalytics(adapter, memoryConsent(state));

    analytics.identify(identity);
    analytics.pageView('http://localhost/customers');

    expect(adapter.identify).not.toHaveBeenCalled();
    expect(adapter.capture).not.toHaveBeenCalled();
  });

  it('identifies with email, name, accountId and environment and records page views once granted', () => {
    const adapter = recordingAdapter();
    const analytics = createConsentedAnalytics(adapter, memoryConsent('granted'));

    analytics.identify(identity);
    analytics.pageView('http://localhost/customers');

    expect(adapter.identify).toHaveBeenCalledWith(identity);
    expect(adapter.capture).toHaveBeenCalledWith('$pageview', {
      $current_url: 'http://localhost/customers',
    });
  });

  it('on being granted, identifies the user and records the current page, not the earlier ones', () => {
    const adapter = recordingAdapter();
    const consent = memoryConsent('pending');
    const analytics = createConsentedAnalytics(adapter, consent);
    analytics.identify(identity);
    analytics.pageView('http://localhost/');
    analytics.pageView('http://localhost/orders');

    consent.set('granted');

    expect(adapter.identify).toHaveBeenCalledOnce();
    expect(adapter.capture).toHaveBeenCalledOnce();
    expect(adapter.capture).toHaveBeenCalledWith('$pageview', {
      $current_url: 'http://localhost/orders',
    });
  });

  it('stops sending and forgets the user when consent is withdrawn', () => {
    const adapter = recordingAdapter();
    const consent = memoryConsent('granted');
    const analytics = createConsentedAnalytics(adapter, consent);
    analytics.identify(identity);

    consent.set('denied');
    analytics.pageView('http://localhost/orders');

    expect(adapter.reset).toHaveBeenCalledOnce();
    expect(adapter.capture).not.toHaveBeenCalled();
  });
});

describe('instrumentation configuration', () => {
  it('makes no network call at all when nothing is configured, even with consent', () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const instrumentation = createInstrumentation(
      { environment: 'test' },
      { consent: memoryConsent('granted') },
    );

    instrumentation.analytics.identify(identity);
    instrumentation.analytics.pageView('http://localhost/');
    instrumentation.errors.captureException(new Error('boom'));

    expect(instrumentation.analyticsConfigured).toBe(false);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends PostHog events only after consent is granted', async () => {
    const fetchSpy = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetchSpy);
    const consent = memoryConsent('pending');
    const instrumentation = createInstrumentation(
      { environment: 'test', posthogKey: 'phc_test', posthogHost: 'https://ph.example' },
      { consent },
    );

    instrumentation.analytics.identify(identity);
    instrumentation.analytics.pageView('http://localhost/');
    expect(fetchSpy).not.toHaveBeenCalled();

    consent.set('granted');
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://ph.example/i/v0/e/');
    expect(JSON.parse(String(init.body))).toMatchObject({
      api_key: 'phc_test',
      event: '$identify',
      distinct_id: 'user-1',
      properties: {
        $set: {
          email: 'dana@bouncebros.example',
          name: 'Dana Rivera',
          accountId: 'acct-2',
          environment: 'test',
        },
      },
    });
  });
});
