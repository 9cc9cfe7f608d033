import type { AnalyticsAdapter, AnalyticsIdentity } from './analytics-adapter';
import type { ConsentStore } from './analytics-consent';

/** What the app tells analytics; the adapter hears of it only with consent. */
export interface Analytics {
  identify(identity: AnalyticsIdentity): void;
  pageView(url: string): void;
}

/**
 * Holds analytics back until the visitor grants consent: nothing reaches the adapter while
 * consent is pending or denied. On being granted it identifies the current user and records
 * the page they are on; events from before that are not replayed.
 */
export function createConsentedAnalytics(
  adapter: AnalyticsAdapter,
  consent: ConsentStore,
): Analytics {
  let identity: AnalyticsIdentity | null = null;
  let currentUrl: string | null = null;
  let identifiedAs: string | null = null;
  const granted = () => consent.get() === 'granted';

  const identifyIfNeeded = () => {
    if (identity === null) return;
    const key = JSON.stringify(identity);
    if (key === identifiedAs) return;
    identifiedAs = key;
    adapter.identify(identity);
  };

  consent.subscribe(() => {
    if (granted()) {
      identifyIfNeeded();
      if (currentUrl !== null) adapter.capture('$pageview', { $current_url: currentUrl });
    } else {
      identifiedAs = null;
      adapter.reset();
    }
  });

  return {
    identify(next) {
      identity = next;
      if (granted()) identifyIfNeeded();
    },
    pageView(url) {
      currentUrl = url;
      if (granted()) adapter.capture('$pageview', { $current_url: url });
    },
  };
}
