import { ANALYTICS_COOKIE_MAX_AGE_S } from '@tentpole/domain';
import { readCookie, writeCookie } from '@/lib/cookies';

// spec §4: analytics consent is pending, denied or granted.
export type AnalyticsConsent = 'pending' | 'denied' | 'granted';

const CONSENT_COOKIE = 'tentpole_analytics_consent';
// spec §9: analytics cookies last 365 days.
const CONSENT_MAX_AGE_S = ANALYTICS_COOKIE_MAX_AGE_S;

export interface ConsentStore {
  get(): AnalyticsConsent;
  set(consent: Exclude<AnalyticsConsent, 'pending'>): void;
  subscribe(listener: () => void): () => void;
}

/** The visitor's answer, kept in a cookie; 'pending' until they give one. */
export function createCookieConsentStore(): ConsentStore {
  const listeners = new Set<() => void>();
  const saved = readCookie(CONSENT_COOKIE);
  let consent: AnalyticsConsent = saved === 'granted' || saved === 'denied' ? saved : 'pending';
  return {
    get: () => consent,
    set(next) {
      consent = next;
      writeCookie(CONSENT_COOKIE, next, CONSENT_MAX_AGE_S);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
